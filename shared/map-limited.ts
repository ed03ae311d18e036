// Runs an async function over a list with at most `limit` calls in flight, results in the list's
// order: the one bounded pool for work that would swamp the machine if all started at once
// (pages drawn by the image library, one per core; files imported; outbox jobs sent).

/** What is used of an AbortSignal (shared/ sees neither Node's types nor the DOM's). */
interface Abortable {
  throwIfAborted(): void;
}

export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  o: { signal?: Abortable | undefined; stop?: () => boolean } = {},
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  // Each lane takes the next item when its last one is done; a signal or `stop` ends the lanes
  // before they take another (what is in flight finishes), and an aborted signal rejects.
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      o.signal?.throwIfAborted();
      if (o.stop?.()) return;
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, Math.floor(limit)), items.length) }, lane));
  return out;
}
