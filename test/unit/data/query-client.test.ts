// The renderer's data layer with a fake bridge: a late answer for an input no longer asked for is
// dropped, an input change or the last viewer leaving aborts the call, and a mutation or an event
// refetches only the queries that read what it changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { query, mutation, type Bridge, type CallOptions } from '../../../shared/ipc/define.ts';
import type { Result } from '../../../shared/errors.ts';
import { createQueryClient, keptUnwatched } from '../../../renderer/data/query-client.ts';

const contract = {
  getDispute: query('One chargeback.', z.object({ id: z.string() }), z.string(), { tags: ['chargebacks'] }),
  listLedger: query('The ledger.', z.object({}), z.number(), { tags: ['ledger'] }),
  setChecklistItem: mutation('Ticks an item.', z.object({ id: z.string() }), z.boolean(), {
    invalidates: ['chargebacks'],
  }),
};
type Events = { outboxChanged: z.ZodObject; batchProgress: z.ZodObject };

/** A bridge whose calls wait until the test answers them. */
function fakeBridge() {
  const calls: Array<{ channel: string; input: unknown; signal?: AbortSignal; answer(v: unknown): void }> = [];
  const listeners = new Map<string, () => void>();
  const method =
    (channel: string) =>
    (input: unknown, o: CallOptions = {}) =>
      new Promise<Result<unknown>>((resolve) => {
        calls.push({
          channel,
          input,
          signal: o.signal as AbortSignal | undefined,
          answer: (value) => resolve({ ok: true, value }),
        });
        // As the real bridge does: an abort answers 'cancelled' at once.
        const cancelled = (): void =>
          resolve({ ok: false, error: { kind: 'cancelled', message: 'Stopped', retryable: false } });
        if (o.signal?.aborted) cancelled();
        o.signal?.addEventListener('abort', cancelled);
      });
  const bridge = {
    getDispute: method('getDispute'),
    listLedger: method('listLedger'),
    setChecklistItem: method('setChecklistItem'),
    on: (event: string, l: () => void) => (listeners.set(event, l), () => listeners.delete(event)),
  } as unknown as Bridge<typeof contract, Events>;
  return { bridge, calls, emit: (event: string) => listeners.get(event)?.(), listeners };
}
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

test('switching from chargeback A to B: the call for A is aborted and its late answer never shows as B', async () => {
  const { bridge, calls } = fakeBridge();
  const client = createQueryClient({ bridge, contract });
  const offA = client.subscribe('getDispute', { id: 'A' }, () => undefined);
  assert.equal(client.getState('getDispute', { id: 'A' }).fetching, true);
  // The screen moves to B before A's answer arrives.
  offA();
  client.subscribe('getDispute', { id: 'B' }, () => undefined);
  assert.equal(calls[0]!.signal!.aborted, true, 'the call for A is cancelled (in main too, through the bridge)');
  calls[0]!.answer('dispute A');
  await settle();
  assert.equal(client.getState('getDispute', { id: 'B' }).data, undefined, "A's answer is not B's");
  assert.equal(client.getState('getDispute', { id: 'A' }).data, undefined, 'nor kept: nobody asked for it any more');
  calls[1]!.answer('dispute B');
  await settle();
  assert.deepEqual(client.getState('getDispute', { id: 'B' }), { data: 'dispute B', fetching: false });
});

test('a refetch supersedes the one before: only the newest answer is kept', async () => {
  const { bridge, calls } = fakeBridge();
  const client = createQueryClient({ bridge, contract });
  client.subscribe('listLedger', {}, () => undefined);
  client.invalidate(['ledger']);
  assert.equal(calls.length, 2);
  assert.equal(calls[0]!.signal!.aborted, true);
  calls[1]!.answer(2);
  calls[0]!.answer(1);
  await settle();
  assert.equal(client.getState('listLedger', {}).data, 2);
});

test(
  'a mutation refetches only the shown queries that ' + 'read what it changed; hidden ones wait until shown',
  async () => {
    const { bridge, calls } = fakeBridge();
    const client = createQueryClient({ bridge, contract });
    const heard: number[] = [];
    client.subscribe('getDispute', { id: 'A' }, () => heard.push(1));
    client.subscribe('listLedger', {}, () => undefined);
    const offB = client.subscribe('getDispute', { id: 'B' }, () => undefined);
    for (const c of calls) c.answer(c.channel === 'listLedger' ? 5 : `dispute ${(c.input as { id: string }).id}`);
    await settle();
    offB();
    calls.length = 0;
    const done = client.mutate('setChecklistItem', { id: 'A' });
    calls[0]!.answer(true);
    assert.deepEqual(await done, { ok: true, value: true });
    assert.deepEqual(
      calls.slice(1).map((c) => `${c.channel} ${JSON.stringify(c.input)}`),
      ['getDispute {"id":"A"}'],
      'the ledger is untouched, hidden B waits',
    );
    assert.equal(
      client.getState('getDispute', { id: 'A' }).data,
      'dispute A',
      'the old answer shows while the new one comes',
    );
    calls[1]!.answer('dispute A, ticked');
    await settle();
    assert.equal(client.getState('getDispute', { id: 'A' }).data, 'dispute A, ticked');
    // Shown again, B is fetched again: it went stale while hidden.
    client.subscribe('getDispute', { id: 'B' }, () => undefined);
    assert.equal(calls.at(-1)!.channel, 'getDispute');
    assert.deepEqual(calls.at(-1)!.input, { id: 'B' });
    // A failed mutation stales nothing.
    const n = calls.length;
    const failed = client.mutate('setChecklistItem', { id: 'A' }, { signal: AbortSignal.abort() });
    assert.equal((await failed).ok, false);
    assert.equal(calls.length, n + 1);
  },
);

test('an event from main stales what the contract says it changes', async () => {
  const { bridge, calls, emit, listeners } = fakeBridge();
  const client = createQueryClient({
    bridge,
    contract,
    eventInvalidations: { outboxChanged: ['chargebacks'], batchProgress: [] },
  });
  const off = client.connectEvents();
  assert.deepEqual([...listeners.keys()], ['outboxChanged'], 'events that change nothing are not listened to');
  client.subscribe('getDispute', { id: 'A' }, () => undefined);
  client.subscribe('listLedger', {}, () => undefined);
  const stale: string[] = [];
  client.onInvalidate((tags) => stale.push(tags.join()));
  emit('outboxChanged');
  assert.deepEqual(
    calls.map((c) => c.channel),
    ['getDispute', 'listLedger', 'getDispute'],
  );
  assert.deepEqual(stale, ['chargebacks']);
  off();
  assert.equal(listeners.size, 0);
});

test('a query that is not one is refused; an answered query is not fetched again until stale', async () => {
  const { bridge, calls } = fakeBridge();
  const client = createQueryClient({ bridge, contract });
  assert.throws(
    () => client.subscribe('setChecklistItem' as 'getDispute', { id: 'A' }, () => undefined),
    /not a query/,
  );
  const off = client.subscribe('listLedger', {}, () => undefined);
  calls[0]!.answer(7);
  await settle();
  off();
  client.subscribe('listLedger', {}, () => undefined);
  assert.equal(calls.length, 1, 'answered and still fresh: shown from the cache');
  assert.equal(client.getState('listLedger', {}).data, 7);
});

test('answers nothing shows are kept up to a bound, the oldest forgotten first; a shown one never', async () => {
  const { bridge, calls } = fakeBridge();
  const client = createQueryClient({ bridge, contract });
  const shown = client.subscribe('getDispute', { id: 'shown' }, () => undefined);
  calls[0]!.answer('kept while shown');
  // A merchant types many searches: each answer is kept only while it is among the last ones.
  for (let i = 0; i < keptUnwatched + 5; i++) {
    const off = client.subscribe('getDispute', { id: `search ${i}` }, () => undefined);
    calls.at(-1)!.answer(`answer ${i}`);
    await settle();
    off();
  }
  assert.equal(client.getState('getDispute', { id: 'search 0' }).data, undefined, 'the oldest is forgotten');
  assert.equal(client.getState('getDispute', { id: 'search 4' }).data, undefined);
  assert.equal(client.getState('getDispute', { id: 'search 5' }).data, 'answer 5', 'the last ones are kept');
  assert.equal(
    client.getState('getDispute', { id: `search ${keptUnwatched + 4}` }).data,
    `answer ${keptUnwatched + 4}`,
  );
  assert.equal(
    client.getState('getDispute', { id: 'shown' }).data,
    'kept while shown',
    'a shown query is never forgotten',
  );
  // A forgotten one is asked for again when shown again.
  const before = calls.length;
  client.subscribe('getDispute', { id: 'search 0' }, () => undefined);
  assert.equal(calls.length, before + 1);
  shown();
});

test("an answer got by the window's first call is kept as the query's: shown without asking again", async () => {
  const { bridge, calls } = fakeBridge();
  const client = createQueryClient({ bridge, contract });
  const asOf = client.invalidations();
  assert.equal(client.prime('getDispute', { id: 'A' }, 'dispute A', asOf), true);
  client.subscribe('getDispute', { id: 'A' }, () => undefined);
  assert.deepEqual(client.getState('getDispute', { id: 'A' }), { data: 'dispute A', fetching: false });
  assert.equal(calls.length, 0, 'nothing asked');
  // It is a query's answer like any other: what changes what it reads fetches it again.
  client.invalidate(['chargebacks']);
  assert.equal(calls.length, 1);
});

test('an answer older than a change to what it reads is not kept: the query asks for a fresh one', async () => {
  const { bridge, calls } = fakeBridge();
  const client = createQueryClient({ bridge, contract });
  const asOf = client.invalidations();
  // While the first call is under way, a sync ends and stales the chargebacks.
  client.invalidate(['chargebacks']);
  assert.equal(client.prime('getDispute', { id: 'A' }, 'dispute A before the sync', asOf), false);
  // A change to something else does not stand in the way.
  assert.equal(client.prime('listLedger', {}, 7, asOf), true, 'the ledger was not staled since');
  client.subscribe('getDispute', { id: 'A' }, () => undefined);
  assert.equal(client.getState('getDispute', { id: 'A' }).data, undefined, 'the stale answer is not shown');
  assert.equal(calls.length, 1, 'asked for afresh');
  calls[0]!.answer('dispute A after the sync');
  await settle();
  assert.equal(client.getState('getDispute', { id: 'A' }).data, 'dispute A after the sync');
  // A query with an answer or a fetch of its own keeps it.
  assert.equal(client.prime('getDispute', { id: 'A' }, 'older', client.invalidations()), false);
  assert.equal(client.getState('getDispute', { id: 'A' }).data, 'dispute A after the sync');
  // A mutation is never primed.
  assert.equal(client.prime('setChecklistItem' as 'getDispute', { id: 'A' }, 'x', client.invalidations()), false);
});
