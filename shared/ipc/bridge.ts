// Builds `window.disputeDesk` from the contract over any transport: Electron's ipcRenderer in
// the preload, or Playwright's exposeBinding in the browser tests. Both get the very same
// object, so the renderer cannot tell them apart and tests exercise the real surface.
//
// The bridge checks no input: main checks every call against the contract's schemas and is the
// authority (electron/ipc/router.ts). Checked here too, every schema was built in the window at
// every start (about 90 ms before the first rows) to catch a renderer bug one round trip sooner.
// So the window's bundles give this module the contract's table (build/contract-table.ts): each
// channel's name and whether it carries dropped files, each event's name.
import { cancelledError, type Contract, type EventContract, type Bridge, type CallOptions } from './define.ts';
import type { DroppedEntry, DroppedFile } from './dropped.ts';
import type { Result } from '../errors.ts';

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
    api[name] = async (given: unknown, options: CallOptions = {}): Promise<Result<unknown>> => {
      const input = def.dropped ? withDropped(given, o.pathForFile) : given;
      if (input === refused)
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: 'Dispute Desk could not send that request (only dropped files are taken).',
            retryable: false,
          },
        };
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
 * an input naming `dropped` itself, or with no Files in `files`, is refused here, never passed on
 * (main would refuse it too: only registered paths reach a handler). */
function withDropped(given: unknown, pathForFile: BridgeOptions['pathForFile']): unknown {
  if (!given || typeof given !== 'object' || Object.hasOwn(given, 'dropped')) return refused;
  const { files, ...rest } = given as { files?: unknown };
  if (!Array.isArray(files) || files.length === 0) return refused;
  return { ...rest, dropped: resolveDropped(files as DroppedFile[], pathForFile) };
}

/** Each dropped File as a path (dropped.ts says why paths travel apart), or by name when it has
 * none (made in the page, not from a disk). */
export function resolveDropped(
  files: readonly DroppedFile[],
  pathForFile: ((f: DroppedFile) => string) | undefined,
): DroppedEntry[] {
  return files.map((f) => {
    let path = '';
    try {
      path = pathForFile?.(f) ?? '';
    } catch {
      // Electron throws for something that is not a File: it has no path either.
    }
    return path ? { path } : { name: String(f.name ?? '').slice(0, 255), noPath: true as const };
  });
}
