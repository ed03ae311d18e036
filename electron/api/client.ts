// The chargeback API client: the contract's six operations and the reads the real service offers
// beyond it, on any of the three deployments, each in its deployment's dialect (dialect.ts). Reads
// retry with jittered backoff; writes send the caller's stable request-token and are resent only
// after a 429 (the service did not process it).
//
// Put together from its parts: the transport (transport.ts: pacing, 429s, retries), listings
// (paging.ts) and record checks (parse-records.ts), the reads (reads.ts), and the writes in the
// dialect's form: messages (write-message.ts) and documents (write-documents.ts).
import type { Deployment } from '../../shared/domain/enums.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';
import { dialects } from './dialect.ts';
import { createTransport, type TransportOptions } from './transport.ts';
import { createPaging } from './paging.ts';
import { createReads } from './reads.ts';
import { createTxnReads } from './txn-reads.ts';
import { createMessageWrites } from './write-message.ts';
import { createDocumentWrites } from './write-documents.ts';
import { createServiceClock } from './service-clock.ts';

export { observedRateLimit } from './transport.ts';
export type { InvalidRecord, ChargebackWithTxn } from './parse-records.ts';
export type { Page, ListQuery } from './paging.ts';
export type { UploadOptions } from './write-documents.ts';

export interface ApiClientOptions extends TransportOptions {
  deployment: Deployment;
}

export function createApiClient(opts: ApiClientOptions) {
  const clock = createServiceClock();
  const call = createTransport({ ...opts, onServiceDate: clock.seen });
  const dialect = dialects[dialectOf(opts.deployment)];
  const paging = createPaging(call);
  return {
    deployment: opts.deployment,
    dialect,
    /** The service's time now (its answers' `Date`), undefined before it said it. */
    serviceNow: clock.now,
    ...createReads(call, dialect, paging),
    ...createTxnReads(dialect, paging),
    ...createMessageWrites(call, dialect),
    ...createDocumentWrites(call, dialect),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
