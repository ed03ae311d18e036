// Paths only from the OS: a compromised window cannot make main read a file by naming its path in
// a dropped-files call (importDropped, planBatchDropped). The preload hands main the paths it
// resolved from Files on its own channel and the call carries a one-time token; every other form
// is refused by the bridge and by main's router, with no handler reached and nothing imported.
// The router and the real handlers run in this process (no Electron). Bounds: each test < 10 s.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { droppedChannel, channelPrefix } from '../../../shared/ipc/define.ts';
import { createIpcRouter, type IpcRouter } from '../../../electron/ipc/router.ts';
import { createPreloadBridge } from '../../../electron/ipc/electron-preload-bridge.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { appOrigin } from '../../../electron/platform/security.ts';
import { scanJpeg } from '../../integration/evidence/corpus.ts';

const trusted = { url: `${appOrigin}/index.html`, isMainFrame: true };
let dir: string;
let services: AppServices;
let router: IpcRouter;
/** A private picture the attacker wants, and a picture the merchant really drops. */
let secret: string;
let dropped: string;
const reached: string[] = [];
const refusals: string[] = [];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dd-drop-os-'));
  services = await createAppServices({
    home: join(dir, 'home'),
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
  secret = join(dir, 'private-photo.jpg');
  dropped = join(dir, 'receipt.jpg');
  await scanJpeg(secret, { width: 300, height: 300 });
  await scanJpeg(dropped, { width: 300, height: 400 });
  const real = createHandlers(services) as unknown as Record<string, (i: unknown, c?: unknown) => Promise<unknown>>;
  const watched = Object.fromEntries(
    Object.entries(real).map(([k, fn]) => [k, async (i: unknown, c?: unknown) => (reached.push(k), fn(i, c))]),
  );
  router = createIpcRouter({
    contract: ipcContract,
    handlers: watched as never,
    trustedOrigins: [appOrigin],
    onRefused: (reason) => void refusals.push(reason),
  });
});
after(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The preload as Electron runs it, its ipcRenderer wired straight to the router in this process. */
function preloadOverRouter(sent: unknown[][] = []) {
  const ipc = {
    invoke: async (channel: string, payload: unknown, callId?: string) => {
      sent.push([channel, payload]);
      if (channel === droppedChannel) return router.registerDropped(trusted, payload);
      return router.invoke(channel.slice(channelPrefix.length), trusted, payload, callId);
    },
    send: () => undefined,
    on: () => ipc,
    off: () => ipc,
  };
  const fromDisk = new Map<object, string>();
  const bridge = createPreloadBridge(ipc as never, { getPathForFile: (f) => fromDisk.get(f) ?? '' });
  const file = (path: string) => {
    const f = { name: path.split('/').pop()! };
    fromDisk.set(f, path);
    return f;
  };
  return { bridge, file, sent };
}

const evidenceCount = async () => (await services.evidence.list()).length;
const attacks = (path: string) => [
  ['paths with no files', { dropped: [{ path }] }],
  ['paths beside files', { files: [], dropped: [{ path }] }],
  ['paths beside something that is not files', { files: 'x', dropped: [{ path }] }],
];

for (const channel of ['importDropped', 'planBatchDropped'] as const) {
  const extra = channel === 'planBatchDropped' ? { profileId: 'p1' } : {};

  test(`${channel}: the window naming a path itself is refused by the bridge; nothing is sent to main`, async () => {
    const { bridge, sent } = preloadOverRouter();
    const before = await evidenceCount();
    for (const [form, input] of attacks(secret)) {
      const r = await (bridge[channel] as (i: unknown) => Promise<{ ok: boolean; error?: { message: string } }>)({
        ...extra,
        ...(input as object),
      });
      assert.equal(r.ok, false, form as string);
      assert.match(r.error!.message, /only dropped files are taken/, form as string);
    }
    assert.deepEqual(sent, [], 'neither the paths nor the call reached main');
    assert.equal(await evidenceCount(), before, 'nothing imported');
  });

  test(`${channel}: main refuses paths in the call and forged, reused or foreign tokens; only the preload's drop runs`, async () => {
    reached.length = 0;
    refusals.length = 0;
    const before = await evidenceCount();
    const other = { url: 'app://dispute-desk/index.html', isMainFrame: true };
    const foreign = router.registerDropped({ url: 'https://evil.example/', isMainFrame: true }, [{ path: secret }]);
    assert.equal(foreign.ok, false, 'an untrusted sender cannot register paths');
    const given = router.registerDropped(trusted, [{ path: secret }]);
    assert.ok(given.ok);
    const forms: [string, unknown][] = [
      ['paths as an array (the old wire form)', { ...extra, dropped: [{ path: secret }] }],
      ['a path as a string', { ...extra, dropped: secret }],
      ['a forged token', { ...extra, dropped: 'dropped:00000000-0000-4000-8000-000000000000' }],
      ['no dropped at all', { ...extra }],
      ['not an object', [{ path: secret }]],
    ];
    for (const [form, payload] of forms) {
      const r = await router.invoke(channel, trusted, payload);
      assert.equal(r.ok, false, form);
      assert.match(!r.ok ? r.error.message : '', /not dropped on its window/, form);
    }
    // A real token works once only; the second use is refused.
    await router.invoke(channel, other, { ...extra, dropped: given.ok && given.value });
    const again = await router.invoke(channel, trusted, { ...extra, dropped: given.ok && given.value });
    assert.equal(again.ok, false, 'a used token is refused');
    assert.match(!again.ok ? again.error.message : '', /not dropped on its window/);
    assert.deepEqual(reached, [channel], 'only the call with the registered token reached its handler');
    assert.equal(refusals.filter((r) => /dropped paths/.test(r)).length, forms.length + 1);
    // Only the one registered drop can have been imported (planBatchDropped stops at its unknown profile).
    assert.equal((await evidenceCount()) - before, channel === 'importDropped' ? 1 : 0);
  });
}

test('importDropped then getPagePicture: the attack of issue 23 reads no file; a real drop still imports', async () => {
  const before = await evidenceCount();
  const stolen = await router.invoke('importDropped', trusted, { dropped: [{ path: secret }] });
  assert.equal(stolen.ok, false);
  assert.equal(await evidenceCount(), before, 'the private file was never imported, so no picture of it exists');

  const { bridge, file, sent } = preloadOverRouter();
  const r = await bridge.importDropped({ files: [file(dropped)] });
  assert.ok(r.ok, JSON.stringify(r));
  const [outcome] = r.value;
  assert.ok(outcome?.ok);
  assert.equal(outcome.item.name, 'receipt.jpg');
  // On the wire: the paths went on the preload's own channel; the call carried only a token.
  assert.deepEqual(sent[0], [droppedChannel, [{ path: dropped }]]);
  assert.equal(sent[1]![0], `${channelPrefix}importDropped`);
  assert.match(JSON.stringify(sent[1]![1]), /^\{"dropped":"dropped:[0-9a-f-]{36}"\}$/);
  const picture = await router.invoke('getPagePicture', trusted, { itemId: outcome.item.id, page: 0, maxWidth: 64 });
  assert.ok(picture.ok, 'the dropped file is shown as before');
});
