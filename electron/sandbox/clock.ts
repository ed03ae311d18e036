// The sandbox's time: real time plus an offset the admin can advance, persisted with the data.
import type { SandboxDb } from './db.ts';

export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(store: SandboxDb, base: () => Date = () => new Date()): Clock {
  let offset = Number(store.meta('clockOffsetMs') ?? 0);
  return {
    now: () => new Date(base().getTime() + offset),
    advance(ms) {
      offset += ms;
      store.setMeta('clockOffsetMs', String(offset));
    },
  };
}
