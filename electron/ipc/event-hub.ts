// Events from main to the windows (progress, notifications, sync state), validated against
// the contract before they leave, like every answer.
import type { z } from 'zod';
import type { EventContract } from '../../shared/ipc/define.ts';

export interface EventHub<E extends EventContract> {
  emit<K extends keyof E & string>(event: K, payload: z.input<E[K]>): void;
  /** Where events go: Electron windows in the app, the page binding in browser tests, a list in unit tests. */
  addSink(sink: (event: string, payload: unknown) => void): () => void;
}

export function createEventHub<E extends EventContract>(events: E): EventHub<E> {
  const sinks = new Set<(event: string, payload: unknown) => void>();
  return {
    emit(event, payload) {
      const schema = events[event];
      if (!schema) throw new Error(`Unknown event ${event}`);
      const parsed = schema.parse(payload);
      for (const sink of sinks) sink(event, parsed);
    },
    addSink(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
}
