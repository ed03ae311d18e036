// The service's clock, as the `Date` header of its answers tells it, carried forward on this
// computer's monotonic clock: a deadline is judged by the service's date, so a computer whose
// clock jumps (a day, a year) never fails an answer that the service would still take.
import { performance } from 'node:perf_hooks';

export function createServiceClock(monotonic: () => number = () => performance.now()) {
  let seen: { at: number; service: number } | undefined;
  return {
    /** An answer's `Date` header, read as a time (ms); an unreadable one is ignored. */
    seen(header: string | undefined): void {
      const service = header === undefined ? NaN : Date.parse(header);
      if (Number.isFinite(service)) seen = { at: monotonic(), service };
    },
    /** The service's time now (ms), or undefined before any answer said it. */
    now(): number | undefined {
      return seen && seen.service + (monotonic() - seen.at);
    },
  };
}
export type ServiceClock = ReturnType<typeof createServiceClock>;
