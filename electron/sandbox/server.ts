// The sandbox's HTTP surface: the merchant API under the contract's paths (and their lower-case
// forms) with the observed envelope, auth, paging, search, rate limit and faults; and the admin
// surface under /_sandbox/ that only the admin token opens.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { parseSearch, type SearchClause } from '../../shared/api/search.ts';
import { wrap, type ApiErrorItemInput } from '../../shared/api/envelope.ts';
import { faultKinds, pickFault, type FaultKind, type FaultSettings } from './faults.ts';
import { createRateLimiter, type RateLimitSettings } from './rate-limit.ts';
import { boundaryOf, parseMultipart } from './multipart.ts';
import { queryRecords } from './query.ts';
import { ServiceError, type SandboxService, type SandboxLimits } from './service.ts';
import type { SandboxDb, RecordKind } from './db.ts';
import type { Clock } from './clock.ts';
import type { AlertDispatcher } from './alerts.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';
import { present } from './dialect-shapes.ts';
import { readCardHistories } from './card-histories.ts';
import { parseServiceTimestamp } from '../../shared/domain/dates.ts';

type Rec = Record<string, unknown>;

export interface ServerContext {
  store: SandboxDb;
  service: SandboxService;
  clock: Clock;
  alerts: AlertDispatcher;
  apiKey: string;
  adminToken: string;
  faults: FaultSettings;
  limits: SandboxLimits;
  rateLimit: RateLimitSettings;
  dialect: DialectName;
}

class HttpBodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new HttpBodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The record without the sandbox's own `_` fields (a plain loop: it runs for every record served). */
function clean(r: Rec): Rec {
  const out: Rec = {};
  for (const k in r) if (k.charCodeAt(0) !== 95) out[k] = r[k];
  return out;
}

/** Waits `ms` before answering; true when the client is still there. A client that hangs up
 * ends the wait at once, so no timer outlives its request (nor keeps a closing sandbox up). */
function hold(req: IncomingMessage, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (req.socket.destroyed) return resolve(false);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      req.socket.off('close', onClose);
      resolve(!req.socket.destroyed);
    }, ms);
    req.socket.once('close', onClose);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Each dialect's resource names, exactly as it spells them: the core API's lowercase resources
 * (and `/files/chargebackDocuments/{id}` for a document's file), the contract's capitalised
 * micro-service forms. A path of the other dialect is an `invalid_resource`, as the real
 * service answers an unknown resource, so nothing passes here while speaking the wrong one. */
const resources: Record<DialectName, Record<string, RecordKind>> = {
  core: {
    chargebacks: 'chargeback',
    chargebackStatuses: 'status',
    chargebackMessages: 'message',
    chargebackDocuments: 'document',
    entries: 'entry',
    txns: 'txn',
  },
  microservice: {
    Chargebacks: 'chargeback',
    ChargebackStatuses: 'status',
    ChargebackMessages: 'message',
    ChargebackDocuments: 'document',
    entries: 'entry',
  },
};

const linkedKinds: ReadonlySet<RecordKind> = new Set(['status', 'message', 'document']);

export function createSandboxServer(ctx: ServerContext): Server {
  const limiter = createRateLimiter(ctx.rateLimit);
  const dialect = ctx.dialect;
  let requestId = 1;
  /** A record as this dialect's service answers it. */
  const shown = (kind: RecordKind, r: Rec): Rec => present(kind, clean(r), dialect);
  const ok = (res: ServerResponse, data: Rec[], page?: { current: number; last: number; hasMore: boolean }): void =>
    send(res, 200, wrap(data, { requestId: requestId++, ...(page ? { page } : {}) }));
  /** The link to the chargeback is `chargeback` in the stored records; the micro-service's
   * records call it `Chargeback`, and a search must name the field its records carry. */
  const linkSearch = (field: string): string => {
    const mine = dialect === 'core' ? ['chargeback', 'chargebackMessage'] : ['Chargeback', 'ChargebackMessage'];
    const theirs = dialect === 'core' ? ['Chargeback', 'ChargebackMessage'] : ['chargeback', 'chargebackMessage'];
    if (mine.includes(field)) return field.charAt(0).toLowerCase() + field.slice(1);
    return theirs.includes(field) ? '_notAFieldOfTheseRecords' : field;
  };
  const errors = (res: ServerResponse, items: ApiErrorItemInput[], status = 200): void =>
    send(res, status, wrap([], { requestId: requestId++ }, items));

  /** After a write: the answer is dropped, or held until the client has likely given up. */
  async function answerLost(req: IncomingMessage, fault: FaultKind | undefined): Promise<boolean> {
    if (fault === 'drop-after-write') {
      req.socket.destroy();
      return true;
    }
    if (fault === 'slow-after-write') return !(await hold(req, ctx.faults.slowMs));
    return false;
  }

  async function merchant(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const segments = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    const isWrite = method === 'POST';
    const fault: FaultKind | undefined = pickFault(ctx.faults, isWrite);
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === '500')
      return errors(res, [{ code: 500, severity: 4, msg: 'Internal server error', errorCode: 'internal_error' }], 500);
    if (fault === 'html500') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return void res.end(
        '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>',
      );
    }
    if (fault === '429') {
      // An injected 429 is a short test fault, not the real ten-second block.
      res.setHeader('retry-after', '1');
      return send(res, 429, {
        errors: [
          {
            code: 64,
            severity: 2,
            msg: 'Rate of requests exceeded - Temporary block implemented',
            errorCode: 'C_RATE_LIMIT_EXCEEDED_TEMP_BLOCK',
          },
        ],
      });
    }
    // Held in front of the service: a request whose client gave up never reaches it.
    if (fault === 'slow' && !(await hold(req, ctx.faults.slowMs))) return;

    const blocked = limiter.hit(
      `${req.socket.remoteAddress}|${url.pathname}|${req.headers.host ?? ''}`,
      req.headers['rate-limit-test'] === 'match',
    );
    if (blocked !== undefined) {
      res.setHeader('retry-after', String(blocked));
      return send(res, 429, {
        errors: [
          {
            code: 64,
            severity: 2,
            msg: 'Rate of requests exceeded - Temporary block implemented',
            errorCode: 'C_RATE_LIMIT_EXCEEDED_TEMP_BLOCK',
          },
        ],
      });
    }
    if (req.headers.apikey !== ctx.apiKey)
      return send(res, 401, {
        errors: [{ code: 4, severity: 3, msg: 'Invalid authentication', errorCode: 'invalid_auth' }],
      });

    // The core API's file upload lives under /files/{resource}/{id}.
    const isFile = dialect === 'core' && segments[0] === 'files' && segments[1] === 'chargebackDocuments';
    const path = isFile ? segments.slice(1) : segments;
    const resource = resources[dialect][path[0] ?? ''];
    const invalid = (): void =>
      errors(res, [{ code: 12, severity: 2, msg: `Invalid resource ${url.pathname}`, errorCode: 'invalid_resource' }]);
    if (!resource) return invalid();
    const id = path[1] ? decodeURIComponent(path[1]) : undefined;
    const action = path[2];
    if (
      action !== undefined &&
      !(dialect === 'microservice' && resource === 'chargeback' && action === 'documents' && method === 'POST')
    )
      return invalid();
    if (isFile && (method !== 'POST' || id === undefined)) return invalid();

    if (method === 'GET') {
      const search = parseSearch(req.headers.search as string | undefined);
      if (!search.ok) return errors(res, [{ code: 13, severity: 2, msg: search.message, errorCode: 'query_error' }]);
      const number = Number(url.searchParams.get('page[number]') ?? 1);
      const limit = Number(url.searchParams.get('page[limit]') ?? 30);
      if (!Number.isInteger(number) || number < 1 || !Number.isInteger(limit) || limit < 1)
        return errors(res, [
          {
            code: 13,
            severity: 2,
            msg: 'page[number] and page[limit] must be positive integers',
            errorCode: 'query_error',
          },
        ]);
      const page = { number, limit: Math.min(limit, 100) };
      if (resource === 'status' && id !== undefined && dialect === 'microservice') {
        // The contract's status read takes the chargeback ID and answers the bare envelope:
        // data, details, errors at top level.
        const rows = ctx.store.byChargeback('status', id);
        return send(res, 200, { data: rows.map((r) => shown('status', r)), details: {}, errors: [] });
      }
      if (id !== undefined) {
        // On the core API a status is read by its own ID: a chargeback ID finds nothing.
        const rec = ctx.store.get(resource, id);
        return ok(res, rec ? [expandIf(resource, rec, url)] : []);
      }
      const clauses: SearchClause[] = search.clauses.map((c) =>
        linkedKinds.has(resource) ? { ...c, field: linkSearch(c.field) } : c,
      );
      const result = queryRecords(ctx.store, resource, clauses, page);
      if (resource === 'entry' && [...url.searchParams.keys()].some((k) => k.startsWith('expand[chargeback]')))
        return sendExpandedEntries(res, result.records, url, result.page);
      return ok(
        res,
        result.records.map((r) => expandIf(resource, r, url)),
        result.page,
      );
    }

    if (method === 'POST') {
      const token = req.headers['request-token'] as string | undefined;
      if (isFile || (resource === 'chargeback' && action === 'documents')) {
        let body: Buffer;
        try {
          body = await readBody(req, ctx.limits.maxFileBytes + 256 * 1024);
        } catch (e) {
          if (e instanceof HttpBodyTooLarge) {
            errors(res, [
              {
                code: 18,
                severity: 2,
                msg: `The document is larger than the limit of ${ctx.limits.maxFileBytes} bytes per file`,
                errorCode: 'document_too_large',
                field: isFile ? 'file' : 'document',
              },
            ]);
            return void res.on('finish', () => req.socket.destroy());
          }
          throw e;
        }
        const boundary = boundaryOf(req.headers['content-type']);
        const parts = boundary ? parseMultipart(body, boundary) : undefined;
        if (isFile) {
          if (!parts)
            return errors(res, [
              {
                code: 15,
                severity: 2,
                msg: 'The upload must be multipart/form-data with a file part',
                errorCode: 'invalid_request',
              },
            ]);
          const filePart = parts.find((p) => p.name === 'file');
          const doc = ctx.service.uploadDocumentFile(
            id!,
            filePart ? { name: filePart.filename ?? '', bytes: filePart.data } : undefined,
            token,
          );
          if (await answerLost(req, fault)) return;
          return ok(res, [shown('document', doc)]);
        }
        if (!parts)
          return errors(res, [
            {
              code: 15,
              severity: 2,
              msg: 'The upload must be multipart/form-data with documentInfo and document parts',
              errorCode: 'invalid_request',
            },
          ]);
        const infoPart = parts.find((p) => p.name === 'documentInfo');
        const filePart = parts.find((p) => p.name === 'document');
        let info: Rec = {};
        try {
          info = infoPart ? (JSON.parse(infoPart.data.toString('utf8')) as Rec) : {};
        } catch {
          return errors(res, [
            {
              code: 15,
              severity: 2,
              msg: 'documentInfo is not valid JSON',
              errorCode: 'invalid_request',
              field: 'documentInfo',
            },
          ]);
        }
        const cb = ctx.service.uploadDocument(
          id!,
          info,
          filePart ? { name: filePart.filename ?? String(info.name ?? ''), bytes: filePart.data } : undefined,
          token,
        );
        if (await answerLost(req, fault)) return;
        return ok(res, [shown('chargeback', cb)], { current: 1, last: 1, hasMore: false });
      }
      const jsonWrite = id === undefined && (resource === 'message' || (resource === 'document' && dialect === 'core'));
      if (jsonWrite) {
        if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
          return errors(res, [
            {
              code: 15,
              severity: 2,
              msg: 'The body must be JSON (Content-Type: application/json)',
              errorCode: 'invalid_request',
            },
          ]);
        }
        const raw = await readBody(req, 1024 * 1024);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8') || '{}');
        } catch {
          return errors(res, [
            { code: 15, severity: 2, msg: 'The body is not valid JSON', errorCode: 'invalid_request' },
          ]);
        }
        const record =
          resource === 'message'
            ? ctx.service.createMessage(body, token)
            : ctx.service.createDocumentRecord(body, token);
        if (await answerLost(req, fault)) return;
        return ok(res, [shown(resource, record)]);
      }
    }
    return errors(res, [
      { code: 12, severity: 2, msg: `Invalid action ${method} ${url.pathname}`, errorCode: 'invalid_resource' },
    ]);
  }

  // Entries repeat their chargeback: its expanded JSON is built once per version of the data.
  const expandedCache = new Map<string, string | null>();
  let expandedVersion = -1;
  function expandedJson(id: string, withTxn: boolean): string | null {
    if (expandedVersion !== ctx.store.version) {
      expandedCache.clear();
      expandedVersion = ctx.store.version;
    }
    const key = `${id}|${withTxn}`;
    let json = expandedCache.get(key);
    if (json === undefined) {
      const cb = ctx.store.get('chargeback', id);
      const txn = cb && withTxn && typeof cb.txn === 'string' ? ctx.store.get('txn', cb.txn) : undefined;
      json = cb ? JSON.stringify(shown('chargeback', { ...cb, ...(txn ? { txn: clean(txn) } : {}) })) : null;
      expandedCache.set(key, json);
    }
    return json;
  }

  function sendExpandedEntries(
    res: ServerResponse,
    records: Rec[],
    url: URL,
    page: { current: number; last: number; hasMore: boolean },
  ): void {
    const withTxn = [...url.searchParams.keys()].some((k) => k.startsWith('expand[chargeback][txn]'));
    const items = records.map((r) => {
      const { chargeback, ...rest } = clean(r);
      const cb = typeof chargeback === 'string' ? expandedJson(chargeback, withTxn) : null;
      const head = JSON.stringify(rest);
      const comma = head.length > 2 ? ',' : '';
      return `${head.slice(0, -1)}${comma}"chargeback":${cb ?? JSON.stringify(chargeback ?? null)}}`;
    });
    const details = JSON.stringify({ totals: [], requestId: requestId++, page });
    const text = `{"response":{"data":[${items.join(',')}],"details":${details},"errors":[]}}`;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  /** The record as answered, with its chargeback (and that one's transaction) in place of the
   * ID where an entry is read with `expand`. */
  function expandIf(resource: RecordKind, rec: Rec, url: URL): Rec {
    if (resource !== 'entry' || typeof rec.chargeback !== 'string') return shown(resource, rec);
    const keys = [...url.searchParams.keys()];
    if (!keys.some((k) => k.startsWith('expand[chargeback]'))) return shown(resource, rec);
    const cb = ctx.store.get('chargeback', rec.chargeback);
    if (!cb) return shown(resource, rec);
    const withTxn = keys.some((k) => k.startsWith('expand[chargeback][txn]'));
    const txn = withTxn && typeof cb.txn === 'string' ? ctx.store.get('txn', cb.txn) : undefined;
    return { ...clean(rec), chargeback: shown('chargeback', { ...cb, ...(txn ? { txn: clean(txn) } : {}) }) };
  }

  async function admin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.headers['x-sandbox-admin'] !== ctx.adminToken)
      return send(res, 401, {
        errors: [
          { code: 4, severity: 3, msg: 'The sandbox admin surface needs the admin token', errorCode: 'invalid_auth' },
        ],
      });
    const parts = url.pathname.split('/').filter(Boolean).slice(1);
    const method = req.method ?? 'GET';
    const body =
      method === 'GET' ? {} : (JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Rec);
    const route = `${method} ${parts.map((p, i) => (i === 1 && parts[0] === 'chargebacks' ? ':id' : p)).join('/')}`;
    switch (route) {
      case 'GET summary': {
        const counts = ctx.store.db
          .prepare(
            `SELECT json_extract(json, '$.status') AS status, COUNT(*) ` +
              `AS n FROM records WHERE kind = 'chargeback' GROUP BY 1`,
          )
          .all() as Array<{ status: string; n: number }>;
        const entries = ctx.store.db
          .prepare(
            'SELECT COUNT(*) AS n, COALESCE(SUM(json_extract(json, ' +
              `'$.amount')), 0) AS total FROM records WHERE kind = 'entry'`,
          )
          .get() as { n: number; total: number };
        return send(res, 200, {
          chargebacks: Object.fromEntries(counts.map((c) => [c.status, c.n])),
          entries: { count: entries.n, total: entries.total },
          now: ctx.clock.now().toISOString(),
        });
      }
      case 'POST chargebacks':
        return send(res, 200, clean(ctx.service.createChargeback((body.fields as Rec | undefined) ?? {})));
      case 'POST chargebacks/:id/decide': {
        const outcome = String(body.outcome);
        if (!['won', 'lost', 'closed'].includes(outcome))
          return send(res, 400, { error: 'outcome must be won, lost or closed' });
        return send(
          res,
          200,
          clean(ctx.service.decide(decodeURIComponent(parts[1]!), outcome as 'won' | 'lost' | 'closed')),
        );
      }
      case 'POST chargebacks/:id/deny-messages':
        return send(res, 200, clean(ctx.service.setMessageDenial(decodeURIComponent(parts[1]!), body.deny !== false)));
      case 'POST chargebacks/:id/modify':
        return send(
          res,
          200,
          clean(ctx.service.modifyChargeback(decodeURIComponent(parts[1]!), (body.fields as Rec | undefined) ?? {})),
        );
      case 'POST clock/advance':
        ctx.clock.advance(Number(body.ms ?? 0));
        ctx.service.tick();
        return send(res, 200, { now: ctx.clock.now().toISOString() });
      case 'GET card-histories':
        return send(res, 200, readCardHistories(ctx.store) ?? null);
      case 'POST tick':
        ctx.service.tick();
        return send(res, 200, { now: ctx.clock.now().toISOString() });
      case 'PUT faults': {
        const kinds = (Array.isArray(body.kinds) ? body.kinds : ctx.faults.kinds).filter((k: unknown): k is FaultKind =>
          (faultKinds as readonly unknown[]).includes(k),
        );
        Object.assign(ctx.faults, {
          rate: Number(body.rate ?? ctx.faults.rate),
          kinds,
          slowMs: Number(body.slowMs ?? ctx.faults.slowMs),
        });
        return send(res, 200, ctx.faults);
      }
      case 'POST alert-receivers':
        ctx.store.db
          .prepare(
            'INSERT INTO receivers (url, header_name, header_value) VALUES (?, ?, ?) ON CONFLICT (url) ' +
              'DO UPDATE SET header_name = excluded.header_name, header_value = excluded.header_value',
          )
          .run(
            String(body.url),
            (body.headerName as string | undefined) ?? null,
            (body.headerValue as string | undefined) ?? null,
          );
        return send(res, 200, { ok: true });
      case 'GET alert-receivers':
        return send(res, 200, ctx.store.db.prepare('SELECT url, header_name AS headerName FROM receivers').all());
      case 'GET alert-deliveries':
        await ctx.alerts.idle();
        return send(
          res,
          200,
          ctx.store.db.prepare('SELECT url, event, chargeback, attempts, status FROM deliveries ORDER BY id').all(),
        );
      case 'GET received': {
        const only = url.searchParams.get('chargeback');
        const rows = ctx.store.db
          .prepare(
            `SELECT kind, chargeback, json FROM records WHERE kind IN ('message', ` +
              `'document') ${only ? 'AND chargeback = ?' : ''} ORDER BY seq`,
          )
          .all(...(only ? [only] : [])) as Array<{ kind: string; chargeback: string; json: string }>;
        const byCb = new Map<string, { chargeback: string; messages: Rec[]; documents: Rec[] }>();
        for (const r of rows) {
          const entry = byCb.get(r.chargeback) ?? { chargeback: r.chargeback, messages: [], documents: [] };
          const rec = JSON.parse(r.json) as Rec;
          if (r.kind === 'message')
            entry.messages.push({
              ...clean(rec),
              receivedAt: parseServiceTimestamp(String(rec.created))?.getTime() ?? null,
            });
          else {
            const blob = ctx.service.documentBlob(String(rec.id));
            entry.documents.push({
              ...clean(rec),
              sizeInBytes: rec._bytes ?? null,
              sha256: blob?.sha256 ?? null,
              fileAt: blob?.at ?? null,
            });
          }
          byCb.set(r.chargeback, entry);
        }
        return send(res, 200, [...byCb.values()]);
      }
    }
    return send(res, 404, { error: `No admin route ${route}` });
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const handler = url.pathname.startsWith('/_sandbox/') ? admin : merchant;
    handler(req, res, url).catch((e: unknown) => {
      if (res.headersSent || res.destroyed) return;
      if (e instanceof ServiceError) return errors(res, e.items);
      errors(
        res,
        [{ code: 500, severity: 4, msg: `Sandbox error: ${(e as Error).message}`, errorCode: 'internal_error' }],
        500,
      );
    });
  });
}
