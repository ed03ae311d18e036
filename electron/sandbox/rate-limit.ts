// The service's rate limit: N requests per window per source IP + path + host, then a block.
export interface RateLimitSettings {
  max: number;
  /** With `rate-limit-test: match`. */
  testMax: number;
  windowMs: number;
  blockMs: number;
}

export const defaultRateLimit: RateLimitSettings = { max: 1000, testMax: 10, windowMs: 10_000, blockMs: 10_000 };

export function createRateLimiter(settings: RateLimitSettings, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number; blockedUntil: number }>();
  return {
    /** Counts the request; returns the seconds to wait when blocked. */
    hit(key: string, testMode: boolean): number | undefined {
      const t = now();
      let w = windows.get(key);
      // A new window starts when the old one ran out, or when a block has been served.
      if (
        !w ||
        (t - w.start >= settings.windowMs && t >= w.blockedUntil) ||
        (w.blockedUntil > 0 && t >= w.blockedUntil)
      ) {
        w = { start: t, count: 0, blockedUntil: 0 };
        windows.set(key, w);
      }
      if (t < w.blockedUntil) return Math.ceil((w.blockedUntil - t) / 1000);
      w.count++;
      if (w.count > (testMode ? settings.testMax : settings.max)) {
        w.blockedUntil = t + settings.blockMs;
        return Math.ceil(settings.blockMs / 1000);
      }
      return undefined;
    },
  };
}
