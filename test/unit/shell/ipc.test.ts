import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { buildBridge } from '../../../shared/ipc/bridge.ts';
import { createIpcRouter, type IpcRouter } from '../../../electron/ipc/router.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { createRng } from '../../../electron/sandbox/prng.ts';
import { appOrigin } from '../../../electron/platform/security.ts';

let home: string;
let services: AppServices;
let router: IpcRouter;
const ran = new Map<string, number>();
const trusted = { url: `${appOrigin}/index.html`, isMainFrame: true };

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'dd-ipc-'));
  services = await createAppServices({
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
  const real = createHandlers(services) as unknown as Record<string, (i: unknown) => Promise<unknown>>;
  // Counting wrappers: proof that no handler runs on input that failed validation.
  const counted = Object.fromEntries(
    Object.entries(real).map(([k, fn]) => [
      k,
      async (i: unknown) => {
        ran.set(k, (ran.get(k) ?? 0) + 1);
        return fn(i);
      },
    ]),
  );
  router = createIpcRouter({
    contract: ipcContract,
    handlers: counted as unknown as Parameters<typeof createIpcRouter>[0]['handlers'],
    trustedOrigins: [appOrigin],
  });
});
after(async () => {
  await services.close();
  rmSync(home, { recursive: true, force: true });
});

test('every contract channel has a handler and a bridge method, and nothing else is exposed', () => {
  const handlerKeys = Object.keys(createHandlers(services)).sort();
  const contractKeys = Object.keys(ipcContract).sort();
  assert.deepEqual(handlerKeys, contractKeys);
  const calls: string[] = [];
  const bridge = buildBridge(ipcContract, ipcEvents, {
    invoke: async (c) => {
      calls.push(c);
      return { ok: true, value: null };
    },
    subscribe: () => () => undefined,
    registerDropped: async () => ({ ok: true, value: '' }),
  });
  assert.deepEqual(Object.keys(bridge).sort(), [...contractKeys, 'on'].sort());
  assert.ok(Object.isFrozen(bridge));
  assert.throws(() => bridge.on('not-an-event' as 'notification', () => undefined), /Unknown event/);
  assert.equal(router.channels.length, contractKeys.length);
  assert.throws(
    () =>
      createIpcRouter({
        contract: ipcContract,
        handlers: { ...createHandlers(services), extra: async () => null } as never,
        trustedOrigins: [appOrigin],
      }),
    /not in the contract/,
  );
  const partial = { ...createHandlers(services) } as Record<string, unknown>;
  delete partial.listInbox;
  assert.throws(
    () => createIpcRouter({ contract: ipcContract, handlers: partial as never, trustedOrigins: [appOrigin] }),
    /listInbox has no handler/,
  );
});

function randomValue(rng: ReturnType<typeof createRng>, depth = 0): unknown {
  const pick = rng.int(0, 15);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return rng.int(-1e9, 1e9);
    case 3:
      return rng.pick([NaN, Infinity, -Infinity, -0, 1e308, 2 ** 53 + 1]);
    case 4:
      return 'x'.repeat(rng.pick([0, 1, 300, 70_000]));
    case 5:
      return rng.pick(['__proto__', 'constructor', '../../etc/passwd', '\u0000', '<script>', 't1_chb_x']);
    case 6:
      return rng.chance(0.5);
    case 7:
      return new Uint8Array(rng.int(0, 64));
    case 8:
      return depth > 4 ? {} : Array.from({ length: rng.int(0, 4) }, () => randomValue(rng, depth + 1));
    case 9:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"bad": 1}}}');
    case 10: {
      let o: unknown = {};
      for (let i = 0; i < 200; i++) o = { nested: o };
      return o;
    }
    default: {
      if (depth > 4) return {};
      const o: Record<string, unknown> = {};
      for (let i = 0; i < rng.int(0, 5); i++)
        o[
          rng.pick([
            'profileId',
            'chargebackId',
            'limit',
            'offset',
            'profile',
            'apiKey',
            'plan',
            'arrangement',
            'settings',
            'itemId',
            'bytes',
            'name',
            'folder',
            'jobId',
            'from',
            'to',
            'extra',
            'page',
            'maxWidth',
          ])
        ] = randomValue(rng, depth + 1);
      return o;
    }
  }
}

test(
  '10,000 random and malformed payloads across all channels are ' +
    'refused as validation errors; no handler runs; nothing crashes',
  async () => {
    const rng = createRng(20261122);
    const channels = Object.keys(ipcContract);
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) {
      const channel = channels[i % channels.length]!;
      const payload = randomValue(rng);
      const schema = ipcContract[channel as keyof typeof ipcContract].input;
      const r = await router.invoke(channel, trusted, payload);
      if (schema.safeParse(payload).success) {
        accepted++;
        continue;
      }
      assert.equal(r.ok, false, `${channel} accepted ${JSON.stringify(payload)?.slice(0, 80)}`);
      if (!r.ok) assert.equal(r.error.kind, 'validation');
      refused++;
    }
    const totalRuns = [...ran.values()].reduce((a, b) => a + b, 0);
    assert.equal(totalRuns, accepted, 'handlers ran only for the payloads that were valid');
    assert.ok(refused >= 9_900, `refused ${refused}`);
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
    const r = await router.invoke('getAppInfo', trusted, {});
    assert.ok(r.ok, 'the router still answers afterwards');
  },
);

test('a forged sender is refused: another origin, a subframe, file://, http://localhost', async () => {
  ran.clear();
  for (const sender of [
    { url: 'https://evil.example/index.html', isMainFrame: true },
    { url: `${appOrigin}/index.html`, isMainFrame: false },
    { url: 'file:///work/main/dist/renderer/index.html', isMainFrame: true },
    { url: 'http://localhost:3000/', isMainFrame: true },
    { url: 'app://dispute-desk.evil/index.html', isMainFrame: true },
    { url: '', isMainFrame: true },
  ]) {
    const r = await router.invoke('listProfiles', sender, {});
    assert.equal(r.ok, false, sender.url);
    if (!r.ok) assert.match(r.error.message, /did not come from Dispute Desk/);
  }
  assert.equal(ran.size, 0, 'no handler ran');
  const unknown = await router.invoke('deleteEverything', trusted, {});
  assert.equal(unknown.ok, false);
});

test('handlers answer through the contract: errors as values, never a stack', async () => {
  const r = await router.invoke('getDispute', trusted, { profileId: 'nope', chargebackId: 'nope' });
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.equal(r.error.kind, 'not-found');
    assert.ok(!/at \w+ \(/.test(r.error.message));
  }
  const info = await router.invoke('getAppInfo', trusted, {});
  assert.ok(info.ok && typeof (info.value as { profiles: number }).profiles === 'number');
});
