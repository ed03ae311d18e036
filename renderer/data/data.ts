// The window's one query client (client.ts), and the hooks screens use:
// useQuery(channel, input) shows a query for the current input only, and stops asking (cancels in
// main) when the input changes or the screen goes; mutate(channel, input) changes things and
// refreshes what they touched. See query-client.ts for the rules.
import { useCallback, useSyncExternalStore } from 'react';
import type { IpcContract, IpcEvents } from '../../shared/ipc/contract.ts';
import type { z } from 'zod';
import type { BridgeInput } from '../../shared/ipc/define.ts';
import { queryKey, type QueryClient, type QueryState } from './query-client.ts';
import { dataClient } from './client.ts';

export { dataClient };

const none: QueryState<never> = Object.freeze({ fetching: false });

/** A query for `input` (none while `input` is undefined). */
export function useQuery<K extends keyof IpcContract & string>(
  channel: K,
  input: BridgeInput<IpcContract[K]> | undefined,
): QueryState<z.output<IpcContract[K]['output']>> {
  const key = input === undefined ? '' : queryKey(channel, input);
  // The key spells out the input: a new input, a new subscription; a re-render, none.
  const subscribe = useCallback(
    (l: () => void) => (input === undefined ? () => undefined : dataClient().subscribe(channel, input, l)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key spells out channel and input
    [key],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key spells out channel and input
  const snapshot = useCallback(() => (input === undefined ? none : dataClient().getState(channel, input)), [key]);
  return useSyncExternalStore(subscribe, snapshot);
}

export const mutate: QueryClient<IpcContract, IpcEvents>['mutate'] = (channel, input, options) =>
  dataClient().mutate(channel, input, options);
