// The sandbox's HTTP surface: the merchant API under each dialect's resource names with the
// observed envelope, auth, rate limit and faults (merchant-front.ts), its reads (listing.ts) and
// writes (write-routes.ts); and the admin surface under /_sandbox/ (admin-routes.ts).
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { FaultSettings } from './faults.ts';
import { createRateLimiter, type RateLimitSettings } from './rate-limit.ts';
import { ServiceError, type SandboxService, type SandboxLimits } from './service.ts';
import type { SandboxDb, RecordKind } from './db.ts';
import type { Clock } from './clock.ts';
import type { AlertDispatcher } from './alerts.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';
import { createReply } from './reply.ts';
import { front } from './merchant-front.ts';
import { createListing } from './listing.ts';
import { createWriteRoutes } from './write-routes.ts';
import { adminRoute } from './admin-routes.ts';

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
    // Recorded on the test deployment: an empty list; the sandbox never makes one.
    chargebackMessageResults: 'messageResult',
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

export function createSandboxServer(ctx: ServerContext): Server {
  const limiter = createRateLimiter(ctx.rateLimit);
  const dialect = ctx.dialect;
  const reply = createReply(dialect);
  const listing = createListing(ctx.store, reply);
  const writes = createWriteRoutes({ service: ctx.service, limits: ctx.limits, faults: ctx.faults, reply });

  async function merchant(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const passed = await front({ faults: ctx.faults, limiter, apiKey: ctx.apiKey, reply }, req, res, url);
    if (passed.answered) return;
    const segments = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    // The core API's file upload lives under /files/{resource}/{id}.
    const isFile = dialect === 'core' && segments[0] === 'files' && segments[1] === 'chargebackDocuments';
    const path = isFile ? segments.slice(1) : segments;
    const kind = resources[dialect][path[0] ?? ''];
    const invalid = (): void =>
      reply.errors(res, [
        { code: 12, severity: 2, msg: `Invalid resource ${url.pathname}`, errorCode: 'invalid_resource' },
      ]);
    if (!kind) return invalid();
    const id = path[1] ? decodeURIComponent(path[1]) : undefined;
    const action = path[2];
    if (
      action !== undefined &&
      !(dialect === 'microservice' && kind === 'chargeback' && action === 'documents' && method === 'POST')
    )
      return invalid();
    if (isFile && (method !== 'POST' || id === undefined)) return invalid();

    if (method === 'GET') return listing.get(res, url, kind, id, req.headers.search as string | undefined);
    if (method === 'POST' && (await writes.post(req, res, { kind, id, isFile, action }, passed.fault))) return;
    return reply.errors(res, [
      { code: 12, severity: 2, msg: `Invalid action ${method} ${url.pathname}`, errorCode: 'invalid_resource' },
    ]);
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const handler = url.pathname.startsWith('/_sandbox/')
      ? (r: IncomingMessage, s: ServerResponse, u: URL) => adminRoute(ctx, r, s, u)
      : merchant;
    handler(req, res, url).catch((e: unknown) => {
      if (res.headersSent || res.destroyed) return;
      if (e instanceof ServiceError) return reply.errors(res, e.items);
      reply.errors(
        res,
        [{ code: 500, severity: 4, msg: `Sandbox error: ${(e as Error).message}`, errorCode: 'internal_error' }],
        500,
      );
    });
  });
}
