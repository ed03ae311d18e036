import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapLimited } from '../../../shared/map-limited.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

test('results come back in the list order, with never more than the limit in flight', async () => {
  let inFlight = 0;
  let most = 0;
  const out = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (n, i) => {
    most = Math.max(most, ++inFlight);
    for (let k = 0; k < n; k++) await tick();
    inFlight--;
    return `${i}:${n}`;
  });
  assert.deepEqual(out, ['0:5', '1:1', '2:4', '3:2', '4:3', '5:0']);
  assert.equal(most, 2);
});

test('a limit below one still makes progress, and an empty list starts nothing', async () => {
  assert.deepEqual(await mapLimited([1, 2], 0, async (n) => n * 2), [2, 4]);
  let called = false;
  assert.deepEqual(await mapLimited([], 4, async () => (called = true)), []);
  assert.equal(called, false);
});

test('an aborted signal rejects, and no item is started after it', async () => {
  const ac = new AbortController();
  const started: number[] = [];
  await assert.rejects(
    mapLimited(
      [0, 1, 2, 3, 4, 5],
      2,
      async (n) => {
        started.push(n);
        if (n === 1) ac.abort();
        await tick();
      },
      { signal: ac.signal },
    ),
    { name: 'AbortError' },
  );
  assert.deepEqual(started, [0, 1]);
});

test('stop ends the lanes quietly before they take another item', async () => {
  let stopping = false;
  const started: number[] = [];
  await mapLimited(
    [0, 1, 2, 3],
    1,
    async (n) => {
      started.push(n);
      if (n === 1) stopping = true;
    },
    { stop: () => stopping },
  );
  assert.deepEqual(started, [0, 1]);
});

test('a failure rejects the whole map', async () => {
  await assert.rejects(
    mapLimited([1, 2, 3], 2, async (n) => {
      if (n === 2) throw new Error('two');
      return n;
    }),
    /two/,
  );
});
