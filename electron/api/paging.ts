// Listings: the pages of a collection read in order, the next few asked for while one is
// validated and saved, each checked (no page twice, none out of order, no endless listing), and a
// listing without paging information continued by ID, as the contract describes.
//
// An endless listing is stopped, never followed until the disk is full: paging that does not move
// forward (the same page twice, the same continue-by-ID request twice), a listing that goes on well
// past the page count it announced on its first page, and any listing longer than MAX_LISTING_PAGES.
import diagnostics from 'node:diagnostics_channel';
import type { z } from 'zod';
import type { SearchClause } from '../../shared/api/index.ts';
import type { PageInfo, EnvelopeBody } from '../../shared/api/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import type { Call } from './transport.ts';
import { pageReaderOf, type InvalidRecord, type PageReader } from './parse-records.ts';

export interface Page<T> {
  records: T[];
  page: PageInfo;
  /** Records that failed validation: skipped and reported, never fatal to a sync. */
  invalid: InvalidRecord[];
  /** About how large the records read are as JSON (what saving them costs the store). */
  bytes: number;
}

export interface ListQuery {
  search?: SearchClause[];
  pageLimit?: number;
  signal?: AbortSignal;
  /** Resume a listing at this page (sync continues where a crash stopped it). */
  firstPage?: number;
}

/** The most pages one listing is read for: 100,000 records at the largest page size, far more
 * than a small merchant's whole history; a service still sending pages after that is broken. */
export const MAX_LISTING_PAGES = 1_000;

/** How far past the page count announced on its first page a listing may run (records added
 * while it is read move later pages on): this many pages, or a tenth more, whichever is more. */
const GROWTH_PAGES = 10;
const growthAllowed = (announced: number): number => Math.max(GROWTH_PAGES, Math.ceil(announced / 10));

const endless = (why: string): AppError =>
  new AppError(
    'server',
    `The chargeback service ${why}; the list was stopped there so it cannot fill the disk. ` +
      'What was read before is kept. Try again later; if it happens again, tell the service’s support.',
  );

/** How many pages of a listing are asked for ahead of the one being read, so the service
 * prepares them while the app validates and saves: one is not enough to keep both busy. */
const PAGES_AHEAD = 3;

/** Each page's reading (validation, sizes) as `{ path, records, cpuMicros }`, for whoever measures
 * where a sync's CPU goes (test/bench/sync.bench.ts). Nothing is measured while no one listens. */
export const pageReadChannel = diagnostics.channel('dispute-desk:page-read');

function measured<T>(path: string, read: PageReader<T>): PageReader<T> {
  return (rawData) => {
    if (!pageReadChannel.hasSubscribers) return read(rawData);
    // The reading is this thread's alone. The whole process's CPU time (process.cpuUsage) is
    // summed over every thread, which cost 65 µs a call while a sync's threads ran.
    const start = process.threadCpuUsage();
    const out = read(rawData);
    const used = process.threadCpuUsage(start);
    pageReadChannel.publish({ path, records: rawData.length, cpuMicros: used.user + used.system });
    return out;
  };
}

/** A listing's query: the caller's, with any fixed query parameters of the collection. */
export type PagedQuery = ListQuery & { query?: Array<[string, string]> };

export function createPaging(call: Call) {
  /** The pages of a listing of records of `schema`. */
  function pages<S extends z.ZodType>(path: string, schema: S, q: PagedQuery = {}): AsyncGenerator<Page<z.output<S>>> {
    return pagesRead(path, pageReaderOf(schema), q);
  }

  /** The pages of a listing, each page's records read by `read` (one reader per listing); `idOf`
   * gives a record's ID, which a listing without paging continues after. */
  async function* pagesRead<T>(
    path: string,
    read: PageReader<T>,
    q: PagedQuery = {},
    idOf: (record: T) => string | undefined = (r) => (r as { id?: string }).id,
  ): AsyncGenerator<Page<T>> {
    const readPage = measured(path, read);
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
    /** The page count the first page read announced, and how far the listing may go with it. */
    let announced: { last: number; until: number } | undefined;
    ask(number);
    try {
      for (; number <= MAX_LISTING_PAGES; number++) {
        const body: EnvelopeBody = await pending.get(number)!;
        pending.delete(number);
        const page = body.details.page;
        if (!page) {
          // No paging information: continue by ID, as the contract's "loop by ID" describes.
          yield* pagesById(path, readPage, idOf, q, limit, {
            ...readPage(body.data),
            page: { current: 1, last: 1, hasMore: body.data.length >= limit },
          });
          return;
        }
        announced ??= { last: page.last, until: Math.max(page.last, number) + growthAllowed(page.last) };
        if (number > announced.until)
          throw endless(`kept saying there were more pages, past the ${announced.last} it announced at first`);
        // The next pages are asked for while this one is validated and saved: the service and
        // the app work at the same time. Never past the last page announced, but always the next
        // one while the service says there are more.
        if (page.hasMore && body.data.length > 0) {
          const ahead = Math.max(number + 1, Math.min(page.last, number + PAGES_AHEAD, announced.until));
          while (asked < ahead) ask(++asked);
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
        yield { ...readPage(body.data), page };
        if (!page.hasMore || body.data.length === 0) return;
      }
      throw endless(`kept sending pages past ${MAX_LISTING_PAGES}`);
    } finally {
      // Pages asked for ahead and never read: their answers (or failures) are dropped.
      pending.clear();
    }
  }

  async function* pagesById<T>(
    path: string,
    read: PageReader<T>,
    idOf: (record: T) => string | undefined,
    q: PagedQuery,
    limit: number,
    first: Page<T>,
  ): AsyncGenerator<Page<T>> {
    let current = first;
    let count = 1;
    // Each request continues after a different ID: one asked for twice would be answered the same
    // way for ever (a service that ignores `id[greater]`).
    const continuedAfter = new Set<string>();
    for (;;) {
      yield current;
      if (!current.page.hasMore) return;
      const last = current.records.findLast((r) => idOf(r) !== undefined);
      const after = last === undefined ? undefined : idOf(last);
      if (!after) return;
      if (continuedAfter.has(after)) throw endless('sent the same records again when asked for the next ones');
      continuedAfter.add(after);
      if (count >= MAX_LISTING_PAGES) throw endless(`kept sending records past ${MAX_LISTING_PAGES} pages`);
      const search: SearchClause[] = [
        ...(q.search ?? []).filter((c) => c.op !== 'sort'),
        { field: 'id', op: 'greater', value: after },
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
      count++;
      current = { ...read(body.data), page: { current: count, last: count, hasMore: body.data.length >= limit } };
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

  return { pages, pagesRead, records, all };
}
export type Paging = ReturnType<typeof createPaging>;
