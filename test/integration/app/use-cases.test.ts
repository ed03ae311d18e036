// Rules that live in one use case (electron/app/) hold at every door. A profile whose answer is
// still in the outbox is not removed, from the window (IPC) or from `dispute-desk profile
// remove`: the database would delete the queued answer with the profile. And the window's Send
// archives the draft in the transaction that queues the job: a draft that cannot be archived
// queues nothing (the merchant is told it failed, and no answer goes behind their back).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createIpcRouter, type IpcRouter } from '../../../electron/ipc/router.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { appOrigin } from '../../../electron/platform/security.ts';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { runCli } from '../cli/support.ts';

let sb: Sandbox;
let dir: string;

const vault = () =>
  createKeyVault({
    keytarLoader: async () => {
      throw new Error('no keychain in this test');
    },
  });

before(async () => {
  sb = await startSandbox({ seed: 25, chargebacks: 0, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  dir = mkdtempSync(join(tmpdir(), 'dd-app-use-cases-'));
});
after(async () => {
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The desktop app's services on `home`, with the window's router in front of them. */
async function desktop(home: string): Promise<{ services: AppServices; router: IpcRouter }> {
  const services = await createAppServices({
    home,
    events: createEventHub(ipcEvents),
    vault: vault(),
    platform: {
      dialogs: createScriptedDialogs().dialogs,
      shell: { openPath: async () => undefined, openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });
  const router = createIpcRouter({
    contract: ipcContract,
    handlers: createHandlers(services),
    trustedOrigins: [appOrigin],
  });
  return { services, router };
}

type Answer<T> = { ok: boolean; value: T; error?: { message: string; fields?: Array<{ field?: string }> } };
function fromWindow<T = unknown>(router: IpcRouter, channel: string, payload: unknown): Promise<Answer<T>> {
  const from = { url: `${appOrigin}/index.html`, isMainFrame: true };
  return router.invoke(channel, from, payload) as Promise<Answer<T>>;
}

const shop = (id: string): Profile => ({ ...profileDefaults, id, name: `Shop ${id}`, deployment: 'core', url: sb.url });

/** A data folder with one profile and one answer queued for it, not yet sent. */
async function homeWithQueuedAnswer(name: string, profile: Profile): Promise<{ home: string; jobId: string }> {
  const home = join(dir, name);
  const h = openHeadless({ home, notifier: createRecordingNotifier(), vault: vault() });
  try {
    h.store.profiles.save(profile);
    const { id } = await createSandboxAdmin(sb.url, sb.adminToken).createChargeback();
    const job = await h.outbox.submit({
      profileId: profile.id,
      chargebackId: id,
      messageType: 'respond',
      note: 'Delivered, signed for.',
      documents: [],
    });
    return { home, jobId: job.id };
  } finally {
    h.close();
  }
}

/** The profiles and outbox jobs a data folder holds, read afresh. */
function held(home: string): { profiles: string[]; jobs: string[] } {
  const h = openHeadless({ home, notifier: createRecordingNotifier(), vault: vault() });
  try {
    return { profiles: h.store.profiles.list().map((p) => p.id), jobs: h.outbox.list().map((j) => j.id) };
  } finally {
    h.close();
  }
}

const stillQueued =
  'An answer of this profile is still in the outbox. Let it finish, or cancel or dismiss it, before removing the profile.';

test('`dispute-desk profile remove` refuses a profile with a queued answer, and removes nothing', async () => {
  const profile = shop('prof_cli');
  const { home, jobId } = await homeWithQueuedAnswer('cli', profile);
  const run = await runCli(['profile', 'remove', profile.name, '--home', home], { env: { ...process.env } });
  assert.equal(run.stderr.trim(), `dispute-desk: ${stillQueued}`);
  assert.equal(run.status, 1);
  assert.deepEqual(held(home), { profiles: [profile.id], jobs: [jobId] }, 'the profile and its queued answer are kept');
  assert.ok(existsSync(join(home, 'outbox', jobId)), "the job's folder is kept");

  // Once the answer is dealt with, the same command removes the profile.
  const h = openHeadless({ home, notifier: createRecordingNotifier(), vault: vault() });
  await h.outbox.cancel(jobId);
  h.close();
  const again = await runCli(['profile', 'remove', profile.name, '--home', home], { env: { ...process.env } });
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(held(home).profiles, []);
});

test('the window refuses to remove a profile with a queued answer in the same words', async () => {
  const profile = shop('prof_window');
  const { home, jobId } = await homeWithQueuedAnswer('window', profile);
  const { services, router } = await desktop(home);
  try {
    const removed = await fromWindow(router, 'removeProfile', { profileId: profile.id });
    assert.deepEqual([removed.ok, removed.error?.message], [false, stillQueued]);
    assert.deepEqual(
      services.outbox.list().map((j) => j.id),
      [jobId],
    );
    assert.ok(services.store.profiles.get(profile.id), 'the profile is kept');
  } finally {
    await services.close();
  }
});

test("the window's Send: a draft that cannot be archived queues nothing; one that can goes with its job", async () => {
  const home = join(dir, 'send');
  mkdirSync(home, { recursive: true });
  const { services, router } = await desktop(home);
  try {
    const profile = shop('prof_send');
    services.store.profiles.save(profile);
    await services.vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
    // Held back, so a queued job stays queued while it is looked at.
    await services.outbox.stop();
    const answerWithDraft = async (): Promise<{ id: string; sent: Answer<{ id: string }> }> => {
      const { id } = await createSandboxAdmin(sb.url, sb.adminToken).createChargeback();
      await services.sync.syncChargeback(profile.id, id);
      const folder = join(dir, `receipt-${id}`);
      mkdirSync(folder);
      await scanJpeg(join(folder, `receipt ${id}.jpg`), { width: 700, height: 900 });
      const [imported] = await services.evidence.importPaths([folder]);
      assert.ok(imported?.ok);
      const draft: EvidenceDraft = {
        items: [imported.item],
        arrangement: { pages: [{ itemId: imported.item.id, page: 0, rotation: 0 }] },
        preset: profile.preset,
        pageSize: profile.pageSize,
        rebuttal: 'Delivered on 3 March and signed for.',
      };
      const saved = await fromWindow(router, 'saveDraft', { profileId: profile.id, chargebackId: id, draft });
      assert.ok(saved.ok, saved.error?.message);
      const sent = await fromWindow<{ id: string }>(router, 'submitResponse', {
        profileId: profile.id,
        chargebackId: id,
        messageType: 'respond',
        confirmed: true,
        evidence: {
          arrangement: draft.arrangement,
          settings: settingsOfDraft(draft, profile.limits),
          rebuttal: draft.rebuttal,
        },
      });
      return { id, sent };
    };

    // The archive fails (as a full disk or a locked table would make it fail).
    services.store.database.db.exec(
      "CREATE TRIGGER refuse_archive BEFORE INSERT ON sent_drafts BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
    );
    const refused = await answerWithDraft();
    assert.equal(refused.sent.ok, false, 'the window is told the answer was not queued');
    assert.deepEqual(services.outbox.list(), [], 'nothing queued: no answer goes behind the merchant');
    assert.ok(services.store.drafts.get(profile.id, refused.id)?.items.length, 'the draft is still there to send');
    const outbox = join(home, 'outbox');
    assert.deepEqual(existsSync(outbox) ? readdirSync(outbox) : [], [], 'no job or staging folder left');

    services.store.database.db.exec('DROP TRIGGER refuse_archive');
    const queued = await answerWithDraft();
    assert.ok(queued.sent.ok, queued.sent.error?.message);
    assert.deepEqual(
      services.outbox.list().map((j) => j.id),
      [queued.sent.value.id],
    );
    assert.deepEqual(
      services.store.drafts.sent(profile.id, queued.id).map((d) => d.jobId),
      [queued.sent.value.id],
      'the draft is archived with the job it built',
    );
  } finally {
    await services.close();
  }
});

test('a draft belongs to a chargeback the store holds: one for another is refused and not saved', async () => {
  const home = join(dir, 'drafts');
  mkdirSync(home, { recursive: true });
  const { services, router } = await desktop(home);
  try {
    const profile = shop('prof_drafts');
    services.store.profiles.save(profile);
    const draft: EvidenceDraft = {
      items: [],
      arrangement: { pages: [] },
      preset: profile.preset,
      pageSize: profile.pageSize,
      rebuttal: 'Delivered.',
    };
    const words = 'This chargeback is not in the local store; sync and try again.';
    for (const [channel, payload] of [
      ['saveDraft', { profileId: profile.id, chargebackId: 't1_chb_unknown', draft }],
      ['getDraft', { profileId: profile.id, chargebackId: 't1_chb_unknown' }],
      ['saveDraft', { profileId: 'prof_gone', chargebackId: 't1_chb_unknown', draft }],
    ] as const) {
      const r = await fromWindow(router, channel, payload);
      assert.deepEqual([r.ok, r.error?.message], [false, words], channel);
    }
    assert.equal(services.store.drafts.get(profile.id, 't1_chb_unknown'), undefined, 'nothing saved');
  } finally {
    await services.close();
  }
});

test('a receiver port of 0 is refused by main as by the window, and the saved settings stay', async () => {
  const home = join(dir, 'port');
  mkdirSync(home, { recursive: true });
  const { services, router } = await desktop(home);
  try {
    const receiver = { enabled: false, bindAddress: '127.0.0.1', port: 8787, secret: 's'.repeat(32) };
    const profile = { ...shop('prof_port'), alertReceiver: receiver };
    services.store.profiles.save(profile);
    const r = await fromWindow(router, 'updateProfile', {
      profile: { ...profile, alertReceiver: { ...receiver, enabled: true, port: 0 } },
    });
    // Refused at the door, by the contract's schema: the same editedProfileSchema the form asks.
    assert.deepEqual(
      [r.ok, r.error?.message],
      [false, 'The request "updateProfile" had values Dispute Desk cannot use.'],
    );
    assert.deepEqual(services.store.profiles.get(profile.id)?.alertReceiver, receiver, 'nothing saved');
  } finally {
    await services.close();
  }
});

test(
  'an answer is read and judged once per step: the window answers a chargeback opened since the last sync ' +
    'from what the service holds, and a note the service would refuse is refused at every door, nothing queued',
  async () => {
    const home = join(dir, 'one-pass');
    mkdirSync(home, { recursive: true });
    const { services, router } = await desktop(home);
    try {
      const profile = shop('prof_one_pass');
      services.store.profiles.save(profile);
      await services.vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
      await services.outbox.stop();
      const { id } = await createSandboxAdmin(sb.url, sb.adminToken).createChargeback();
      assert.equal(services.store.portfolio.getChargeback(profile.id, id), undefined, 'not synced here yet');
      const answer = { profileId: profile.id, chargebackId: id, messageType: 'respond' as const, confirmed: true };

      const long = await fromWindow(router, 'submitResponse', { ...answer, note: 'x'.repeat(5001) });
      assert.equal(long.ok, false);
      assert.deepEqual(
        long.error?.fields?.map((f) => f.field),
        ['note'],
        'refused at the door, for its note',
      );
      // A door that reaches the outbox without a parsed request still meets the rule.
      const direct = await services.outbox.queue({ ...answer, note: 'x'.repeat(5001), documents: [] });
      assert.equal(direct.ok, false);
      assert.match(
        direct.ok ? '' : direct.error.message,
        /^The note is 5,001 characters long; the service takes at most 5,000\. Shorten it\. Nothing was queued\.$/,
      );
      assert.deepEqual(services.outbox.list(), [], 'nothing was queued');

      const sent = await fromWindow<{ id: string }>(router, 'submitResponse', {
        ...answer,
        note: 'Delivered on 3 March and signed for.',
      });
      assert.ok(sent.ok, sent.error?.message);
      assert.ok(services.store.portfolio.getChargeback(profile.id, id), 'read from the service before judging it');
      assert.deepEqual(
        services.outbox.list().map((j) => j.id),
        [sent.value.id],
      );
    } finally {
      await services.close();
    }
  },
);
