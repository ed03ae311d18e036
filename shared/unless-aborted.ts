// Waits for work that is not the waiter's to stop (shared, kept, going on for others) unless the
// waiter gives up first: then it is answered at once with why, and the work goes on.

/** What is used of an AbortSignal (shared/ sees neither Node's types nor the DOM's). */
interface Abortable {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** `work`'s answer, or a rejection with `why` (the signal's reason unless given) once `signal` aborts. */
export function unlessAborted<T>(
  work: Promise<T>,
  signal: Abortable | undefined,
  why: () => unknown = () => signal?.reason,
): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(why());
  return new Promise<T>((resolve, reject) => {
    const stop = (): void => reject(why());
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
