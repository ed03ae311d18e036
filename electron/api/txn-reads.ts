// The reads of a card's and a customer's earlier transactions (`GET /txns`, core API only) and of
// the chargebacks filed on them, paced with every other request by the one transport. Compelling
// Evidence 3.0 and the customer history are judged from these (electron/card-history/).
import { chargebackSchema, type Chargeback, type SearchClause } from '../../shared/api/index.ts';
import { historyTxnSchema, type HistoryTxn } from '../../shared/api/card-history.ts';
import { ymdToInt, type Ymd } from '../../shared/domain/dates.ts';
import { AppError } from '../../shared/errors.ts';
import type { Dialect } from './dialect.ts';
import type { Paging } from './paging.ts';
import { withSignal } from './reads.ts';

/** At most this many transaction IDs go into one `txn[in]=` search. */
const IN_BATCH = 50;

export function createTxnReads(dialect: Dialect, paging: Paging) {
  const { pages } = paging;

  function txnsPath(): string {
    if (dialect.txns === null)
      throw new AppError(
        'not-found',
        'This service (the chargeback micro-service) has no transaction search, so earlier purchases cannot be read.',
      );
    return dialect.txns;
  }

  /** Every record of a listing; a record that cannot be read fails the read (a skipped one could
   * be the very chargeback or purchase the answer turns on). */
  async function every<T>(source: AsyncIterable<{ records: T[]; invalid: Array<{ id?: string | undefined }> }>) {
    const out: T[] = [];
    for await (const page of source) {
      if (page.invalid.length > 0)
        throw new AppError(
          'server',
          `The chargeback service sent ${page.invalid.length === 1 ? 'a record' : `${page.invalid.length} records`} ` +
            'of this history in a form Dispute Desk cannot read, so the history could not be checked.',
        );
      out.push(...page.records);
    }
    return out;
  }

  /** Transactions matching `field` = `value` created after `from` and before `to` (calendar dates
   * on the service's clock, sent as `YYYYMMDD`), newest first. */
  function search(field: string, value: string, from: Ymd, to: Ymd, signal?: AbortSignal): Promise<HistoryTxn[]> {
    const clauses: SearchClause[] = [
      { field, op: 'equals', value },
      { field: 'created', op: 'greater', value: String(ymdToInt(from)) },
      { field: 'created', op: 'less', value: String(ymdToInt(to)) },
      { field: 'created', op: 'sort', value: 'desc' },
    ];
    return every(pages(txnsPath(), historyTxnSchema, { search: clauses, ...withSignal(signal) }));
  }

  return {
    /** Whether this dialect can read transactions at all. */
    readsTransactions: dialect.txns !== null,

    /** One transaction by ID (`GET /txns/{id}`). */
    async getHistoryTxn(id: string, signal?: AbortSignal): Promise<HistoryTxn> {
      const found = await every(
        pages(txnsPath(), historyTxnSchema, {
          search: [{ field: 'id', op: 'equals', value: id }],
          ...withSignal(signal),
        }),
      );
      const txn = found.find((t) => t.id === id);
      if (!txn)
        throw new AppError(
          'not-found',
          `Transaction ${id} was not found for this merchant, so its card's history cannot be read.`,
        );
      return txn;
    },

    /** The card's transactions (`payment[equals]=`) in a window. */
    cardTransactions: (payment: string, from: Ymd, to: Ymd, signal?: AbortSignal) =>
      search('payment', payment, from, to, signal),

    /** The customer's transactions by email (`email[equals]=`) in a window. */
    customerTransactions: (email: string, from: Ymd, to: Ymd, signal?: AbortSignal) =>
      search('email', email, from, to, signal),

    /** The chargebacks filed on any of these transactions (`txn[in]=…`, in batches). */
    async chargebacksOnTxns(txnIds: readonly string[], signal?: AbortSignal): Promise<Chargeback[]> {
      const out: Chargeback[] = [];
      for (let i = 0; i < txnIds.length; i += IN_BATCH) {
        const search: SearchClause[] = [{ field: 'txn', op: 'in', value: txnIds.slice(i, i + IN_BATCH).join(',') }];
        out.push(
          ...(await every(pages(dialect.paths.chargebacks, chargebackSchema, { search, ...withSignal(signal) }))),
        );
      }
      return out;
    },
  };
}
