// How the IPC contract is written down. A channel is a pair of zod schemas: what the renderer
// may send, what the main process answers. An event is one schema: what main pushes. Both
// processes import the same objects, so a message is checked against one definition.
//
// Each channel also says what it does to the window's data: a query reads (and carries the tags
// of what it reads), a mutation changes things (and names the tags it makes stale). The
// renderer's data layer (renderer/data/) caches queries by channel and input and refetches only
// what a mutation or an event invalidated.
import type { z } from 'zod';
import type { Result, ErrorInfo } from '../errors.ts';
import type { DroppedEntry, DroppedFile } from './dropped.ts';

/** What the window's data is made of; a query reads some, a mutation or an event stales some. */
export const dataTags = [
  'profiles',
  'keychain',
  'chargebacks',
  'sync',
  'events',
  'ledger',
  'outbox',
  'drafts',
  'savedFilters',
] as const;
export type DataTag = (typeof dataTags)[number];

export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  /** One line for people reading the contract (and the docs generated from it). */
  readonly summary: string;
  /** query: reads, may be cached and refetched; mutation: changes things, never repeated by the cache. */
  readonly kind: 'query' | 'mutation';
  /** A query: what it reads. */
  readonly tags: readonly DataTag[];
  /** A mutation: what it makes stale once it succeeds. */
  readonly invalidates: readonly DataTag[];
  /** Its input carries files dropped on the window, as the preload resolved them (see dropped.ts). */
  readonly dropped?: true;
}

export function query<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
  o: { tags: readonly DataTag[] },
): ChannelDef<I, O> {
  return { summary, input, output, kind: 'query', tags: o.tags, invalidates: [] };
}

export function mutation<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
  o: { invalidates: readonly DataTag[] },
): ChannelDef<I, O> {
  return { summary, input, output, kind: 'mutation', tags: [], invalidates: o.invalidates };
}

/** A mutation whose input has `dropped`: the bridge takes the window's File objects instead and the
 * preload turns them into paths (the window itself never names a path). */
export function droppedFilesMutation<I extends z.ZodType<{ dropped: DroppedEntry[] }>, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
  o: { invalidates: readonly DataTag[] },
): ChannelDef<I, O> & { readonly dropped: true } {
  return { ...mutation(summary, input, output, o), dropped: true };
}

export type Contract = Record<string, ChannelDef>;
export type EventContract = Record<string, z.ZodType>;
/** What each event from main makes stale in the window. */
export type EventInvalidations<E extends EventContract> = { readonly [K in keyof E]: readonly DataTag[] };

/** The prefix of every Electron IPC channel name the app uses. */
export const channelPrefix = 'dd:';
export const eventPrefix = 'dd-event:';
/** The one channel that carries "the window no longer wants the answer to call N". */
export const cancelChannel = 'dd-cancel';
/** The one channel on which the preload hands main the paths of dropped Files, for a one-time token
 * (see dropped.ts). It is not in the contract, so the window's `disputeDesk` cannot call it. */
export const droppedChannel = 'dd-dropped';

/** The answer a cancelled call gets, on both sides: the caller stopped waiting. */
export const cancelledError: ErrorInfo = {
  kind: 'cancelled',
  message: 'Stopped: the window no longer needed this answer.',
  retryable: false,
};

/** The part of AbortSignal the contract relies on (shared/ has neither the DOM's types nor Node's). */
export interface CallSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  throwIfAborted(): void;
}

/** What a handler gets besides its input: `signal` aborts when the window stops waiting. */
export interface CallContext {
  readonly signal: CallSignal;
}

export interface CallOptions {
  /** Aborting it answers the call with a 'cancelled' error at once and aborts the handler in main. */
  readonly signal?: CallSignal;
}

/** What the renderer sends for a channel: for a dropped-files channel, File objects instead of paths. */
export type BridgeInput<D extends ChannelDef> = D extends { readonly dropped: true }
  ? Omit<z.input<D['input']>, 'dropped'> & { files: readonly DroppedFile[] }
  : z.input<D['input']>;

/** What the renderer calls: every method answers a Result, never throws for a handled failure. */
export type BridgeMethods<C extends Contract> = {
  readonly [K in keyof C]: (
    input: BridgeInput<C[K]>,
    options?: CallOptions,
  ) => Promise<Result<z.output<C[K]['output']>>>;
};

export type EventListener<E extends EventContract, K extends keyof E> = (payload: z.output<E[K]>) => void;

export type Bridge<C extends Contract, E extends EventContract> = BridgeMethods<C> & {
  readonly on: <K extends keyof E & string>(event: K, listener: EventListener<E, K>) => () => void;
};

/** What the main side implements for each channel: validated input in, output out. The router
 * always passes the context; direct callers (tests, the CLI) may leave it out. */
export type Handlers<C extends Contract> = {
  readonly [K in keyof C]: (input: z.output<C[K]['input']>, context?: CallContext) => Promise<z.input<C[K]['output']>>;
};
