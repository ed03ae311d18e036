// The window's data layer, free of React so it is tested with a fake bridge
// (test/unit/data/query-client.test.ts). Queries are cached by channel and input; a mutation, or an
// event from main, stales the tags the contract names (shared/ipc/define.ts) and only the queries
// that read them are fetched again, and only while something shows them. Each fetch is made
// with an AbortSignal: when nothing shows a query any more, its call is cancelled in main too,
// and an answer that arrives for an input no longer asked for never reaches the screen.
import type {
  Bridge,
  BridgeInput,
  Contract,
  DataTag,
  EventContract,
  EventInvalidations,
} from '../../shared/ipc/define.ts';
import type { ErrorInfo, Result } from '../../shared/errors.ts';
import type { z } from 'zod';

export interface QueryState<T> {
  /** The last answer for this very input (kept while it is fetched again). */
  readonly data?: T;
  /** Why the last fetch failed, when it did. */
  readonly error?: ErrorInfo;
  /** A fetch is under way. */
  readonly fetching: boolean;
}

type Output<C extends Contract, K extends keyof C> = z.output<C[K]['output']>;
type Listener = () => void;

interface Entry {
  readonly channel: string;
  readonly input: unknown;
  state: QueryState<unknown>;
  stale: boolean;
  readonly listeners: Set<Listener>;
  /** The fetch under way; a newer one or the last listener leaving aborts it. */
  control?: AbortController;
  /** Settles when the fetch under way does (answered, failed or superseded). */
  pending?: Promise<void>;
}

const idle: QueryState<never> = Object.freeze({ fetching: false });

/** Answers kept for queries nothing shows (the last ones left, for a quick way back); older ones
 * are forgotten, so a session of many searches and date ranges does not grow without end. */
export const keptUnwatched = 100;

/** One key per channel and input: inputs are plain data, so their JSON names them. */
export const queryKey = (channel: string, input: unknown): string => `${channel} ${JSON.stringify(input ?? null)}`;

export function createQueryClient<C extends Contract, E extends EventContract>(o: {
  bridge: Bridge<C, E>;
  contract: C;
  eventInvalidations?: EventInvalidations<E>;
}) {
  const entries = new Map<string, Entry>();
  // Keys of entries nothing shows, oldest first (a Map keeps insertion order).
  const unwatched = new Map<string, true>();
  const onInvalidate = new Set<(tags: readonly DataTag[]) => void>();
  // Invalidations counted, and the count at which each tag was last staled (for prime).
  let invalidations = 0;
  const staledAt = new Map<DataTag, number>();
  const call = o.bridge as unknown as Record<
    string,
    (input: unknown, options: { signal: AbortSignal }) => Promise<Result<unknown>>
  >;

  function entryOf(channel: string, input: unknown): Entry {
    const key = queryKey(channel, input);
    let entry = entries.get(key);
    if (!entry) {
      entry = { channel, input, state: { fetching: false }, stale: true, listeners: new Set() };
      entries.set(key, entry);
    }
    return entry;
  }

  function set(entry: Entry, state: QueryState<unknown>): void {
    entry.state = state;
    for (const l of [...entry.listeners]) l();
  }

  function fetch(entry: Entry): Promise<void> {
    entry.control?.abort();
    const control = new AbortController();
    entry.control = control;
    entry.stale = false;
    set(entry, { ...entry.state, fetching: true });
    entry.pending = call[entry.channel]!(entry.input, { signal: control.signal }).then((r) => {
      // Superseded or cancelled: this answer is for a question no longer asked.
      if (control.signal.aborted || entry.control !== control) return;
      entry.control = undefined;
      set(
        entry,
        r.ok
          ? { data: r.value, fetching: false }
          : { ...(entry.state.data !== undefined ? { data: entry.state.data } : {}), error: r.error, fetching: false },
      );
    });
    return entry.pending;
  }

  /** `key` is no longer shown: it joins the kept answers, and the oldest beyond the bound go. */
  function forgetOldest(key: string): void {
    unwatched.delete(key);
    unwatched.set(key, true);
    for (const old of unwatched.keys()) {
      if (unwatched.size <= keptUnwatched) break;
      unwatched.delete(old);
      entries.delete(old);
    }
  }

  function invalidate(tags: readonly DataTag[]): void {
    if (tags.length === 0) return;
    invalidations++;
    for (const t of tags) staledAt.set(t, invalidations);
    for (const entry of entries.values()) {
      if (!o.contract[entry.channel]!.tags.some((t) => tags.includes(t))) continue;
      entry.stale = true;
      if (entry.listeners.size > 0) fetch(entry);
    }
    for (const l of [...onInvalidate]) l(tags);
  }

  return {
    /** Watches a query: fetched now if it has no answer yet or a stale one; `listener` hears every change. */
    subscribe<K extends keyof C & string>(channel: K, input: BridgeInput<C[K]>, listener: Listener): () => void {
      if (o.contract[channel]?.kind !== 'query') throw new Error(`${channel} is not a query`);
      const entry = entryOf(channel, input);
      const key = queryKey(channel, input);
      unwatched.delete(key);
      entry.listeners.add(listener);
      if (entry.stale && !entry.control) fetch(entry);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0) forgetOldest(key);
        if (entry.listeners.size > 0 || !entry.control) return;
        // Nobody shows it any more: the call is cancelled in main, and asked again when shown.
        entry.control.abort();
        entry.control = undefined;
        entry.stale = true;
        entry.state = { ...entry.state, fetching: false };
      };
    },
    /** The query's state for exactly this input (never another input's answer). */
    getState<K extends keyof C & string>(channel: K, input: BridgeInput<C[K]>): QueryState<Output<C, K>> {
      return (entries.get(queryKey(channel, input))?.state ?? idle) as QueryState<Output<C, K>>;
    },
    /** Calls a mutation; once it succeeds, what it changed is fetched again where shown. */
    async mutate<K extends keyof C & string>(
      channel: K,
      input: BridgeInput<C[K]>,
      options: { signal?: AbortSignal } = {},
    ): Promise<Result<Output<C, K>>> {
      const r = await (
        o.bridge[channel] as unknown as (i: unknown, opt: { signal?: AbortSignal }) => Promise<Result<Output<C, K>>>
      )(input, options);
      if (r.ok) invalidate(o.contract[channel]!.invalidates);
      return r;
    },
    /** Fetches a query now, shown or not, and answers its state once it is in. */
    async refetch<K extends keyof C & string>(channel: K, input: BridgeInput<C[K]>): Promise<QueryState<Output<C, K>>> {
      const entry = entryOf(channel, input);
      await fetch(entry);
      return entry.state as QueryState<Output<C, K>>;
    },
    invalidate,
    /** The invalidations so far: taken when a call whose answer will prime a query is made. */
    invalidations: (): number => invalidations,
    /**
     * An answer got by another call (openWindow answers listProfiles and listInbox at once) kept
     * as this query's, as if it had been fetched when that call was made (`asOf`, from
     * invalidations()). Not kept when what the query reads was staled since, or when the query
     * has an answer or a fetch of its own: it is then fetched as usual. Answers whether it was kept.
     */
    prime<K extends keyof C & string>(channel: K, input: BridgeInput<C[K]>, data: Output<C, K>, asOf: number): boolean {
      const def = o.contract[channel];
      if (def?.kind !== 'query' || def.tags.some((t) => (staledAt.get(t) ?? 0) > asOf)) return false;
      const entry = entryOf(channel, input);
      if (entry.state.data !== undefined || entry.control) return false;
      entry.stale = false;
      set(entry, { data, fetching: false });
      if (entry.listeners.size === 0) forgetOldest(queryKey(channel, input));
      return true;
    },
    /** Hears every invalidation, whatever it stales (a query already refetches what it reads). */
    onInvalidate(listener: (tags: readonly DataTag[]) => void): () => void {
      onInvalidate.add(listener);
      return () => onInvalidate.delete(listener);
    },
    /** Events from main stale what they changed; returns how to stop listening. */
    connectEvents(): () => void {
      const table = o.eventInvalidations;
      if (!table) return () => undefined;
      const offs = (Object.keys(table) as Array<keyof E & string>)
        .filter((e) => table[e].length > 0)
        .map((e) => o.bridge.on(e, () => invalidate(table[e])));
      return () => offs.forEach((off) => off());
    },
  };
}
export type QueryClient<C extends Contract, E extends EventContract> = ReturnType<typeof createQueryClient<C, E>>;
