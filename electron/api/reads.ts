// The reads: one record, a chargeback's children, and the listings the sync pages through, each
// at its dialect's path and linked to its chargeback by the dialect's field (dialect.ts).
import type { z } from 'zod';
import {
  chargebackSchema,
  chargebackStatusRecordSchema,
  chargebackMessageSchema,
  chargebackDocumentSchema,
  entrySchema,
  type Chargeback,
  type ChargebackStatusRecord,
  type ChargebackMessage,
  type ChargebackDocument,
  type Entry,
  type SearchClause,
} from '../../shared/api/index.ts';
import { formatServiceTimestamp } from '../../shared/domain/dates.ts';
import { AppError } from '../../shared/errors.ts';
import type { Dialect } from './dialect.ts';
import type { Call } from './transport.ts';
import type { ListQuery, Paging } from './paging.ts';
import { measureRecord, parseChargebacksWithTxns, parseRecords } from './parse-records.ts';

export const withSignal = (signal: AbortSignal | undefined): { signal?: AbortSignal } => (signal ? { signal } : {});

export function createReads(call: Call, dialect: Dialect, paging: Paging) {
  const { pages, pagesRead, records, all } = paging;
  const paths = dialect.paths;
  const of = (chargebackId: string): SearchClause[] => [{ field: dialect.link, op: 'equals', value: chargebackId }];

  async function one<S extends z.ZodType>(
    path: string,
    schema: S,
    what: string,
    id: string,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const body = await call(
      { method: 'GET', path: `${path}/${encodeURIComponent(id)}`, ...withSignal(signal) },
      'read',
    );
    if (body.data.length === 0)
      throw new AppError(
        'not-found',
        `${what} ${id} was not found for this merchant. It may belong to another profile or have been removed.`,
      );
    const r = measureRecord(body.data[0]).problem ? undefined : schema.safeParse(body.data[0]);
    if (!r?.success)
      throw new AppError(
        'server',
        `The chargeback service sent ${what.toLowerCase()} ${id} in a form Dispute Desk cannot read.`,
      );
    return r.data;
  }

  return {
    /** One cheap authenticated call: resolves when the key is accepted. */
    async verifyKey(signal?: AbortSignal): Promise<void> {
      await call(
        {
          method: 'GET',
          path: paths.chargebacks,
          query: [
            ['page[number]', '1'],
            ['page[limit]', '1'],
          ],
          ...withSignal(signal),
        },
        'read',
      );
    },

    chargebackPages: (q: ListQuery = {}) => pages(paths.chargebacks, chargebackSchema, q),
    /** The chargebacks with each one's transaction expanded (`expand[txn][]`): what a sync reads
     * where the dialect expands transactions there (dialect.ts `txnsExpandedOn`). */
    chargebackPagesWithTxns: (q: ListQuery = {}) =>
      pagesRead(
        paths.chargebacks,
        parseChargebacksWithTxns,
        { ...q, query: [['expand[txn][]', '']] },
        (r) => r.chargeback.id,
      ),
    listChargebacks: (q: ListQuery = {}): AsyncGenerator<Chargeback> =>
      records(pages(paths.chargebacks, chargebackSchema, q)),
    getChargeback: (id: string, signal?: AbortSignal): Promise<Chargeback> =>
      one(paths.chargebacks, chargebackSchema, 'Chargeback', id, signal),

    /** The logged status records of a chargeback: by search on the core API (its
     * /chargebackStatuses/{id} takes a status ID and answers nothing for a chargeback ID), by the
     * contract's path on the micro-service. */
    async getStatuses(chargebackId: string, signal?: AbortSignal): Promise<ChargebackStatusRecord[]> {
      if (dialect.statusHistory === 'search')
        return all(
          pages(paths.statuses, chargebackStatusRecordSchema, { search: of(chargebackId), ...withSignal(signal) }),
        );
      const body = await call(
        { method: 'GET', path: `${paths.statuses}/${encodeURIComponent(chargebackId)}`, ...withSignal(signal) },
        'read',
      );
      return parseRecords(chargebackStatusRecordSchema, body.data).records;
    },
    statusPages: (q: ListQuery = {}) => pages(paths.statuses, chargebackStatusRecordSchema, q),

    /** Status records of many chargebacks at once (`chargeback[in]=…`, in batches). */
    async statusesOf(chargebackIds: readonly string[], signal?: AbortSignal): Promise<ChargebackStatusRecord[]> {
      const out: ChargebackStatusRecord[] = [];
      for (let i = 0; i < chargebackIds.length; i += 50) {
        const search: SearchClause[] = [
          { field: dialect.link, op: 'in', value: chargebackIds.slice(i, i + 50).join(',') },
        ];
        out.push(
          ...(await all(pages(paths.statuses, chargebackStatusRecordSchema, { search, ...withSignal(signal) }))),
        );
      }
      return out;
    },
    messagePages: (q: ListQuery = {}) => pages(paths.messages, chargebackMessageSchema, q),
    documentPages: (q: ListQuery = {}) => pages(paths.documents, chargebackDocumentSchema, q),
    /** Every message the service holds for a chargeback. */
    messagesOf: (chargebackId: string, signal?: AbortSignal): Promise<ChargebackMessage[]> =>
      all(pages(paths.messages, chargebackMessageSchema, { search: of(chargebackId), ...withSignal(signal) })),
    /** Every document record the service holds for a chargeback. */
    documentsOf: (chargebackId: string, signal?: AbortSignal): Promise<ChargebackDocument[]> =>
      all(pages(paths.documents, chargebackDocumentSchema, { search: of(chargebackId), ...withSignal(signal) })),
    getDocument: (id: string, signal?: AbortSignal): Promise<ChargebackDocument> =>
      one(paths.documents, chargebackDocumentSchema, 'Document', id, signal),

    /** Ledger entries tied to chargebacks in a window, each with its chargeback and transaction
     * (the contract's form), or with the chargeback's ID alone when `expand` is false. */
    entryPages(q: {
      from: Date;
      to: Date;
      pageLimit?: number;
      signal?: AbortSignal;
      extraSearch?: SearchClause[];
      firstPage?: number;
      expand?: boolean;
    }) {
      const search: SearchClause[] = [
        { field: 'chargeback', op: 'greater', value: '0' },
        { field: 'created', op: 'greater', value: formatServiceTimestamp(q.from) },
        { field: 'created', op: 'less', value: formatServiceTimestamp(q.to) },
        // Oldest first: a chargeback's entries (the chargeback, its fee, the representment...)
        // then arrive close together, so its expanded copy is mostly validated once. New entries
        // join at the end, so the pages already read stay as they were.
        { field: 'created', op: 'sort', value: 'asc' },
        ...(q.extraSearch ?? []),
      ];
      return pages('/entries', entrySchema, {
        search,
        ...(q.expand === false ? {} : { query: [['expand[chargeback][txn][]', '']] }),
        ...(q.pageLimit ? { pageLimit: q.pageLimit } : {}),
        ...withSignal(q.signal),
        ...(q.firstPage ? { firstPage: q.firstPage } : {}),
      });
    },
    listEntries(q: { from: Date; to: Date; pageLimit?: number; signal?: AbortSignal }): AsyncGenerator<Entry> {
      return records(this.entryPages(q));
    },
  };
}
