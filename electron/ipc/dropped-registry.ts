// The paths of dropped Files that main will import, as only the preload can hand them over.
//
// Why a registry: the window (which a compromised page controls) must never name a path itself,
// or `importDropped({ dropped: [{ path: '/home/m/.ssh/id_ed25519' }] })` followed by
// `getPagePicture` reads any file. The preload resolves each dropped File with Electron's
// webUtils.getPathForFile and registers the paths here on its own channel (droppedChannel, which
// `window.disputeDesk` has no method for); it gets back a one-time, unguessable token, and the
// dropped-files call carries only that token. The router redeems it before the channel's schema
// runs, so a handler only ever sees paths the preload registered. A call that carries paths
// itself, an unknown or already used token, one older than a couple of minutes, or one given to
// another origin is refused with nothing imported.
import { randomUUID } from 'node:crypto';
import { droppedEntriesSchema, droppedTokenSchema, type DroppedEntry } from '../../shared/ipc/dropped.ts';
import type { ErrorInfo, Result } from '../../shared/errors.ts';

/** A drop is redeemed at once by the call that follows it; an unused one is forgotten after this. */
export const droppedTokenLifetimeMs = 2 * 60_000;
/** At most this many drops wait to be redeemed (the oldest is forgotten first). */
const maxPending = 16;

const notFromDrop: ErrorInfo = {
  kind: 'validation',
  message:
    'Dispute Desk refused those files: they were not dropped on its window. Drop them again or use "Add files…".',
  retryable: false,
};

interface Pending {
  origin: string;
  entries: DroppedEntry[];
  at: number;
}

export function createDroppedRegistry(now: () => number = Date.now) {
  const pending = new Map<string, Pending>();
  const forgetStale = (): void => {
    for (const [token, p] of pending) if (now() - p.at > droppedTokenLifetimeMs) pending.delete(token);
  };
  return {
    register(origin: string, entries: unknown): Result<string> {
      const parsed = droppedEntriesSchema.safeParse(entries);
      if (!parsed.success) return { ok: false, error: notFromDrop };
      forgetStale();
      while (pending.size >= maxPending) pending.delete(pending.keys().next().value!);
      const token = `dropped:${randomUUID()}`;
      pending.set(token, { origin, entries: parsed.data, at: now() });
      return { ok: true, value: token };
    },
    /** `payload` with its `dropped` token swapped for the registered paths; the token is used up. */
    redeem(origin: string, payload: unknown): Result<unknown> {
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { ok: false, error: notFromDrop };
      const token = droppedTokenSchema.safeParse((payload as { dropped?: unknown }).dropped);
      if (!token.success) return { ok: false, error: notFromDrop };
      forgetStale();
      const drop = pending.get(token.data);
      pending.delete(token.data);
      if (!drop || drop.origin !== origin) return { ok: false, error: notFromDrop };
      return { ok: true, value: { ...payload, dropped: drop.entries } };
    },
  };
}
