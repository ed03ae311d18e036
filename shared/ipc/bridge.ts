// Builds `window.disputeDesk` from the contract over any transport: Electron's ipcRenderer in
// the preload, or Playwright's exposeBinding in the browser tests. Both get the very same
// object, so the renderer cannot tell them apart and tests exercise the real surface.
import { z } from 'zod';
import type { Contract, EventContract, Bridge } from './define.ts';
import type { Result } from '../errors.ts';

// The bridge runs under the window's CSP, which forbids eval: zod validates without
// generating code there.
z.config({ jitless: true });

export interface BridgeTransport {
  invoke(channel: string, payload: unknown): Promise<Result<unknown>>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

export function buildBridge<C extends Contract, E extends EventContract>(contract: C, events: E, transport: BridgeTransport): Bridge<C, E> {
  const api: Record<string, unknown> = {};
  for (const name of Object.keys(contract)) {
    // Inputs are checked here too, so a renderer bug shows as a validation error at once
    // instead of a round trip; main checks again and is the authority.
    api[name] = async (input: unknown): Promise<Result<unknown>> => {
      const def = contract[name]!;
      const parsed = def.input.safeParse(input);
      if (!parsed.success) {
        return { ok: false, error: { kind: 'validation', message: `Dispute Desk could not send that request (${parsed.error.issues[0]?.message ?? 'invalid input'}).`, retryable: false } };
      }
      return transport.invoke(name, input);
    };
  }
  api.on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (!Object.hasOwn(events, event)) throw new Error(`Unknown event ${event}`);
    return transport.subscribe(event, listener);
  };
  return Object.freeze(api) as Bridge<C, E>;
}
