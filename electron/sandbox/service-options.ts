// What a sandbox service is made with, in one place: each of its parts takes the options it needs
// (a Pick of these) without knowing the others.
import type { SandboxDb } from './db.ts';
import type { Clock } from './clock.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';
import type { AlertEvent } from '../../shared/api/alerts.ts';

export interface SandboxLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxDocuments: number;
}

export const defaultLimits: SandboxLimits = {
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxDocuments: 50,
};

export interface ServiceOptions {
  store: SandboxDb;
  clock: Clock;
  limits: SandboxLimits;
  /** Time between the last response activity and the issuer's decision; null: admin decides. */
  decisionDelayMs: number | null;
  /** How long a message stays requested, then processing (and a micro-service upload created). */
  messageStepMs: number;
  seed: number;
  /** The real service refuses a repeated request-token. Off only in tests that must prove a
   * client prevents duplicates by itself (reconciliation), without the service's help. */
  honourRequestTokens: boolean;
  /** The forms this service takes (its records are kept in the core shapes either way). */
  dialect: DialectName;
  onAlert(event: AlertEvent, chargeback: Record<string, unknown>): void;
}
