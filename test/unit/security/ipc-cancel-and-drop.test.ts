// Cancellation crosses the bridge and the router to the handler's AbortSignal; dropped files cross
// as the paths the preload resolved, never as bytes, and a File with no path is refused by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  query,
  droppedFilesMutation,
  cancelChannel,
  channelPrefix,
  droppedChannel,
  type CallContext,
} from '../../../shared/ipc/define.ts';
import { buildBridge, resolveDropped, type BridgeTransport } from '../../../shared/ipc/bridge.ts';
import { droppedEntriesSchema } from '../../../shared/ipc/dropped.ts';
import { ipcContract } from '../../../shared/ipc/contract.ts';
import { createIpcRouter } from '../../../electron/ipc/router.ts';
import { createPreloadBridge } from '../../../electron/ipc/electron-preload-bridge.ts';
import { importDropped } from '../../../electron/evidence/import-dropped.ts';
import { createEvidenceStore } from '../../../electron/evidence/evidence-store.ts';
import { scanJpeg } from '../../integration/evidence/corpus.ts';

const trusted = { url: 'app://dispute-desk/index.html', isMainFrame: true };
const contract = {
  slow: query('Waits until cancelled.', z.strictObject({ n: z.number() }), z.number(), { tags: [] }),
  drop: droppedFilesMutation('Takes dropped files.', z.strictObject({ dropped: droppedEntriesSchema }), z.number(), {
    invalidates: [],
  }),
};

function slowRouter() {
  const seen: { signal?: AbortSignal; abortedAt?: number } = {};
  const router = createIpcRouter({
    contract,
    trustedOrigins: ['app://dispute-desk'],
    handlers: {
      slow: async (_input, call?: CallContext) => {
        seen.signal = call!.signal as AbortSignal;
        // Never answers on its own: only the abort ends it.
        await new Promise((_, reject) =>
          call!.signal.addEventListener('abort', () => ((seen.abortedAt = Date.now()), reject(new Error('stopped')))),
        );
        return 1;
      },
      drop: async ({ dropped }) => dropped.length,
    },
  });
  return { router, seen };
}

test(
  'router: cancelling a call aborts the signal its handler ' + 'holds, and the caller gets a cancelled error value',
  async () => {
    const { router, seen } = slowRouter();
    const answer = router.invoke('slow', trusted, { n: 1 }, 'call-1');
    await new Promise((r) => setImmediate(r));
    assert.equal(seen.signal?.aborted, false);
    assert.equal(
      router.cancel({ url: 'https://evil.example/', isMainFrame: true }, 'call-1'),
      false,
      'another origin cannot cancel',
    );
    assert.equal(seen.signal?.aborted, false);
    assert.equal(router.cancel(trusted, 'call-1'), true);
    assert.equal(seen.signal?.aborted, true, 'the handler sees its signal aborted');
    const r = await answer;
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.kind, 'cancelled');
    assert.match(!r.ok ? r.error.message : '', /no longer needed/);
    assert.equal(router.cancel(trusted, 'call-1'), false, 'a finished call is forgotten');
  },
);

test("bridge → router: aborting the caller's signal answers at once and cancels the call in main", async () => {
  const { router, seen } = slowRouter();
  const cancelled: string[] = [];
  const transport: BridgeTransport = {
    invoke: (channel, payload, callId) => router.invoke(channel, trusted, payload, callId),
    cancel: (callId) => (cancelled.push(callId), void router.cancel(trusted, callId)),
    subscribe: () => () => undefined,
    registerDropped: async (entries) => router.registerDropped(trusted, entries),
  };
  const bridge = buildBridge(contract, {}, transport);
  const stop = new AbortController();
  const answer = bridge.slow({ n: 2 }, { signal: stop.signal });
  await new Promise((r) => setImmediate(r));
  stop.abort();
  const r = await answer;
  assert.deepEqual(r, {
    ok: false,
    error: { kind: 'cancelled', message: 'Stopped: the window no longer needed this answer.', retryable: false },
  });
  assert.equal(cancelled.length, 1);
  assert.equal(seen.signal?.aborted, true);
  // Already aborted: nothing is sent at all.
  const before = cancelled.length;
  assert.equal((await bridge.slow({ n: 3 }, { signal: stop.signal })).ok, false);
  assert.equal(cancelled.length, before);
});

test(
  'the long calls honour the signal: estimate, preview ' + 'and page pictures stop before working when cancelled',
  async () => {
    const { evidenceHandlers } = await import('../../../electron/ipc/handlers/evidence.ts');
    const touched: string[] = [];
    const services = new Proxy(
      {},
      { get: (_t, k) => (touched.push(String(k)), new Proxy({}, { get: () => () => undefined })) },
    );
    const h = evidenceHandlers(services as never);
    const aborted = { signal: AbortSignal.abort() };
    const id = 'a'.repeat(64);
    await assert.rejects(h.getPagePicture({ itemId: id, page: 0, maxWidth: 100 }, aborted), { name: 'AbortError' });
    await assert.rejects(h.estimatePacket({ arrangement: { pages: [] }, settings: {} as never }, aborted), {
      name: 'AbortError',
    });
    await assert.rejects(h.previewPacket({ profileId: 'p', chargebackId: 'c', draft: {} as never }, aborted), {
      name: 'AbortError',
    });
    assert.deepEqual(touched, [], 'no service was reached');
  },
);

test(
  'dropped files: the bridge hands main the paths the preload ' + 'resolved; a File with no path goes by name only',
  async () => {
    const sent: unknown[] = [];
    const registered: unknown[] = [];
    const bridge = buildBridge(
      contract,
      {},
      {
        invoke: async (_c, payload) => (sent.push(payload), { ok: true, value: 0 }),
        subscribe: () => () => undefined,
        registerDropped: async (entries) => (
          registered.push(entries),
          { ok: true, value: `token-${registered.length}` }
        ),
      },
      { pathForFile: (f) => (f.name === 'made-in-page.jpg' ? '' : `/home/m/${f.name}`) },
    );
    const files = [
      { name: 'scans', size: 0 },
      { name: 'made-in-page.jpg', size: 10 },
    ];
    assert.equal((await bridge.drop({ files })).ok, true);
    assert.deepEqual(registered, [[{ path: '/home/m/scans' }, { name: 'made-in-page.jpg', noPath: true }]]);
    assert.deepEqual(sent, [{ dropped: 'token-1' }], 'the call carries the token, not the paths');
    // Without a resolver (or when it throws, as Electron does for a non-File), nothing has a path.
    assert.deepEqual(resolveDropped([{ name: 'a.jpg' }], undefined), [{ name: 'a.jpg', noPath: true }]);
    assert.deepEqual(
      resolveDropped([{ name: 'b.jpg' }], () => {
        throw new TypeError('not a File');
      }),
      [{ name: 'b.jpg', noPath: true }],
    );
    // The window cannot name a path itself: a call with `dropped` in it is refused, not sent.
    const named = await bridge.drop({ files: [{ name: 'x.jpg' }], dropped: [{ path: '/etc/passwd' }] } as never);
    assert.equal(named.ok, false);
    assert.equal((await bridge.drop({ files: [] })).ok, false, 'an empty drop is refused before it is sent');
    assert.equal(sent.length, 1);
    assert.equal(registered.length, 1);
  },
);

test(
  'the preload bridge: calls on dd:<channel> with the ' + 'call ID, cancels on dd-cancel, paths from webUtils',
  async () => {
    const invoked: unknown[][] = [];
    const sentMessages: unknown[][] = [];
    let release = (): void => undefined;
    const ipc = {
      invoke: (...args: unknown[]) => (
        invoked.push(args),
        args[0] === droppedChannel
          ? Promise.resolve({ ok: true, value: 'dropped:token' })
          : new Promise((r) => (release = () => r({ ok: true, value: [] })))
      ),
      send: (...args: unknown[]) => void sentMessages.push(args),
      on: () => ipc,
      off: () => ipc,
    };
    const bridge = createPreloadBridge(ipc as never, {
      getPathForFile: (f) => `/Users/m/Desktop/${(f as { name: string }).name}`,
    });
    const dropped = bridge.importDropped({ files: [{ name: 'receipts' }] });
    await new Promise((r) => setImmediate(r));
    release();
    await dropped;
    assert.deepEqual(invoked[0], [droppedChannel, [{ path: '/Users/m/Desktop/receipts' }]]);
    assert.deepEqual(invoked[1], [`${channelPrefix}importDropped`, { dropped: 'dropped:token' }]);
    const stop = new AbortController();
    const picture = bridge.getPagePicture({ itemId: 'a'.repeat(64), page: 0, maxWidth: 64 }, { signal: stop.signal });
    stop.abort();
    assert.equal((await picture).ok, false);
    const callId = invoked[2]![2];
    assert.equal(typeof callId, 'string');
    assert.deepEqual(sentMessages, [[cancelChannel, callId]]);
    assert.ok(Object.isFrozen(bridge));
    assert.deepEqual(Object.keys(bridge).sort(), [...Object.keys(ipcContract), 'on'].sort());
  },
);

test(
  'main imports dropped paths with its one walker: folders ' + 'to their depth, hidden files skipped, no-path refused',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dd-drop-'));
    try {
      const store = createEvidenceStore(join(dir, 'store'));
      mkdirSync(join(dir, 'scans', 'deeper'), { recursive: true });
      await scanJpeg(join(dir, 'scans', 'deeper', 'receipt.jpg'), { width: 400, height: 500 });
      writeFileSync(join(dir, 'scans', '.hidden.jpg'), 'x');
      const outcomes = await importDropped(store, [{ path: join(dir, 'scans') }, { name: 'pasted.png', noPath: true }]);
      assert.deepEqual(
        outcomes.map((o) => [o.ok ? o.item.name : o.name, o.ok ? 'added' : o.skipped ? 'skipped' : 'refused']),
        [
          ['.hidden.jpg', 'skipped'],
          ['receipt.jpg', 'added'],
          ['pasted.png', 'refused'],
        ],
      );
      const refused = outcomes.at(-1)!;
      assert.match(
        !refused.ok ? refused.reason : '',
        /^pasted\.png was not added: it did not come from a folder on this computer/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
