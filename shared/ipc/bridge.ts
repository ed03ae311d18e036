// Builds `window.disputeDesk` from the contract over any transport: Electron's ipcRenderer in
// the preload, or Playwright's exposeBinding in the browser tests. Both get the very same
// object, so the renderer cannot tell them apart and tests exercise the real surface.
import { z } from 'zod';
import { cancelledError, type Contract, type EventContract, type Bridge, type CallOptions } from './define.ts';
import { resolveDropped, type DroppedEntry, type DroppedFile } from './dropped.ts';
import type { Result } from '../errors.ts';

// The bridge runs under the window's CSP, which forbids eval: zod validates without
// generating code there.
z.config({ jitless: true });

export interface BridgeTransport {
  /** `callId` is set when the caller may cancel; main then hands the handler an AbortSignal. */
  invoke(channel: string, payload: unknown, callId?: string): Promise<Result<unknown>>;
  /** Tells main the window no longer waits for call `callId`. */
  cancel?(callId: string): void;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
  /** Hands main the paths of dropped Files on a channel the window cannot call; answers the
   * one-time token the dropped-files call then carries instead of the paths (see dropped.ts). */
  registerDropped(entries: DroppedEntry[]): Promise<Result<string>>;
}

export interface BridgeOptions {
  /** Where a dropped File lives on disk ('' when it has none): Electron's webUtils.getPathForFile. */
  pathForFile?(file: DroppedFile): string;
}

/** What withDropped answers for an input that does not hand over dropped Files. */
const refused = Symbol('refused');

let calls = 0;
// Unguessable per window: a call ID names one call of this window, never another window's.
const callPrefix =
  (globalThis as { crypto?: { randomUUID?(): string } }).crypto?.randomUUID?.() ?? String(Math.random()).slice(2);

export function buildBridge<C extends Contract, E extends EventContract>(
  contract: C,
  events: E,
  transport: BridgeTransport,
  o: BridgeOptions = {},
): Bridge<C, E> {
  const api: Record<string, unknown> = {};
  for (const name of Object.keys(contract)) {
    const def = contract[name]!;
    // Inputs are checked here too, so a renderer bug shows as a validation error at once
    // instead of a round trip; main checks again and is the authority.
    api[name] = async (given: unknown, options: CallOptions = {}): Promise<Result<unknown>> => {
      const input = def.dropped ? withDropped(given, o.pathForFile) : given;
      const parsed = input === refused ? undefined : def.input.safeParse(input);
      if (!parsed?.success) {
        const why = parsed ? (parsed.error.issues[0]?.message ?? 'invalid input') : 'only dropped files are taken';
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: `Dispute Desk could not send that request (${why}).`,
            retryable: false,
          },
        };
      }
      let payload = input;
      if (def.dropped) {
        const { dropped, ...rest } = input as { dropped: DroppedEntry[] };
        const token = await transport.registerDropped(dropped);
        if (!token.ok) return token;
        payload = { ...rest, dropped: token.value };
      }
      const { signal } = options;
      if (!signal) return transport.invoke(name, payload);
      if (signal.aborted) return { ok: false, error: cancelledError };
      const callId = `${callPrefix}:${++calls}`;
      // The caller is answered at once; main is told so the handler can stop its work too.
      let onAbort = (): void => undefined;
      const stopped = new Promise<Result<unknown>>((resolve) => {
        onAbort = () => {
          transport.cancel?.(callId);
          resolve({ ok: false, error: cancelledError });
        };
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        return await Promise.race([transport.invoke(name, payload, callId), stopped]);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    };
  }
  api.on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (!Object.hasOwn(events, event)) throw new Error(`Unknown event ${event}`);
    return transport.subscribe(event, listener);
  };
  return Object.freeze(api) as Bridge<C, E>;
}

/** `{ files, ...rest }` from the window → `{ dropped, ...rest }`. Only an array of Files is taken:
 * an input naming `dropped` itself, or with no `files` array, is refused here, never passed on. */
function withDropped(given: unknown, pathForFile: BridgeOptions['pathForFile']): unknown {
  if (!given || typeof given !== 'object' || Object.hasOwn(given, 'dropped')) return refused;
  const { files, ...rest } = given as { files?: unknown };
  if (!Array.isArray(files)) return refused;
  return { ...rest, dropped: resolveDropped(files as DroppedFile[], pathForFile) };
}
