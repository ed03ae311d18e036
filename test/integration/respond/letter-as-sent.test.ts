// The letter reviewed is the letter sent (issue 21): the editor composes it with the facts main
// gives it (letterGrounds) and the same function main builds the packet with, so the text the
// merchant reads, the preview's PDF and the packet queued say the same; the payment is dated by
// its authorization (not the record's creation); carrier, tracking number and ship date typed into
// their section reach the letter with no file in it; an exhibit is named by its title, never its
// file name; a claim no exhibit supports is left out with its reason, in the editor as in the PDF;
// and the packet's page count, once sent, counts the letter's pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { txnSchema } from '../../../shared/api/index.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import { composeLetter } from '../../../shared/domain/cover-letter-compose.ts';
import type { CoverLetterFacts } from '../../../shared/domain/letter-facts.ts';
import type { DisputeCategory } from '../../../shared/domain/reason-codes.ts';
import { scanJpeg } from '../evidence/corpus.ts';
import { readPdf } from '../evidence/pdf-read.ts';

let sb: Sandbox;
let dir: string;
let services: AppServices;
let router: IpcRouter;
const profile: Profile = {
  ...profileDefaults,
  id: 'prof_letter',
  name: 'Shop',
  merchant: 'Corner Shop',
  deployment: 'test',
  url: '',
};

before(async () => {
  sb = await startSandbox({ seed: 72, chargebacks: 0, decisionDelayMs: null, rateLimit: { max: 1_000_000 } });
  dir = mkdtempSync(join(tmpdir(), 'dd-letter-as-sent-'));
  const vault = createKeyVault({
    keytarLoader: async () => {
      throw new Error('no keychain in this test');
    },
  });
  services = await createAppServices({
    home: join(dir, 'home'),
    events: createEventHub(ipcEvents),
    vault,
    platform: {
      dialogs: createScriptedDialogs().dialogs,
      shell: { openPath: async () => undefined, openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });
  services.store.profiles.save({ ...profile, url: sb.url });
  await vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
  router = createIpcRouter({ contract: ipcContract, handlers: createHandlers(services), trustedOrigins: [appOrigin] });
});
after(async () => {
  await services.close();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

async function fromWindow<T>(channel: string, payload: unknown): Promise<T> {
  const from = { url: `${appOrigin}/index.html`, isMainFrame: true };
  const r = (await router.invoke(channel, from, payload)) as { ok: boolean; value: T; error?: { message: string } };
  assert.ok(r.ok, `${channel}: ${r.error?.message}`);
  return r.value;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

test('the PDF letter is the editor text: authorization date, typed tracking with no file, titles, left-out claims', async () => {
  const { id } = await createSandboxAdmin(sb.url, sb.adminToken).createChargeback();
  await services.sync.syncChargeback(profile.id, id);
  const cb = services.store.portfolio.getChargeback(profile.id, id)!;
  // The transaction in the recorded core shape, authorized six days before its record was made.
  const recorded = JSON.parse(
    readFileSync(new URL('../../fixtures/recorded/txns-expanded.json', import.meta.url), 'utf8'),
  ).response.data[0];
  services.store.portfolio.saveTxn(
    profile.id,
    txnSchema.parse({ ...recorded, id: cb.txn, authDate: 20261014, created: '2026-10-20 09:12:33.1234', origin: 6 }),
  );

  const folder = join(dir, 'photos');
  mkdirSync(folder);
  await scanJpeg(join(folder, 'IMG_4411.jpg'), { width: 700, height: 900 });
  const [photo] = await services.evidence.importPaths([join(folder, 'IMG_4411.jpg')]);
  assert.ok(photo?.ok);

  // The draft as the window starts it, a photo added through "Add files", and the tracking
  // section typed into with no file in it.
  let draft = await fromWindow<EvidenceDraft>('getDraft', { profileId: profile.id, chargebackId: id });
  assert.match(draft.rebuttal, /, a payment authorized on Wed, Oct 14, 2026\./);
  assert.doesNotMatch(draft.rebuttal, /2026-10-20|Oct 20/);
  draft = edit.addImported(draft, [photo]);
  draft = edit.setSlotField(draft, 'tracking', 'carrier', 'UPS');
  draft = edit.setSlotField(draft, 'tracking', 'trackingNumber', '1z999aa1 0123456784', true);
  draft = edit.setSlotField(draft, 'tracking', 'shipDate', '2026-10-15');

  // What the editor shows.
  const grounds = await fromWindow<{ category: DisputeCategory | null; facts: CoverLetterFacts }>('letterGrounds', {
    profileId: profile.id,
    chargebackId: id,
  });
  const editor = (d: EvidenceDraft) =>
    composeLetter({
      rebuttal: d.rebuttal,
      category: grounds.category ?? undefined,
      facts: grounds.facts,
      arrangement: d.arrangement,
      slots: d.slots,
      itemOf: (itemId) => d.items.find((i) => i.id === itemId),
    });
  const shown = editor(draft);
  assert.match(
    shown.text,
    /Carrier tracking: the order was shipped with UPS on .*Oct 15, 2026 under tracking number 1Z999AA10123456784\./,
  );
  // The photo is no delivery record: the draft the app wrote, untouched, does not claim one is
  // enclosed (nothing of its own is struck out), and the letter sent does not either.
  assert.deepEqual(shown.leftOut, []);
  assert.doesNotMatch(shown.draft, /enclosed delivery record/);
  assert.doesNotMatch(shown.text, /enclosed delivery record/);
  assert.deepEqual([...shown.titles.values()], ['Supporting photo or scan'], 'a camera file name is no title');

  // The merchant names the photo: the title is what the letter and the packet list.
  draft = edit.setExhibitTitle(draft, photo.item.id, 'Goods packed for dispatch, taken by our staff', true);
  const titled = editor(draft);
  assert.deepEqual([...titled.titles.values()], ['Goods packed for dispatch, taken by our staff']);

  // The packet main plans for this draft (the answer's, the CLI's and batch's) has the same text.
  const planned = await services.packets.plan(profile, cb, {
    arrangement: draft.arrangement,
    rebuttal: draft.rebuttal,
    slots: draft.slots,
  });
  assert.equal(planned.letter.rebuttal, titled.text);
  assert.deepEqual(planned.letter.leftOut, titled.leftOut);

  // And the preview's PDF draws exactly it.
  const preview = await fromWindow<{ result: { totalPages: number }; files: Array<{ bytes: Uint8Array }> }>(
    'previewPacket',
    { profileId: profile.id, chargebackId: id, draft },
  );
  const pages = await readPdf(preview.files[0]!.bytes);
  assert.equal(preview.result.totalPages, pages.length, 'the page count counts the letter');
  const letter = oneLine(pages.map((p) => p.plain).join(' '));
  assert.ok(letter.includes(oneLine(titled.text)), `the PDF letter is the editor's text:\n${letter}`);
  // The heading and the body write the authorization day in the same words, and name the network.
  assert.match(letter, /Authorized Wed, Oct 14, 2026/);
  assert.match(letter, /Card network Visa/);
  assert.doesNotMatch(letter, /2026-10-14|2026-10-20|Oct 20|enclosed delivery record|IMG_4411/);
  assert.match(letter, /1\. Goods packed for dispatch, taken by our staff/);

  // Sent unchanged: the dispute says the packet's pages as built, the letter's counted (it said 1).
  await fromWindow('saveDraft', { profileId: profile.id, chargebackId: id, draft });
  await services.outbox.stop();
  await fromWindow('submitResponse', {
    profileId: profile.id,
    chargebackId: id,
    messageType: 'respond',
    confirmed: true,
    evidence: {
      arrangement: draft.arrangement,
      settings: settingsOfDraft(draft, profile.limits),
      rebuttal: draft.rebuttal,
      slots: draft.slots,
    },
  });
  const view = await fromWindow<{ sentDrafts: Array<{ pages?: number }> }>('getDispute', {
    profileId: profile.id,
    chargebackId: id,
  });
  assert.deepEqual(
    view.sentDrafts.map((d) => d.pages),
    [pages.length],
  );
  assert.equal(pages.length, draft.arrangement.pages.length + 1);
});
