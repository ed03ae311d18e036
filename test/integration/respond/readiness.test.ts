// The answering use case as the window's submitResponse and batch reach it: the readiness rule is
// asked after the chargeback, its messages and documents are read again from the service, so a
// chargeback decided or answered elsewhere since the last sync is refused with the true reason,
// and nothing is queued.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin, type SandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createResponder, windowWording } from '../../../electron/app/answer/answer.ts';
import { refreshForAnswer } from '../../../electron/outbox/answers.ts';

let f: Awaited<ReturnType<typeof syncFixture>>;
let admin: SandboxAdmin;

before(async () => {
  f = await syncFixture({ seed: 67, chargebacks: 0, faultRate: 0 });
  admin = createSandboxAdmin(f.sb.url, f.sb.adminToken);
});
after(() => f.close());

async function synced(fields: Record<string, unknown> = {}): Promise<string> {
  const { id } = await admin.createChargeback(fields);
  await f.h.sync.syncChargeback(f.profile.id, id);
  return id;
}
const jobsOf = (chargebackId: string) => f.h.outbox.list().filter((j) => j.chargebackId === chargebackId);
const ask = (chargebackId: string, more: Record<string, unknown> = {}) =>
  f.h.respond.answer(
    { profileId: f.profile.id, chargebackId, messageType: 'respond', confirmed: true, ...more },
    windowWording,
  );

test('lost or closed since the last sync: refused as decided, never queued to fail later', async () => {
  for (const outcome of ['lost', 'closed'] as const) {
    const id = await synced();
    await admin.decide(id, outcome);
    const r = await ask(id, { note: 'Delivered.', sendLate: true, unusual: true, anotherAnswer: true });
    assert.equal(r.ok, false, outcome);
    if (r.ok) continue;
    assert.equal(r.error.kind, 'not-open');
    assert.match(r.error.message, new RegExp(`This chargeback is ${outcome}: .*Nothing was queued\\.`));
    assert.deepEqual(jobsOf(id), [], 'nothing was queued');
  }
});

test('an empty answer from the window is refused; typed evidence facts are something to send', async () => {
  const id = await synced();
  const empty = await ask(id, { evidence: { arrangement: { pages: [] }, rebuttal: '' } });
  assert.equal(empty.ok, false);
  if (!empty.ok) assert.match(empty.error.message, /Respond with evidence has nothing in it/);
  assert.deepEqual(jobsOf(id), []);
  // Blank typed fields are still nothing.
  const blank = await ask(id, {
    evidence: { arrangement: { pages: [] }, slots: { tracking: { fields: { carrier: ' ' }, files: [] } } },
  });
  assert.equal(blank.ok, false);
  assert.deepEqual(jobsOf(id), []);
  // Typed facts with no file go: they are built into the packet (its cover letter).
  const typed = await ask(id, {
    evidence: {
      arrangement: { pages: [] },
      slots: { tracking: { fields: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }, files: [] } },
    },
  });
  assert.equal(typed.ok, true, typed.ok ? '' : typed.error.message);
  if (typed.ok) assert.equal(typed.value.job.steps.filter((s) => s.kind === 'document').length, 1);
});

test('unusual and late answers say how the window gives its yes, and go with it', async () => {
  const id = await synced({ reply: 20200101 });
  const late = await ask(id, { note: 'Delivered.' });
  assert.equal(late.ok, false);
  if (!late.ok) {
    assert.equal(late.error.kind, 'deadline-passed');
    assert.match(late.error.message, /has passed: the processor will likely refuse.*confirm sending it late/);
  }
  const unusual = await ask(id, { note: 'Delivered.', sendLate: true, messageType: 'requestArbitration' });
  assert.equal(unusual.ok, false);
  if (!unusual.ok) assert.match(unusual.error.message, /usually takes.*confirm that you mean it/);
  assert.deepEqual(jobsOf(id), [], 'nothing was queued');
  const sent = await ask(id, { note: 'Delivered.', sendLate: true });
  assert.equal(sent.ok, true);
  if (sent.ok) {
    assert.equal(sent.value.job.sendLate, true);
    assert.ok(!sent.value.warnings.some((w) => /unusual/.test(w)));
  }
});

test('before an answer is checked, the chargeback, its messages and its documents are read from the service', async () => {
  const id = await synced();
  const client = await f.h.clientFor(f.profile);
  // Answered from another computer since the last sync here: a message and a document record.
  await client.sendMessage(
    { chargeback: id, type: 'respond', note: 'From the other computer.' },
    { requestToken: 'elsewhere-1' },
  );
  const file = join(f.home, 'elsewhere.pdf');
  writeFileSync(file, '%PDF-1.4\n%%EOF\n');
  await client.createDocumentRecord(
    id,
    { name: 'elsewhere.pdf', documentType: 'pdf' },
    { requestToken: 'elsewhere-2' },
  );
  assert.equal(f.h.store.portfolio.detail(f.profile.id, id)?.messages.length, 0, 'not synced here yet');
  const r = await ask(id, { note: 'A second answer by mistake.' });
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.error.message, /already has an answer at this stage: .*From the other computer/);
  assert.deepEqual(jobsOf(id), [], 'nothing was queued');
  const detail = f.h.store.portfolio.detail(f.profile.id, id)!;
  assert.equal(detail.messages.length, 1, 'the message was brought in');
  assert.deepEqual(
    detail.documents.map((d) => d.name),
    ['elsewhere.pdf'],
    'the document was brought in',
  );
  // Without the service, the check says it used what was last synced.
  const offline = await refreshForAnswer(
    { syncChargeback: async () => Promise.reject(new Error('offline')) },
    f.profile.id,
    id,
  );
  assert.match(offline ?? '', /checked against what was last synced/);
});

test('a responder without the service (batch) still refuses what the store knows', async () => {
  const id = await synced();
  await admin.decide(id, 'won');
  await f.h.sync.syncChargeback(f.profile.id, id);
  const batch = createResponder({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox });
  const r = await batch.answer(
    { profileId: f.profile.id, chargebackId: id, messageType: 'respond', confirmed: true, note: 'x' },
    windowWording,
  );
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.error.message, /is won: the issuer has decided it/);
  assert.deepEqual(jobsOf(id), []);
});

test('the outbox itself refuses what the rule refuses when the job is written, whoever skipped the question', async () => {
  const decided = await synced();
  await admin.decide(decided, 'lost');
  await f.h.sync.syncChargeback(f.profile.id, decided);
  const late = await synced({ reply: 20200101 });
  const fine = await synced();
  const base = { profileId: f.profile.id, messageType: 'respond' as const, documents: [] };
  await assert.rejects(f.h.outbox.submit({ ...base, chargebackId: fine }), /has nothing in it/);
  await assert.rejects(
    f.h.outbox.submit({ ...base, chargebackId: decided, note: 'x', sendLate: true, unusual: true }),
    /This chargeback is lost/,
  );
  await assert.rejects(f.h.outbox.submit({ ...base, chargebackId: late, note: 'x' }), /reply date .* has passed/);
  await assert.rejects(
    f.h.outbox.submit({ ...base, chargebackId: fine, note: 'x', messageType: 'requestArbitration' }),
    /usually takes/,
  );
  assert.deepEqual([...jobsOf(fine), ...jobsOf(decided), ...jobsOf(late)], [], 'nothing was written');
  const sent = await f.h.outbox.submit({ ...base, chargebackId: late, note: 'x', sendLate: true });
  assert.equal(f.h.outbox.get(sent.id)?.sendLate, true, 'the yes is kept with the job, for its preflight');
});
