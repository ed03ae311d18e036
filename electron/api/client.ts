// The chargeback API client: the contract's six operations and the reads the real service offers
// beyond it, on any of the three deployments, each in its deployment's dialect (dialect.ts). Reads
// retry with jittered backoff; writes send the caller's stable request-token and are resent only
// after a 429 (the service did not process it).
import { stat } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  chargebackSchema,
  expandedChargebackSchema,
  chargebackStatusRecordSchema,
  chargebackMessageSchema,
  chargebackDocumentSchema,
  entrySchema,
  answerMessageSchema,
  coreDocumentRecordSchema,
  documentInfoSchema,
  documentMimeTypes,
  type ExpandedChargeback,
  type Chargeback,
  type ChargebackStatusRecord,
  type ChargebackMessage,
  type ChargebackDocument,
  type Entry,
  type SearchClause,
} from '../../shared/api/index.ts';
import type { PageInfo, EnvelopeBody } from '../../shared/api/envelope.ts';
import type { Deployment, DocumentType } from '../../shared/domain/enums.ts';
import { formatServiceTimestamp } from '../../shared/domain/dates.ts';
import { AppError, isAppError } from '../../shared/errors.ts';
import { send, type HttpConfig, type RequestSpec } from './http.ts';
import { backoffDelay, defaultRetry, sleep, type RetryPolicy } from './retry.ts';
import { documentUploadBody, type UploadFile } from './multipart-body.ts';
import { dialects, documentFilePath, chargebackDocumentsPath, type Dialect } from './dialect.ts';
import { dialectOf } from '../../shared/domain/dialects.ts';

export interface UploadOptions {
  requestToken: string;
  signal?: AbortSignal;
  onProgress?: (sent: number, total: number) => void;
}

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string;
  deployment: Deployment;
  timeoutMs?: number;
  retry?: RetryPolicy;
  rateLimitTest?: boolean;
  /** How long a 429 block may be waited out in total before giving up. */
  maxRateLimitWaitMs?: number;
  dispatcher?: Dispatcher;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Requests per path the client allows itself in a window (see `observedRateLimit`). */
  pace?: { max: number; windowMs: number };
}

/** The service blocks a source for 10 s after 1,000 requests to one path in 10 s (observed
 * behaviour). A full sync reads hundreds of entry pages, quickly enough now to come near that:
 * the client keeps under it with a margin, rather than run into a block and wait it out. */
export const observedRateLimit = { max: 900, windowMs: 10_000 };

/** How long to wait before the next request to a path so that at most `max` go in any window.
 * Each request takes its slot at once, so requests asked for together are spaced as well. */
function createPacer(limit: { max: number; windowMs: number }, now: () => number = Date.now): (path: string) => number {
  const slots = new Map<string, number[]>();
  return (path) => {
    let times = slots.get(path);
    if (!times) slots.set(path, (times = []));
    const t = now();
    const at = times.length >= limit.max ? Math.max(t, times[times.length - limit.max]! + limit.windowMs) : t;
    times.push(at);
    if (times.length > limit.max) times.shift();
    return at - t;
  };
}

export interface InvalidRecord {
  id: string | undefined;
  problem: string;
}

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

/** Distinct expanded chargebacks remembered across the pages of one entries listing (about ten
 * pages' worth): a chargeback's entries arrive close together, so few are read twice. */
const EXPANDED_REMEMBERED = 1000;

const idOf = (raw: unknown): string | undefined => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

const problemOf = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/** Equal as JSON, keys in the same order: what a schema makes of one it makes of the other. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * Expanded entries repeat the same chargeback and its transaction (a chargeback, its fee, its
 * representment...): validating each copy was a third of a full sync's parsing. A chargeback
 * received exactly as one read recently (the same JSON) shares that one's result, which is what
 * validating it again would give; any difference, even in key order, is validated afresh.
 */
function expandedChargebackReader(capacity: number): (raw: object, id: string) => ExpandedChargeback | undefined {
  const recent = new Map<string, { raw: object; parsed: ExpandedChargeback | undefined }>();
  return (raw, id) => {
    const known = recent.get(id);
    recent.delete(id);
    const entry =
      known && sameJson(known.raw, raw)
        ? known
        : { raw, parsed: validOrUndefined(expandedChargebackSchema.safeParse(raw)) };
    recent.set(id, entry);
    if (recent.size > capacity) recent.delete(recent.keys().next().value!);
    return entry.parsed;
  };
}

function validOrUndefined<T>(r: { success: true; data: T } | { success: false }): T | undefined {
  return r.success ? r.data : undefined;
}

type ExpandedReader = ReturnType<typeof expandedChargebackReader>;

/** Entries: each validated with its chargeback's ID in place of the expanded chargeback, which
 * is validated (or shared, see above) on its own and put back. */
function parseEntries(
  rawData: unknown[],
  readExpanded: ExpandedReader,
): { records: Entry[]; invalid: InvalidRecord[] } {
  const records: Entry[] = [];
  const invalid: InvalidRecord[] = [];
  for (const raw of rawData) {
    const cb = (raw as { chargeback?: unknown } | null)?.chargeback;
    const cbId = cb && typeof cb === 'object' ? idOf(cb) : undefined;
    if (cbId === undefined) {
      const r = entrySchema.safeParse(raw);
      if (r.success) records.push(r.data);
      else invalid.push({ id: idOf(raw), problem: problemOf(r.error) });
      continue;
    }
    const expanded = readExpanded(cb as object, cbId);
    const r = entrySchema.safeParse({ ...(raw as object), chargeback: cbId });
    if (r.success && expanded !== undefined) {
      r.data.chargeback = expanded;
      records.push(r.data);
    } else
      invalid.push({ id: idOf(raw), problem: r.success ? 'its chargeback could not be read' : problemOf(r.error) });
  }
  return { records, invalid };
}

function parseRecords<S extends z.ZodType>(
  schema: S,
  rawData: unknown[],
  readExpanded?: ExpandedReader,
): { records: Array<z.output<S>>; invalid: InvalidRecord[] } {
  if (schema === (entrySchema as z.ZodType)) {
    const { records, invalid } = parseEntries(rawData, readExpanded ?? expandedChargebackReader(EXPANDED_REMEMBERED));
    return { records: records as Array<z.output<S>>, invalid };
  }
  const records: Array<z.output<S>> = [];
  const invalid: InvalidRecord[] = [];
  for (const raw of rawData) {
    const r = schema.safeParse(raw);
    if (r.success) records.push(r.data);
    else invalid.push({ id: idOf(raw), problem: problemOf(r.error) });
  }
  return { records, invalid };
}

export function createApiClient(opts: ApiClientOptions) {
  const http: HttpConfig = {
    baseUrl: opts.baseUrl,
    apiKey: opts.apiKey,
    timeoutMs: opts.timeoutMs ?? 30_000,
    rateLimitTest: opts.rateLimitTest ?? false,
    ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
  };
  const policy = opts.retry ?? defaultRetry;
  const wait = opts.sleep ?? sleep;
  const random = opts.random ?? Math.random;
  const maxRateWait = opts.maxRateLimitWaitMs ?? 60_000;
  // With `rate-limit-test` the point is to meet the (lowered) limit, so nothing is held back.
  const pace = opts.rateLimitTest ? undefined : createPacer(opts.pace ?? observedRateLimit);
  const dialect = dialects[dialectOf(opts.deployment)];

  /** Sends with the retry rules of its kind. */
  async function call(spec: RequestSpec, kind: 'read' | 'write'): Promise<EnvelopeBody> {
    let attempt = 0;
    let rateWaited = 0;
    for (;;) {
      const held = pace?.(spec.path) ?? 0;
      if (held > 0) await wait(held, spec.signal);
      try {
        return await send(http, spec);
      } catch (e) {
        if (!isAppError(e)) throw e;
        if (e.kind === 'rate-limited') {
          const ms = (e.retryAfterSeconds ?? 10) * 1000;
          if (rateWaited + ms > maxRateWait) throw e;
          rateWaited += ms;
          await wait(ms, spec.signal);
          continue;
        }
        // A write whose outcome is unknown is never resent here: the caller reconciles.
        if (kind === 'write' || !e.retryable || attempt + 1 >= policy.attempts) throw e;
        await wait(backoffDelay(attempt, policy, random), spec.signal);
        attempt++;
      }
    }
  }

  async function* pages<S extends z.ZodType>(
    path: string,
    schema: S,
    q: ListQuery & { query?: Array<[string, string]> } = {},
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
    q: ListQuery & { query?: Array<[string, string]> },
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

  const paths = dialect.paths;
  const of = (chargebackId: string): SearchClause[] => [{ field: dialect.link, op: 'equals', value: chargebackId }];
  const withSignal = (signal: AbortSignal | undefined): { signal?: AbortSignal } => (signal ? { signal } : {});

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
    const r = schema.safeParse(body.data[0]);
    if (!r.success)
      throw new AppError(
        'server',
        `The chargeback service sent ${what.toLowerCase()} ${id} in a form Dispute Desk cannot read.`,
      );
    return r.data;
  }

  async function all<T>(source: AsyncIterable<Page<T>>): Promise<T[]> {
    const out: T[] = [];
    for await (const p of source) out.push(...p.records);
    return out;
  }

  /** A file sent to the service, streamed from disk; its size read first (and checked). */
  async function fileOnDisk(file: { path: string; name: string }): Promise<number> {
    const size = (
      await stat(file.path).catch((e: unknown) => {
        throw new AppError('bad-input', `The evidence file ${file.name} is no longer on this computer.`, { cause: e });
      })
    ).size;
    if (size === 0) throw new AppError('validation', `The document ${file.name} cannot be sent: it is empty.`);
    return size;
  }

  function upload(
    path: string,
    jsonParts: Record<string, object>,
    file: UploadFile,
    o: UploadOptions,
  ): Promise<EnvelopeBody> {
    return call(
      {
        method: 'POST',
        path,
        stream: () => {
          const m = documentUploadBody(jsonParts, file, o.onProgress);
          return { body: m.body, length: m.length, contentType: m.contentType };
        },
        requestToken: o.requestToken,
        ...withSignal(o.signal),
      },
      'write',
    );
  }

  function needs(form: Dialect['documents'], what: string): void {
    if (dialect.documents !== form)
      throw new AppError('internal', `${what} is not how the ${dialect.name} dialect takes documents.`);
  }

  const readDocument = (raw: unknown): ChargebackDocument | undefined =>
    validOrUndefined(chargebackDocumentSchema.safeParse(raw));

  return {
    deployment: opts.deployment,
    dialect,

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

    /** Ledger entries tied to chargebacks in a window, each with its chargeback and transaction. */
    entryPages(q: {
      from: Date;
      to: Date;
      pageLimit?: number;
      signal?: AbortSignal;
      extraSearch?: SearchClause[];
      firstPage?: number;
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
        query: [['expand[chargeback][txn][]', '']],
        ...(q.pageLimit ? { pageLimit: q.pageLimit } : {}),
        ...withSignal(q.signal),
        ...(q.firstPage ? { firstPage: q.firstPage } : {}),
      });
    },
    listEntries(q: { from: Date; to: Date; pageLimit?: number; signal?: AbortSignal }): AsyncGenerator<Entry> {
      return records(this.entryPages(q));
    },

    /** Posts a response message in the dialect's form. Validated before it leaves; sent once
     * (429 excepted). */
    async sendMessage(
      message: z.input<typeof answerMessageSchema>,
      o: { requestToken: string; signal?: AbortSignal },
    ): Promise<ChargebackMessage> {
      const answer = answerMessageSchema.safeParse(message);
      const wire = answer.success ? dialect.messageBody(answer.data) : undefined;
      if (!answer.success || !wire?.ok) {
        const problems = answer.success
          ? (wire as { problems: string[] }).problems
          : answer.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        const fields = problems.map((p) => ({ field: p.split(':')[0]!, message: p.slice(p.indexOf(':') + 2) }));
        throw new AppError('validation', `The response cannot be sent: ${problems.join('; ')}.`, { fields });
      }
      const body = await call(
        {
          method: 'POST',
          path: dialect.postMessage,
          json: wire.body,
          requestToken: o.requestToken,
          ...withSignal(o.signal),
        },
        'write',
      );
      const r = chargebackMessageSchema.safeParse(body.data[0]);
      if (!r.success)
        throw new AppError(
          'server',
          'The service accepted the message but its answer could not be read; Dispute Desk will check what it holds.',
        );
      return r.data;
    },

    /** Core API, step one of a document: the record its file is then uploaded to. */
    async createDocumentRecord(
      chargebackId: string,
      doc: { name: string; documentType: DocumentType },
      o: { requestToken: string; signal?: AbortSignal },
    ): Promise<ChargebackDocument> {
      needs('record-then-file', 'A document record');
      const record = coreDocumentRecordSchema.safeParse({
        chargeback: chargebackId,
        name: doc.name,
        type: doc.documentType,
        documentSource: 'merchant',
        inactive: 0,
        frozen: 0,
      });
      if (!record.success)
        throw new AppError(
          'validation',
          `The document ${doc.name} cannot be sent: ${record.error.issues.map((i) => i.message).join('; ')}.`,
        );
      const body = await call(
        {
          method: 'POST',
          path: paths.documents,
          json: record.data,
          requestToken: o.requestToken,
          ...withSignal(o.signal),
        },
        'write',
      );
      const created = readDocument(body.data[0]);
      if (!created)
        throw new AppError(
          'server',
          'The service accepted the document record but its answer ' +
            'could not be read; Dispute Desk will check what it holds.',
        );
      return created;
    },

    /** Core API, step two: the file of a document record, in one multipart part `file`. Answers
     * the record as the service now holds it when the answer carries it. */
    async uploadDocumentFile(
      documentId: string,
      file: { path: string; name: string; documentType: DocumentType },
      o: UploadOptions,
    ): Promise<ChargebackDocument | undefined> {
      needs('record-then-file', 'A file upload to a document record');
      const size = await fileOnDisk(file);
      const body = await upload(
        documentFilePath(documentId),
        {},
        { part: 'file', path: file.path, name: file.name, size, mime: documentMimeTypes[file.documentType] },
        o,
      );
      return readDocument(body.data[0]);
    },

    /** Micro-service: one evidence file with its `documentInfo`, to the chargeback. */
    async uploadDocument(
      chargebackId: string,
      file: { path: string; name: string; documentType: DocumentType },
      o: UploadOptions,
    ): Promise<Chargeback | undefined> {
      needs('one-request', 'A one-request upload');
      const size = await fileOnDisk(file);
      const info = documentInfoSchema.safeParse({
        documentType: file.documentType,
        name: file.name,
        sizeInBytes: size,
      });
      if (!info.success)
        throw new AppError(
          'validation',
          `The document ${file.name} cannot be sent: ${info.error.issues.map((i) => i.message).join('; ')}.`,
        );
      const body = await upload(
        chargebackDocumentsPath(chargebackId),
        { documentInfo: info.data },
        { part: 'document', path: file.path, name: file.name, size, mime: documentMimeTypes[file.documentType] },
        o,
      );
      return validOrUndefined(chargebackSchema.safeParse(body.data[0]));
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
