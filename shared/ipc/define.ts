// How the IPC contract is written down. A channel is a pair of zod schemas: what the renderer
// may send, what the main process answers. An event is one schema: what main pushes. Both
// processes import the same objects, so a message is checked against one definition.
import type { z } from 'zod';
import type { Result } from '../errors.ts';

export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  /** One line for people reading the contract (and the docs generated from it). */
  readonly summary: string;
}

export function channel<I extends z.ZodType, O extends z.ZodType>(summary: string, input: I, output: O): ChannelDef<I, O> {
  return { summary, input, output };
}

export type Contract = Record<string, ChannelDef>;
export type EventContract = Record<string, z.ZodType>;

/** The prefix of every Electron IPC channel name the app uses. */
export const channelPrefix = 'dd:';
export const eventPrefix = 'dd-event:';

/** What the renderer calls: every method answers a Result, never throws for a handled failure. */
export type BridgeMethods<C extends Contract> = {
  readonly [K in keyof C]: (input: z.input<C[K]['input']>) => Promise<Result<z.output<C[K]['output']>>>;
};

export type EventListener<E extends EventContract, K extends keyof E> = (payload: z.output<E[K]>) => void;

export type Bridge<C extends Contract, E extends EventContract> = BridgeMethods<C> & {
  readonly on: <K extends keyof E & string>(event: K, listener: EventListener<E, K>) => () => void;
};

/** What the main side implements for each channel: validated input in, output out. */
export type Handlers<C extends Contract> = {
  readonly [K in keyof C]: (input: z.output<C[K]['input']>) => Promise<z.input<C[K]['output']>>;
};
