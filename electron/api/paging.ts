// Listings: the pages of a collection read in order, the next few asked for while one is
// validated and saved, each checked (no page twice, none out of order, no endless listing), and a
// listing without paging information continued by ID, as the contract describes.
import type { z } from 'zod';
import type { SearchClause } from '../../shared/api/index.ts';
import type { PageInfo, EnvelopeBody } from '../../shared/api/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import type { Call } from './transport.ts';
import {
  EXPANDED_REMEMBERED,
  expandedChargebackReader,
  parseRecords,
  type ExpandedReader,
  type InvalidRecord,
} from './parse-records.ts';

export interface Page<T> {
  records: T[];
  page: PageInfo;
  /** Records that failed validation: skipped and reported, never fatal to a sync. */
  invalid: InvalidRecord[];
}

export interface ListQuery {
  search?: SearchClause[];
  pageLimit?: number;
  signal?: AbortSignal;
  /** Resume a listing at this page (sync continues where a crash stopped it). */
  firstPage?: number;
}

const MAX_PAGES = 100_000;

/** How many pages of a listing are asked for ahead of the one being read, so the service
 * prepares them while the app validates and saves: one is not enough to keep both busy. */
const PAGES_AHEAD = 3;

/** A listing's query: the caller's, with any fixed query parameters of the collection. */
export type PagedQuery = ListQuery & { query?: Array<[string, string]> };

export function createPaging(call: Call) {
  async function* pages<S extends z.ZodType>(
    path: string,
    schema: S,
    q: PagedQuery = {},
  ): AsyncGenerator<Page<z.output<S>>> {
    const limit = Math.min(Math.max(q.pageLimit ?? 100, 1), 100);
    const fetchPage = (number: number): Promise<EnvelopeBody> =>
      call(
        {
          method: 'GET',
          path,
          query: [...(q.query ?? []), ['page[number]', String(number)], ['page[limit]', String(limit)]],
          ...(q.search ? { search: q.search } : {}),
          ...(q.signal ? { signal: q.signal } : {}),
        },
        'read',
      );
    const readExpanded = expandedChargebackReader(EXPANDED_REMEMBERED);
    // Pages asked for and not read yet. Each is still read, checked and handed over in order;
    // one that fails fails the listing when its turn comes, as if it had been asked for then.
    const pending = new Map<number, Promise<EnvelopeBody>>();
    const ask = (number: number): void => {
      const p = fetchPage(number);
      p.catch(() => undefined);
      pending.set(number, p);
    };
    let lastSeenIds = '';
    let number = Math.max(1, q.firstPage ?? 1);
    let asked = number;
    ask(number);
    try {
      for (; number <= MAX_PAGES; number++) {
        const body: EnvelopeBody = await pending.get(number)!;
        pending.delete(number);
        const page = body.details.page;
        if (!page) {
          // No paging information: continue by ID, as the contract's "loop by ID" describes.
          const { records, invalid } = parseRecords(schema, body.data, readExpanded);
          yield* pagesById(
            path,
            schema,
            q,
            limit,
            { records, invalid, page: { current: 1, last: 1, hasMore: body.data.length >= limit } },
            readExpanded,
          );
          return;
        }
        // The next pages are asked for while this one is validated and saved: the service and
        // the app work at the same time. Never past the last page announced, but always the next
        // one while the service says there are more.
        if (page.hasMore && body.data.length > 0) {
          const until = Math.max(number + 1, Math.min(page.last, number + PAGES_AHEAD));
          while (asked < until) ask(++asked);
        }
        const ids = body.data.map((r) => (r as { id?: string }).id).join(',');
        if (lastSeenIds !== '' && ids !== '' && ids === lastSeenIds)
          throw new AppError(
            'server',
            'The chargeback service returned the same page twice; ' +
              'the list was stopped to avoid counting records twice.',
          );
        if (page.current !== number && number > 1)
          throw new AppError(
            'server',
            `The chargeback service returned page ${page.current} ` +
              `when page ${number} was asked for; the list was stopped.`,
          );
        lastSeenIds = ids;
        const { records, invalid } = parseRecords(schema, body.data, readExpanded);
        yield { records, invalid, page };
        if (!page.hasMore || body.data.length === 0) return;
      }
      throw new AppError('server', 'The chargeback service kept saying there were more pages; the list was stopped.');
    } finally {
      // Pages asked for ahead and never read: their answers (or failures) are dropped.
      pending.clear();
    }
  }

  async function* pagesById<S extends z.ZodType>(
    path: string,
    schema: S,
    q: PagedQuery,
    limit: number,
    first: Page<z.output<S>>,
    readExpanded: ExpandedReader,
  ): AsyncGenerator<Page<z.output<S>>> {
    let current = first;
    let count = 1;
    for (;;) {
      yield current;
      if (!current.page.hasMore) return;
      const lastId = (
        [...current.records].reverse().find((r) => (r as { id?: string }).id) as { id?: string } | undefined
      )?.id;
      if (!lastId) return;
      const search: SearchClause[] = [
        ...(q.search ?? []).filter((c) => c.op !== 'sort'),
        { field: 'id', op: 'greater', value: lastId },
        { field: 'id', op: 'sort', value: 'asc' },
      ];
      const body = await call(
        {
          method: 'GET',
          path,
          query: [...(q.query ?? []), ['page[limit]', String(limit)]],
          search,
          ...(q.signal ? { signal: q.signal } : {}),
        },
        'read',
      );
      const parsed = parseRecords(schema, body.data, readExpanded);
      count++;
      if (count > MAX_PAGES)
        throw new AppError('server', 'The chargeback service kept returning records; the list was stopped.');
      current = { ...parsed, page: { current: count, last: count, hasMore: body.data.length >= limit } };
    }
  }

  async function* records<T>(source: AsyncIterable<Page<T>>): AsyncGenerator<T> {
    for await (const p of source) yield* p.records;
  }

  async function all<T>(source: AsyncIterable<Page<T>>): Promise<T[]> {
    const out: T[] = [];
    for await (const p of source) out.push(...p.records);
    return out;
  }

  return { pages, records, all };
}
export type Paging = ReturnType<typeof createPaging>;
