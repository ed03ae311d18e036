// Every request the client makes goes through here: paced under the service's observed rate
// limit, a 429 block waited out (up to a limit), and a read retried with jittered backoff. A
// write is never resent here except after a 429 (the service did not process it): the caller
// reconciles a write whose outcome it did not see.
import type { Dispatcher } from 'undici';
import type { EnvelopeBody } from '../../shared/api/envelope.ts';
import { isAppError } from '../../shared/errors.ts';
import { send, type HttpConfig, type RequestSpec } from './http.ts';
import { backoffDelay, defaultRetry, sleep, type RetryPolicy } from './retry.ts';

/** The service blocks a source for 10 s after 1,000 requests to one path in 10 s (observed
 * behaviour). A full sync reads hundreds of entry pages, quickly enough now to come near that:
 * the client keeps under it with a margin, rather than run into a block and wait it out. */
export const observedRateLimit = { max: 900, windowMs: 10_000 };

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  rateLimitTest?: boolean;
  /** How long a 429 block may be waited out in total before giving up. */
  maxRateLimitWaitMs?: number;
  dispatcher?: Dispatcher;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Requests per path the client allows itself in a window (see `observedRateLimit`). */
  pace?: { max: number; windowMs: number };
  /** Told each answer's `Date` header. */
  onServiceDate?: (header: string | undefined) => void;
}

/** Sends a request with the retry rules of its kind. */
export type Call = (spec: RequestSpec, kind: 'read' | 'write') => Promise<EnvelopeBody>;

/** How long to wait before the next request to a path so that at most `max` go in any window.
 * Each request takes its slot at once, so requests asked for together are spaced as well. */
function createPacer(limit: { max: number; windowMs: number }, now: () => number = Date.now): (path: string) => number {
  const slots = new Map<string, number[]>();
  return (path) => {
    let times = slots.get(path);
    if (!times) slots.set(path, (times = []));
    const t = now();
    const at = times.length >= limit.max ? Math.max(t, times[times.length - limit.max]! + limit.windowMs) : t;
    times.push(at);
    if (times.length > limit.max) times.shift();
    return at - t;
  };
}

export function createTransport(opts: TransportOptions): Call {
  const http: HttpConfig = {
    baseUrl: opts.baseUrl,
    apiKey: opts.apiKey,
    timeoutMs: opts.timeoutMs ?? 30_000,
    rateLimitTest: opts.rateLimitTest ?? false,
    ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
    onServiceDate: opts.onServiceDate,
  };
  const policy = opts.retry ?? defaultRetry;
  const wait = opts.sleep ?? sleep;
  const random = opts.random ?? Math.random;
  const maxRateWait = opts.maxRateLimitWaitMs ?? 60_000;
  // With `rate-limit-test` the point is to meet the (lowered) limit, so nothing is held back.
  const pace = opts.rateLimitTest ? undefined : createPacer(opts.pace ?? observedRateLimit);

  return async function call(spec: RequestSpec, kind: 'read' | 'write'): Promise<EnvelopeBody> {
    let attempt = 0;
    let rateWaited = 0;
    for (;;) {
      const held = pace?.(spec.path) ?? 0;
      if (held > 0) await wait(held, spec.signal);
      try {
        return await send(http, spec);
      } catch (e) {
        if (!isAppError(e)) throw e;
        if (e.kind === 'rate-limited') {
          const ms = (e.retryAfterSeconds ?? 10) * 1000;
          if (rateWaited + ms > maxRateWait) throw e;
          rateWaited += ms;
          await wait(ms, spec.signal);
          continue;
        }
        // A write whose outcome is unknown is never resent here: the caller reconciles.
        if (kind === 'write' || !e.retryable || attempt + 1 >= policy.attempts) throw e;
        await wait(backoffDelay(attempt, policy, random), spec.signal);
        attempt++;
      }
    }
  };
}
