// The chargeback service speaks two dialects (observed-service-behaviour.md, "Two dialects"):
// the core API (production and its test deployment) as the vendor documents and records it, and
// the chargeback micro-service whose forms the contract describes. Which one a profile speaks
// follows from its deployment. The wire forms live in electron/api/dialect.ts; this file holds
// the one difference both processes need: the order in which an answer's parts are sent. The
// schema is in enums.ts.
import type { Deployment } from './enum-values.ts';

export const dialectNames = ['core', 'microservice'] as const;
export type DialectName = (typeof dialectNames)[number];

export function dialectOf(deployment: Deployment): DialectName {
  return deployment === 'microservice' ? 'microservice' : 'core';
}

/** Core: the vendor's steps put every document (record, then file) before the message, so a
 * message that closes the chargeback can still carry evidence. Micro-service: the contract's
 * sample posts the message, then the documents. */
export function sendsDocumentsFirst(dialect: DialectName): boolean {
  return dialect === 'core';
}
