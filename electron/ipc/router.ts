// The main side of IPC, free of Electron so tests and the browser bridge use it as is: a
// channel allow-list (the contract), a sender check, input validation before the handler and
// output validation after it, and every failure turned into an ErrorInfo value.
import { cancelledError, type CallContext, type Contract, type Handlers } from '../../shared/ipc/define.ts';
import { toErrorInfo, type ErrorInfo, type Result } from '../../shared/errors.ts';
import { createDroppedRegistry } from './dropped-registry.ts';

export interface SenderInfo {
  /** URL of the frame that sent the message. */
  url: string;
  /** Whether it is the window's top frame (subframes are never trusted). */
  isMainFrame: boolean;
}

export interface IpcRouter {
  readonly channels: readonly string[];
  /** `callId` (from the bridge) makes the call cancellable: cancel(callId) aborts its handler's signal. */
  invoke(channel: string, sender: SenderInfo, payload: unknown, callId?: string): Promise<Result<unknown>>;
  /** The window stopped waiting for call `callId`; false when no such call is running. */
  cancel(sender: SenderInfo, callId: string): boolean;
  /** The preload hands over the paths of dropped Files (on a channel the window cannot call) and
   * gets the one-time token a dropped-files call carries instead (shared/ipc/dropped.ts). */
  registerDropped(sender: SenderInfo, entries: unknown): Result<string>;
}

export interface RouterOptions<C extends Contract> {
  contract: C;
  handlers: Handlers<C>;
  /** Origins allowed to call, e.g. `app://dispute-desk`. */
  trustedOrigins: readonly string[];
  /** Where refused calls are reported (without their payloads). */
  onRefused?(reason: string, channel: string, sender: SenderInfo): void;
}

export function originOf(url: string): string {
  try {
    const u = new URL(url);
    // Custom schemes have an opaque origin ("null"); compare scheme + host instead.
    return u.origin !== 'null' ? u.origin : `${u.protocol}//${u.host}`;
  } catch {
    return '';
  }
}

export function createIpcRouter<C extends Contract>(opts: RouterOptions<C>): IpcRouter {
  const channels = Object.keys(opts.contract);
  for (const name of channels) {
    if (typeof (opts.handlers as Record<string, unknown>)[name] !== 'function')
      throw new Error(`IPC channel ${name} has no handler`);
  }
  for (const name of Object.keys(opts.handlers)) {
    if (!Object.hasOwn(opts.contract, name)) throw new Error(`IPC handler ${name} is not in the contract`);
  }
  const trusted = new Set(opts.trustedOrigins);
  // Calls that can be cancelled, by the ID the bridge gave them, while they run.
  const running = new Map<string, AbortController>();
  const isTrusted = (sender: SenderInfo): boolean => sender.isMainFrame && trusted.has(originOf(sender.url));
  const dropped = createDroppedRegistry();
  const untrusted: ErrorInfo = {
    kind: 'validation',
    message: "This request did not come from Dispute Desk's own window and was refused.",
    retryable: false,
  };

  return {
    channels,
    cancel(sender, callId) {
      if (!isTrusted(sender)) return false;
      const call = running.get(String(callId));
      call?.abort();
      return !!call;
    },
    registerDropped(sender, entries) {
      if (!isTrusted(sender)) {
        opts.onRefused?.('untrusted sender', 'registerDropped', sender);
        return { ok: false, error: untrusted };
      }
      return dropped.register(originOf(sender.url), entries);
    },
    async invoke(channel, sender, given, callId) {
      if (!Object.hasOwn(opts.contract, channel)) {
        opts.onRefused?.('unknown channel', channel, sender);
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: `Unknown request "${String(channel).slice(0, 60)}".`,
            retryable: false,
          },
        };
      }
      if (!isTrusted(sender)) {
        opts.onRefused?.('untrusted sender', channel, sender);
        return { ok: false, error: untrusted };
      }
      const def = opts.contract[channel]!;
      // Dropped paths only as the preload registered them: the call's token is swapped for them here.
      const redeemed = def.dropped ? dropped.redeem(originOf(sender.url), given) : { ok: true as const, value: given };
      if (!redeemed.ok) {
        opts.onRefused?.('dropped paths not handed over by the preload', channel, sender);
        return redeemed;
      }
      const payload = redeemed.value;
      const input = def.input.safeParse(payload);
      if (!input.success) {
        const fields = input.error.issues
          .slice(0, 10)
          .map((i) => ({ field: i.path.join('.') || undefined, message: i.message }));
        return {
          ok: false,
          error: {
            kind: 'validation',
            message: `The request "${channel}" had values Dispute Desk cannot use.`,
            fields,
            retryable: false,
          },
        };
      }
      const control = new AbortController();
      const id = typeof callId === 'string' && callId && !running.has(callId) ? callId : undefined;
      if (id) running.set(id, control);
      const aborted = new Promise<'aborted'>((resolve) =>
        control.signal.addEventListener('abort', () => resolve('aborted'), { once: true }),
      );
      try {
        const handler = (opts.handlers as Record<string, (input: unknown, context: CallContext) => Promise<unknown>>)[
          channel
        ]!;
        const work = handler(input.data, { signal: control.signal });
        // A cancelled call is answered at once, whether or not its handler notices the signal.
        const raw = await Promise.race([work, aborted]);
        if (raw === 'aborted' && control.signal.aborted) {
          work.catch(() => undefined);
          return { ok: false, error: cancelledError };
        }
        const output = def.output.safeParse(raw);
        if (!output.success) {
          // A handler broke its own contract: a bug on our side, said plainly, data not leaked.
          return {
            ok: false,
            error: {
              kind: 'internal',
              message: `Dispute Desk produced an answer it could not check for "${channel}". Please report this.`,
              retryable: false,
            },
          };
        }
        return { ok: true, value: output.data };
      } catch (e) {
        return { ok: false, error: control.signal.aborted ? cancelledError : toErrorInfo(e) };
      } finally {
        if (id) running.delete(id);
      }
    },
  };
}
