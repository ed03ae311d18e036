// The answering use case (electron/respond/): a packet previewed and then sent unchanged is built
// once, and the queued file is the previewed file, moved; a packet sent without a preview is
// written once, into the outbox's staging folder, and moved into its job; anything changed after
// the preview is built again. Builds are counted through an injected builder, and "written once"
// is read from the files themselves: the queued file has the inode the build gave it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { buildPacket } from '../../../electron/evidence/packet/build.ts';
import { createPreviews } from '../../../electron/evidence/previews.ts';
import { createPackets, type BuildPacket } from '../../../electron/app/answer/packets.ts';
import { createResponder, windowWording } from '../../../electron/app/answer/answer.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { Chargeback } from '../../../shared/api/index.ts';
import type { EvidenceItem } from '../../../shared/evidence/items.ts';
import { scanJpeg } from '../evidence/corpus.ts';

let f: Awaited<ReturnType<typeof syncFixture>>;
let item: EvidenceItem;

before(async () => {
  f = await syncFixture({ seed: 61, chargebacks: 0, faultRate: 0 });
  await scanJpeg(join(f.home, 'receipt.jpg'), { width: 900, height: 1200 });
  const [imported] = await f.h.evidence.importPaths([join(f.home, 'receipt.jpg')]);
  assert.ok(imported?.ok);
  item = imported.item;
});
after(() => f.close());

/** A chargeback of its own for a test, in the store. */
async function chargeback(): Promise<Chargeback> {
  const { id } = await createSandboxAdmin(f.sb.url, f.sb.adminToken).createChargeback();
  await f.h.sync.syncChargeback(f.profile.id, id);
  return f.h.store.portfolio.getChargeback(f.profile.id, id)!;
}

/** The use case as the app wires it, with every build counted: where it wrote, and the inode
 * of each file it wrote (a file moved keeps it, a copy gets a new one). */
function counted() {
  const builds: Array<{ into: string; inodes: Map<string, number> }> = [];
  const build: BuildPacket = async (...args) => {
    const result = await buildPacket(...args);
    const into = args[3].outDir;
    builds.push({ into, inodes: new Map(result.files.map((x) => [x.name, statSync(join(into, x.name)).ino])) });
    return result;
  };
  const packets = createPackets({
    store: f.h.store,
    evidence: f.h.evidence,
    previews: createPreviews(join(f.home, 'previews')),
    build,
  });
  const respond = createResponder({ store: f.h.store, evidence: f.h.evidence, outbox: f.h.outbox, packets });
  return { builds, packets, respond };
}

const draftOf = (rebuttal: string): EvidenceDraft => ({
  items: [item],
  arrangement: { pages: [{ itemId: item.id, page: 0, rotation: 0 }] },
  preset: 'document',
  pageSize: 'letter',
  rebuttal,
});

/** What the dispute screen sends for a draft: its settings (within the window's copy of the
 * limits, with the default name) and its letter. */
const sentFrom = (draft: EvidenceDraft) => ({
  arrangement: draft.arrangement,
  settings: settingsOfDraft(draft, f.profile.limits),
  rebuttal: draft.rebuttal,
});

/** The window's "Send" of a draft's evidence, through the use case. */
const send = (respond: ReturnType<typeof counted>['respond'], chargebackId: string, draft: EvidenceDraft) =>
  respond.answer(
    { profileId: f.profile.id, chargebackId, messageType: 'respond', confirmed: true, evidence: sentFrom(draft) },
    windowWording,
  );

/** The files of a queued job (its manifest aside), with their inodes. */
function queuedFiles(jobId: string): Map<string, number> {
  const dir = join(f.home, 'outbox', jobId);
  return new Map(
    readdirSync(dir)
      .filter((n) => n !== 'job.json')
      .map((n) => [n, statSync(join(dir, n)).ino]),
  );
}

const stagingLeft = (): string[] => readdirSync(join(f.home, 'outbox')).filter((n) => n.startsWith('staging-'));

test('previewed, then sent unchanged: built once, and the queued file is the previewed one, moved', async () => {
  const cb = await chargeback();
  const { builds, packets, respond } = counted();
  const draft = draftOf('Delivered on 3 March and signed for; the receipt is enclosed.');
  const shown = await packets.preview(f.profile, cb, draft);
  assert.equal(shown.result.ok, true);
  assert.equal(builds.length, 1);
  const previewed = await packets.previewFile(cb.id, shown.files[0]!.name);
  const answered = await send(respond, cb.id, draft);
  assert.ok(answered.ok, answered.ok ? '' : answered.error.message);
  assert.equal(builds.length, 1, 'sent unchanged: not built again');
  const files = queuedFiles(answered.value.job.id);
  assert.equal(files.size, 1);
  const [name, inode] = [...files][0]!;
  assert.equal(
    inode,
    builds[0]!.inodes.get(shown.files[0]!.name),
    'the file the preview built, moved into the job: one write',
  );
  assert.deepEqual(
    readFileSync(join(f.home, 'outbox', answered.value.job.id, name)),
    Buffer.from(shown.files[0]!.bytes),
    'exactly what the merchant saw',
  );
  assert.equal(existsSync(previewed), false);
  await assert.rejects(
    packets.previewFile(cb.id, shown.files[0]!.name),
    /That preview is gone/,
    'the preview went with the answer',
  );
  assert.deepEqual(stagingLeft(), []);
});

test('sent without a preview: built once, straight into an outbox staging folder, and moved into the job', async () => {
  const cb = await chargeback();
  const { builds, respond } = counted();
  const answered = await send(respond, cb.id, draftOf('Delivered on 3 March.'));
  assert.ok(answered.ok, answered.ok ? '' : answered.error.message);
  assert.equal(builds.length, 1);
  const into = relative(join(f.home, 'outbox'), builds[0]!.into);
  assert.match(into, /^staging-\d+-\w+$/, `built in the outbox's staging folder, not elsewhere: ${builds[0]!.into}`);
  assert.ok(!into.includes(sep));
  assert.deepEqual(
    [...queuedFiles(answered.value.job.id).values()],
    [...builds[0]!.inodes.values()],
    'the built file itself is queued: the staging folder was its only write',
  );
  assert.deepEqual(stagingLeft(), [], 'the staging folder goes once the job has its files');
});

test('changed after the preview (the letter, the settings): built again; the preview is not what is sent', async () => {
  const cb = await chargeback();
  const { builds, packets, respond } = counted();
  const draft = draftOf('Delivered on 3 March.');
  await packets.preview(f.profile, cb, draft);
  const changedLetter = await send(respond, cb.id, draftOf('Delivered on 4 March.'));
  assert.ok(changedLetter.ok);
  assert.equal(builds.length, 2, 'another letter: another packet');
  assert.notDeepEqual([...queuedFiles(changedLetter.value.job.id).values()], [...builds[0]!.inodes.values()]);

  const other = await chargeback();
  await packets.preview(f.profile, other, draft);
  const strict = await send(respond, other.id, { ...draft, preset: 'strict' });
  assert.ok(strict.ok);
  assert.equal(builds.length, 4, 'another preset: another packet');
  assert.deepEqual([...queuedFiles(strict.value.job.id).values()], [...builds[3]!.inodes.values()]);
});
