// Whether a packet may go to the outbox: never on an earlier arrangement's figures, never over the limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packetReadiness } from '../../../shared/evidence/readiness.ts';

const sized = (o: { fits: boolean; problems?: string[] }) => ({
  state: 'sized' as const,
  estimate: { bytes: 1000, pages: 2, files: 1, fits: o.fits, problems: o.problems ?? [] },
});

test('a packet that fits may go; an empty builder holds nothing back', () => {
  assert.deepEqual(packetReadiness(sized({ fits: true })), { ok: true });
  assert.deepEqual(packetReadiness({ state: 'empty' }), { ok: true });
});

test('while files are added or the size is calculated, the packet waits, saying why', () => {
  assert.deepEqual(packetReadiness({ state: 'adding', what: 'Adding file 2 of 5…' }), {
    ok: false,
    reason: 'Wait: adding file 2 of 5…',
  });
  assert.deepEqual(packetReadiness({ state: 'calculating' }), {
    ok: false,
    reason: 'Wait: the size of the packet is still being calculated.',
  });
  assert.deepEqual(packetReadiness({ state: 'failed', message: 'The file is gone.' }), {
    ok: false,
    reason: 'The size of the packet could not be calculated: The file is gone.',
  });
});

test("over the limits it never goes, with the solver's own words", () => {
  const r = packetReadiness(
    sized({
      fits: false,
      problems: ['The packet has 23 pages with the cover letter; the limit is 19. Remove 4 pages.'],
    }),
  );
  assert.deepEqual(r, {
    ok: false,
    reason:
      'The packet is over the limits: The packet has 23 pages with the cover letter; the limit is 19. Remove 4 pages.',
  });
  // An estimate that says it does not fit without naming a problem is still refused.
  assert.equal(packetReadiness(sized({ fits: false })).ok, false);
  // Problems with fits claimed are refused too: a problem is a problem.
  assert.equal(packetReadiness(sized({ fits: true, problems: ['Page 3 cannot fit the per-file limit.'] })).ok, false);
});
