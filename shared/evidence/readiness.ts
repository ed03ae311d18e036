// Whether a packet as arranged may go to the outbox now, and if not, why, in the merchant's words.
// The size estimate is for one arrangement: figures for an earlier one are no answer, so while the
// estimate of the current one is pending the packet waits ("calculating"), and a packet over the
// limits never goes. The main process refuses an over-limit packet again when it builds it
// (buildPacket's problems, against the profile's own limits).
import type { Estimate } from './items.ts';

export type SizeCheck =
  | { state: 'empty' }
  | { state: 'adding'; what: string }
  | { state: 'calculating' }
  | { state: 'failed'; message: string }
  | { state: 'sized'; estimate: Estimate };

export type Readiness = { ok: true } | { ok: false; reason: string };

export function packetReadiness(check: SizeCheck): Readiness {
  switch (check.state) {
    case 'empty':
      return { ok: true };
    case 'adding':
      return { ok: false, reason: `Wait: ${check.what.charAt(0).toLowerCase()}${check.what.slice(1)}` };
    case 'calculating':
      return { ok: false, reason: 'Wait: the size of the packet is still being calculated.' };
    case 'failed':
      return { ok: false, reason: `The size of the packet could not be calculated: ${check.message}` };
    case 'sized': {
      const { estimate } = check;
      if (estimate.fits && estimate.problems.length === 0) return { ok: true };
      const why = estimate.problems.join(' ') || "it does not fit the processor's limits.";
      return { ok: false, reason: `The packet is over the limits: ${why}` };
    }
  }
}
