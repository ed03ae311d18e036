// What the status bar is told about the connection (status-line.ts says it in words): where sync
// stands and the outbox's latest failure. Apart from the words so the window's start path, which
// needs only the words, builds no schema.
import { z } from 'zod';
import { errorKindSchema } from '../errors.ts';

/** Where sync stands for a profile (what the engine and the keychain know). */
export const syncFreshnessSchema = z.object({
  running: z.boolean(),
  /** When the last pass that worked ended: the age of everything shown. */
  lastSuccessAt: z.number().nullable(),
  /** Why the last pass failed; null once one worked since. */
  lastError: z.string().nullable(),
  lastErrorKind: errorKindSchema.nullable(),
  lastFailedAt: z.number().nullable(),
  /** No key is held for the profile (never its value): sync cannot run until one is given. */
  keyMissing: z.boolean(),
  /** When the next pass starts by itself; null when the profile does not sync on its own. */
  nextSyncAt: z.number().nullable(),
});
export type SyncFreshness = z.infer<typeof syncFreshnessSchema>;

export const connectionFactsSchema = syncFreshnessSchema.extend({
  /** The outbox's most recent failure still waiting for its retry, if any. */
  sending: z.object({ error: z.string(), nextAttemptAt: z.number().nullable() }).nullable(),
});
export type ConnectionFacts = z.infer<typeof connectionFactsSchema>;
