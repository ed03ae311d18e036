// The profile in use is a preference of this window, so it is remembered by the window (its
// storage): the window's first call names it before anything else has started (start.ts).
const key = 'dispute-desk.profile';

/** The profile this window used last, if it remembers one. */
export function rememberedProfile(): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberProfile(id: string): void {
  try {
    localStorage.setItem(key, id);
  } catch {
    // Storage can be off (private window); the choice then lasts until the window closes.
  }
}
