// One use case answers for the window (IPC), `dispute-desk respond` and batch, so an answer that
// may not go is refused by each in the same words, as a value (the window gets an error result,
// the CLI exits 1 with the reason, batch reports the packet failed), with nothing queued and
// nothing written: no job, no job or staging folder in the outbox, and for a refused message type
// not even the evidence imported. On the micro-service a closing message carries no documents;
// a profile allowing one page refuses a one-page packet with its cover letter. And through the
// window's own channels, a packet previewed and sent unchanged is queued as it was built.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createIpcRouter, type IpcRouter } from '../../../electron/ipc/router.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { appOrigin } from '../../../electron/platform/security.ts';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { evidenceRefusal } from '../../../shared/domain/message-type-rules.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { runCli } from '../cli/support.ts';

let sb: Sandbox;
let dir: string;
let home: string;
let services: AppServices;
let router: IpcRouter;
const micro: Profile = { ...profileDefaults, id: 'prof_micro', name: 'Shop', deployment: 'microservice', url: '' };
const onePage: Profile = {
  ...micro,
  id: 'prof_one_page',
  name: 'One page',
  limits: { ...profileDefaults.limits, maxPages: 1 },
};

before(async () => {
  sb = await startSandbox({
    seed: 71,
    chargebacks: 0,
    decisionDelayMs: null,
    rateLimit: { max: 1_000_000 },
    dialect: 'microservice',
  });
  dir = mkdtempSync(join(tmpdir(), 'dd-respond-adapters-'));
  home = join(dir, 'home');
  const vault = createKeyVault({
    keytarLoader: async () => {
      throw new Error('no keychain in this test');
    },
  });
  services = await createAppServices({
    home,
    events: createEventHub(ipcEvents),
    vault,
    platform: {
      dialogs: createScriptedDialogs().dialogs,
      shell: { openPath: async () => undefined, openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });
  for (const p of [micro, onePage]) {
    services.store.profiles.save({ ...p, url: sb.url });
    await vault.setKey(p.id, sb.apiKey, { sessionOnly: true });
  }
  router = createIpcRouter({ contract: ipcContract, handlers: createHandlers(services), trustedOrigins: [appOrigin] });
});
after(async () => {
  await services.close();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A chargeback of its own, in the store of `profile`. */
async function chargeback(profile: Profile): Promise<string> {
  const { id } = await createSandboxAdmin(sb.url, sb.adminToken).createChargeback();
  await services.sync.syncChargeback(profile.id, id);
  return id;
}

/** A one-page receipt in a folder of its own, named for the chargeback (so batch matches it). */
async function receipt(chargebackId: string): Promise<string> {
  const folder = join(dir, `receipts-${chargebackId}`);
  mkdirSync(folder);
  await scanJpeg(join(folder, `receipt ${chargebackId}.jpg`), { width: 700, height: 900 });
  return folder;
}

const cli = (args: string[]) =>
  runCli([...args, '--home', home], { env: { ...process.env, DISPUTE_DESK_API_KEY: sb.apiKey } });

/** A call from the window, as its bridge makes it. */
async function fromWindow<T = unknown>(
  channel: string,
  payload: unknown,
): Promise<{ ok: boolean; value: T; error?: { message: string } }> {
  const from = { url: `${appOrigin}/index.html`, isMainFrame: true };
  return router.invoke(channel, from, payload) as Promise<{ ok: boolean; value: T; error?: { message: string } }>;
}
const ipc = (payload: unknown) => fromWindow('submitResponse', payload);

/** Nothing was queued or written for an answer: no job, and nothing in the outbox's folder. */
function nothingWritten(label: string): void {
  assert.deepEqual(services.outbox.list(), [], `${label}: nothing queued`);
  const outbox = join(home, 'outbox');
  assert.deepEqual(existsSync(outbox) ? readdirSync(outbox) : [], [], `${label}: no job or staging folder left`);
}

test('micro-service, closing message with evidence: same words via IPC and CLI, nothing imported', async () => {
  const id = await chargeback(micro);
  const words = evidenceRefusal('represent', 'microservice')!;
  const folder = await receipt(id);
  const [imported] = await services.evidence.importPaths([folder]);
  assert.ok(imported?.ok);
  const stored = (await services.evidence.list()).length;

  const window = await ipc({
    profileId: micro.id,
    chargebackId: id,
    messageType: 'represent',
    confirmed: true,
    evidence: {
      arrangement: { pages: [{ itemId: imported.item.id, page: 0, rotation: 0 }] },
      settings: { preset: 'document', limits: micro.limits, pageSize: 'letter', output: 'pdf', baseName: 'evidence' },
      rebuttal: 'Delivered.',
    },
  });
  assert.deepEqual([window.ok, window.error?.message], [false, words]);
  nothingWritten('IPC');

  const scans = join(dir, 'not-yet-imported');
  mkdirSync(scans);
  await scanJpeg(join(scans, 'another receipt.jpg'), { width: 710, height: 900 });
  const shell = await cli([
    'respond',
    id,
    '--type',
    'represent',
    '--yes',
    '--evidence',
    scans,
    '--profile',
    micro.name,
  ]);
  assert.equal(shell.status, 1);
  assert.equal(shell.stderr.trim(), `dispute-desk: ${words}`);
  nothingWritten('CLI');
  assert.equal((await services.evidence.list()).length, stored, 'refused before the evidence was imported');
});

test("a packet over the profile's limits: refused in the same words through IPC, the CLI and batch", async () => {
  const [viaIpc, viaCli, viaBatch] = [await chargeback(onePage), await chargeback(onePage), await chargeback(onePage)];
  const words =
    "The evidence does not fit One page's limits: " +
    'The packet has 2 pages with the cover letter; the limit is 1. Remove 1 page.';

  const folder = await receipt(viaIpc);
  const [imported] = await services.evidence.importPaths([folder]);
  assert.ok(imported?.ok);
  // The window's draft letter is the template's, as the CLI's and batch's are.
  const draft = await fromWindow<{ rebuttal: string }>('getDraft', { profileId: onePage.id, chargebackId: viaIpc });
  const window = await ipc({
    profileId: onePage.id,
    chargebackId: viaIpc,
    messageType: 'respond',
    confirmed: true,
    evidence: {
      arrangement: { pages: [{ itemId: imported.item.id, page: 0, rotation: 0 }] },
      settings: {
        preset: onePage.preset,
        limits: onePage.limits,
        pageSize: onePage.pageSize,
        output: 'pdf',
        baseName: 'evidence',
      },
      rebuttal: draft.value.rebuttal,
    },
  });
  assert.deepEqual([window.ok, window.error?.message], [false, words]);
  nothingWritten('IPC');

  const shell = await cli([
    'respond',
    viaCli,
    '--type',
    'respond',
    '--evidence',
    await receipt(viaCli),
    '--profile',
    onePage.name,
  ]);
  assert.equal(shell.status, 1);
  assert.equal(shell.stderr.trim(), `dispute-desk: ${words}`);
  nothingWritten('CLI');

  const plan = await services.batch.plan(onePage, [await receipt(viaBatch)]);
  const report = await services.batch.queue(onePage, plan);
  assert.deepEqual(
    report.chargebacks.map((c) => [c.chargebackId, c.outcome, c.reason]),
    [[viaBatch, 'failed', words]],
  );
  nothingWritten('batch');
});

test('through the window: a packet previewed, then sent unchanged, is queued as built, not built again', async () => {
  const id = await chargeback(micro);
  const [imported] = await services.evidence.importPaths([await receipt(id)]);
  assert.ok(imported?.ok);
  const pages = [{ itemId: imported.item.id, page: 0, rotation: 0 as const }];
  const draft: EvidenceDraft = {
    items: [imported.item],
    arrangement: { pages },
    preset: micro.preset,
    pageSize: micro.pageSize,
    rebuttal: 'Delivered on 3 March and signed for.',
  };
  const preview = await fromWindow<{ files: Array<{ name: string; bytes: Uint8Array }> }>('previewPacket', {
    profileId: micro.id,
    chargebackId: id,
    draft,
  });
  assert.ok(preview.ok, preview.error?.message);
  const shown = preview.value.files[0]!;
  const built = statSync(await services.packets.previewFile(id, shown.name)).ino;
  // Held back, so the job's folder is read before it is sent and cleared.
  await services.outbox.stop();
  // What the dispute screen sends for the draft.
  const evidence = {
    arrangement: draft.arrangement,
    settings: settingsOfDraft(draft, micro.limits),
    rebuttal: draft.rebuttal,
  };
  const sent = await fromWindow<{ id: string }>('submitResponse', {
    profileId: micro.id,
    chargebackId: id,
    messageType: 'respond',
    confirmed: true,
    evidence,
  });
  assert.ok(sent.ok, sent.error?.message);
  const folder = join(home, 'outbox', sent.value.id);
  const [file] = readdirSync(folder);
  assert.equal(statSync(join(folder, file!)).ino, built, 'the previewed file itself, moved into the job');
  assert.deepEqual(readFileSync(join(folder, file!)), Buffer.from(shown.bytes), 'exactly what the merchant saw');
});
