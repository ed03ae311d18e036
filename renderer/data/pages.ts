// A list read page by page (a query whose input has offset and limit), each page its own query:
// a page is asked for once it scrolls into view, and a new base input (filters, order) starts
// over from none. The pages of the old input stop being watched at once, so their calls are
// cancelled and a late one never lands among the new rows.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { z } from 'zod';
import type { IpcContract } from '../../shared/ipc/contract.ts';
import type { BridgeInput } from '../../shared/ipc/define.ts';
import { dataClient } from './data.ts';
import { queryKey, type QueryState } from './query-client.ts';

interface Paging {
  offset: number;
  limit: number;
}
/** The channels that page: their input takes an offset and a limit (a mutation is refused when watched). */
type PagedChannel = {
  [K in keyof IpcContract & string]: BridgeInput<IpcContract[K]> extends Paging ? K : never;
}[keyof IpcContract & string];

export interface Pages<T> {
  /** Page `n` for the current base input (never another input's page). */
  page(n: number): QueryState<T>;
  /** Watches the pages that hold items `from` to `to` (exclusive); cheap when they are watched already. */
  ensure(from: number, to: number): void;
}

export function usePages<K extends PagedChannel>(
  channel: K,
  base: Omit<BridgeInput<IpcContract[K]>, keyof Paging>,
  size: number,
): Pages<z.output<IpcContract[K]['output']>> {
  const key = queryKey(channel, base);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  // The pages watched, for one base input; replaced (and the old ones let go) when it changes.
  const held = useRef<{ key: string; offs: Map<number, () => void> } | undefined>(undefined);
  // The key spells out the base input: a new input, new callbacks; a re-render, none.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key spells out channel and base
  const inputOf = useCallback((n: number) => pageInput(channel, base, n, size), [key, size]);
  const ensure = useCallback(
    (from: number, to: number) => {
      let h = held.current;
      if (h?.key !== key) {
        h?.offs.forEach((off) => off());
        h = { key, offs: new Map() };
        held.current = h;
      }
      for (let n = Math.floor(from / size); n <= Math.floor(Math.max(from, to - 1) / size); n++)
        if (!h.offs.has(n)) h.offs.set(n, dataClient().subscribe(channel, inputOf(n), changed));
    },
    [channel, key, size, inputOf],
  );
  useEffect(() => ensure(0, 1), [ensure]);
  useEffect(
    () => () => {
      held.current?.offs.forEach((off) => off());
      held.current = undefined;
    },
    [],
  );
  const page = useCallback((n: number) => dataClient().getState(channel, inputOf(n)), [channel, inputOf]);
  return { page, ensure };
}

/** The input of page `n`: the base input and where the page starts. */
export function pageInput<K extends PagedChannel>(
  _channel: K,
  base: Omit<BridgeInput<IpcContract[K]>, keyof Paging>,
  n: number,
  size: number,
): BridgeInput<IpcContract[K]> {
  // The type above admits only channels whose input is the base input plus offset and limit.
  return { ...base, offset: n * size, limit: size } as BridgeInput<IpcContract[K]>;
}
