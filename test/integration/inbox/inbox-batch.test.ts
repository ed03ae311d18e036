// The inbox's batch actions and saved filters through their IPC handlers, on the real services
// (issue 15): the keys of a view, "Accept liability" for a selection reviewed (what each concedes,
// what is skipped and why) and queued only as confirmed through the answering use case's guards,
// once; batch upload matching files only to the chargebacks chosen in the inbox.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcEvents } from '../../../shared/ipc/contract.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { createBatchService } from '../../../electron/app/batch/batch-service.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { addDays, easternToday, ymdToInt } from '../../../shared/domain/dates.ts';
import { isAppError } from '../../../shared/errors.ts';
import { sendByOf } from '../../../shared/domain/send-by.ts';
import type { ImportOutcome } from '../../../shared/evidence/items.ts';
import { openChargeback } from '../../support/chargeback-records.ts';

let home: string;
let s: AppServices;
let h: ReturnType<typeof createHandlers>;
const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:9' };
const today = easternToday(new Date());
const inDays = (n: number): number => ymdToInt(addDays(today, n));

const cb = (id: string, fields: Record<string, unknown> = {}) => openChargeback(id, { reply: inDays(10), ...fields });

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'dd-inbox-batch-'));
  s = await createAppServices({
    home,
    events: createEventHub(ipcEvents),
    vault: createKeyVault({
      keytarLoader: async () => {
        throw new Error('no keychain in this test');
      },
    }),
    platform: {
      dialogs: createScriptedDialogs().dialogs,
      shell: { openPath: async () => undefined, openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });
  // Queued answers stay queued: this test looks at what is queued, not at sending it.
  await s.outbox.stop();
  h = createHandlers(s);
  s.store.profiles.save(profile);
  s.store.portfolio.upsertChargebacks('p1', [
    cb('usd1', { total: 1000 }),
    cb('usd2', { total: 2550, reply: inDays(2) }),
    cb('eur1', { total: 3000, currency: 'EUR', cycle: 'preArbitration' }),
    cb('retr1', { cycle: 'retrieval' }),
    cb('late1', { reply: inDays(-2) }),
    cb('closed1', { status: 'closed', cycle: 'first' }),
    cb('lost1', { status: 'lost', cycle: 'first' }),
    cb('noapi1', { actionable: 0 }),
  ]);
});
after(async () => {
  await s.close();
  rmSync(home, { recursive: true, force: true });
});

async function refusal(p: Promise<unknown>, kind: string, message: RegExp): Promise<void> {
  await assert.rejects(p, (e) => isAppError(e) && e.kind === kind && message.test(e.message));
}

test("the view's keys: every listed row with its section and amount, folded sections left out", async () => {
  const all = await h.listInboxKeys({ profileId: 'p1', collapsed: [] });
  const byId = new Map(all.map((k) => [k.id, k]));
  assert.equal(all.length, 8);
  assert.deepEqual(byId.get('eur1'), {
    id: 'eur1',
    section: 'answer-now',
    total: 3000,
    currency: 'EUR',
    answerable: true,
  });
  assert.equal(byId.get('late1')!.section, 'past-deadline');
  assert.equal(byId.get('late1')!.answerable, false);
  assert.equal(byId.get('closed1')!.section, 'decided');
  assert.equal(byId.get('noapi1')!.answerable, false);
  const folded = await h.listInboxKeys({ profileId: 'p1', collapsed: ['past-deadline', 'decided'] });
  assert.deepEqual(folded.map((k) => k.id).sort(), ['eur1', 'noapi1', 'retr1', 'usd1', 'usd2']);
  const searched = await h.listInboxKeys({ profileId: 'p1', search: 'usd2' });
  assert.deepEqual(
    searched.map((k) => k.id),
    ['usd2'],
  );
});

test('accept liability: reviewed, skipped with reasons, queued as confirmed and only once', async () => {
  const ids = ['usd1', 'usd2', 'eur1', 'retr1', 'late1', 'closed1', 'lost1', 'noapi1', 'gone1'];
  const review = await h.reviewLiability({ profileId: 'p1', chargebackIds: ids });
  assert.deepEqual(review.take, [
    { chargebackId: 'usd1', amount: 1000, currency: 'USD' },
    { chargebackId: 'usd2', amount: 2550, currency: 'USD' },
    { chargebackId: 'eur1', amount: 3000, currency: 'EUR' },
  ]);
  assert.deepEqual(review.totals, [
    { currency: 'USD', total: 3550 },
    { currency: 'EUR', total: 3000 },
  ]);
  const why = new Map(review.skipped.map((x) => [x.chargebackId, x.reason]));
  assert.match(why.get('retr1')!, /"Accept liability" is not an answer this stage \(Retrieval.*usually takes/);
  assert.match(why.get('late1')!, /reply date .* has passed/);
  assert.match(why.get('closed1')!, /This chargeback is closed: the processor accepts no more responses/);
  assert.match(why.get('lost1')!, /This chargeback is lost: the issuer has decided it/);
  assert.match(why.get('noapi1')!, /cannot be answered through the API/);
  assert.match(why.get('gone1')!, /not in the local store/);
  assert.equal(s.outbox.list().length, 0, 'a review queues nothing');

  // The merchant's confirmation is the list: an amount that changed since, and a row that cannot
  // take the answer, are refused; the rest queued with the full disputed amount.
  const confirmed = [
    ...review.take.slice(0, 2),
    { chargebackId: 'eur1', amount: 2999, currency: 'EUR' },
    { chargebackId: 'late1', amount: 4999, currency: 'USD' },
  ];
  // Two clicks at once: each chargeback is queued once. Either click may reach a chargeback first
  // (on a busy machine the second often does), so each is judged across both results.
  const both = await Promise.all([
    h.acceptLiability({ profileId: 'p1', confirmed }),
    h.acceptLiability({ profileId: 'p1', confirmed }),
  ]);
  const results = (id: string) => both.map((r) => r.find((x) => x.chargebackId === id)!);
  for (const r of both)
    assert.deepEqual(
      r.map((x) => x.chargebackId),
      ['usd1', 'usd2', 'eur1', 'late1'],
    );
  for (const id of ['usd1', 'usd2']) {
    const outcomes = results(id)
      .map((x) => x.outcome)
      .sort();
    assert.deepEqual(outcomes, ['queued', 'refused'], `${id} queued by exactly one click`);
    const refused = results(id).find((x) => x.outcome === 'refused')!;
    assert.match(refused.reason!, /already has an answer at this stage.*Nothing was queued/);
  }
  for (const id of ['eur1', 'late1']) {
    assert.deepEqual(
      results(id).map((x) => x.outcome),
      ['refused', 'refused'],
    );
  }
  const [eur1] = results('eur1');
  const [late1] = results('late1');
  assert.match(eur1!.reason!, /disputed amount is now €30\.00, not the €29\.99 you confirmed/);
  assert.match(eur1!.reason!, /Nothing was queued for it/);
  assert.match(late1!.reason!, /has passed.*Nothing was queued for it/);
  const jobs = s.outbox.list();
  assert.deepEqual(jobs.map((j) => [j.chargebackId, j.messageType, j.amount, j.currency, j.steps.length]).sort(), [
    ['usd1', 'acceptLiability', 1000, 'USD', 1],
    ['usd2', 'acceptLiability', 2550, 'USD', 1],
  ]);
  const usd1Queued = results('usd1').find((x) => x.outcome === 'queued')!;
  assert.equal(usd1Queued.jobId, jobs.find((j) => j.chargebackId === 'usd1')!.id);

  // Answered now: a new review skips them.
  const again = await h.reviewLiability({ profileId: 'p1', chargebackIds: ['usd1', 'usd2'] });
  assert.deepEqual(again.take, []);
  assert.equal(again.skipped.length, 2);
});

test('an answer still in the outbox keeps its chargeback in "Answer now", saying so, and out of a new batch', async () => {
  // After the test above: usd1 and usd2 have an answer queued (the outbox is stopped, nothing sent).
  const page = await h.listInbox({ profileId: 'p1', offset: 0, limit: 100 });
  const usd1 = page.rows.find((r) => r.id === 'usd1')!;
  assert.equal(usd1.section, 'answer-now', 'not "Sent, awaiting the issuer" before it is sent');
  assert.equal(usd1.answer.stage, 'queued');
  assert.deepEqual(usd1.delivery, { state: 'queued', reason: null, nextAttemptAt: null, partlySent: false });
  assert.equal(usd1.sendBy, sendByOf(usd1.reply, 5), "the test deployment's 5 business days");
  assert.equal(page.sections.find((x) => x.section === 'awaiting-issuer')!.count, 1, 'noapi1 only');
  assert.equal(page.mainCurrency, 'USD', 'the most common currency of the portfolio');
  const keys = new Map((await h.listInboxKeys({ profileId: 'p1', collapsed: [] })).map((k) => [k.id, k]));
  assert.deepEqual(
    ['usd1', 'usd2', 'eur1'].map((id) => [keys.get(id)!.section, keys.get(id)!.answerable]),
    [
      ['answer-now', false],
      ['answer-now', false],
      ['answer-now', true],
    ],
  );
  // Nothing without an answer in the outbox says it has one.
  assert.equal(page.rows.find((r) => r.id === 'eur1')!.delivery, null);
});

test('saved filter handlers: per profile, refusals in words, a removed profile refused', async () => {
  const saved = await h.saveFilter({
    profileId: 'p1',
    name: 'Due soon USD',
    view: { search: 'usd', sort: 'deadline' },
  });
  await refusal(
    h.saveFilter({ profileId: 'p1', name: 'due soon usd', view: { status: 'open' } }),
    'conflict',
    /already called/,
  );
  await refusal(
    h.saveFilter({ profileId: 'p1', name: 'Sorted', view: { sort: 'amount' } }),
    'validation',
    /Nothing is filtered/,
  );
  await refusal(h.saveFilter({ profileId: 'nobody', name: 'x', view: { status: 'open' } }), 'not-found', /profile/);
  assert.deepEqual(await h.listSavedFilters({ profileId: 'p1' }), [saved]);
  assert.equal((await h.renameFilter({ profileId: 'p1', id: saved.id, name: 'USD' })).name, 'USD');
  assert.deepEqual(await h.deleteFilter({ profileId: 'p1', id: saved.id }), { deleted: true });
  assert.deepEqual(await h.listSavedFilters({ profileId: 'p1' }), []);
});

test('batch upload for the chargebacks chosen in the inbox matches files to those only', async () => {
  const batch = createBatchService({ store: s.store, evidence: s.evidence, outbox: s.outbox });
  const item = (name: string, n: number): ImportOutcome => ({
    ok: true,
    duplicate: false,
    item: { id: String(n).repeat(64), name, kind: 'png', pages: 1, bytes: 10, importedAt: 0 },
  });
  const outcomes = [item('usd1 receipt.png', 1), item('eur1 receipt.png', 2)];
  const all = await batch.planImported(profile, outcomes);
  assert.deepEqual(
    all.files.map((f) => f.match.status),
    ['matched', 'matched'],
  );
  const chosen = await batch.planImported(profile, outcomes, { only: ['usd1'] });
  assert.deepEqual(
    chosen.files.map((f) => [f.name, f.match.status]),
    [
      ['usd1 receipt.png', 'matched'],
      ['eur1 receipt.png', 'unmatched'],
    ],
  );
});
