// POST on the merchant API: the core API's JSON writes (a message, a document record) and its
// file upload (`/files/chargebackDocuments/{id}`), the micro-service's multipart upload
// (`/Chargebacks/{id}/documents`) and message; each answered, dropped or held as the faults say.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { boundaryOf, parseMultipart } from './multipart.ts';
import { HttpBodyTooLarge, hold, readBody } from './http-io.ts';
import type { FaultKind, FaultSettings } from './faults.ts';
import type { SandboxService, SandboxLimits } from './service.ts';
import type { Reply } from './reply.ts';
import type { RecordKind } from './db.ts';

type Rec = Record<string, unknown>;

export interface WriteTarget {
  kind: RecordKind;
  id: string | undefined;
  /** The core API's `/files/...` form. */
  isFile: boolean;
  /** The micro-service's `/{resource}/{id}/{action}` form. */
  action: string | undefined;
}

const invalidRequest = (msg: string, field?: string) => ({
  code: 15,
  severity: 2,
  msg,
  errorCode: 'invalid_request',
  ...(field ? { field } : {}),
});

export function createWriteRoutes(deps: {
  service: SandboxService;
  limits: SandboxLimits;
  faults: FaultSettings;
  reply: Reply;
}) {
  const { service, reply } = deps;

  /** After a write: the answer is dropped, or held until the client has likely given up. */
  async function answerLost(req: IncomingMessage, fault: FaultKind | undefined): Promise<boolean> {
    if (fault === 'drop-after-write') {
      req.socket.destroy();
      return true;
    }
    if (fault === 'slow-after-write') return !(await hold(req, deps.faults.slowMs));
    return false;
  }

  /** The upload's parts, or undefined once it has been refused as too large. */
  async function multipartOf(req: IncomingMessage, res: ServerResponse, isFile: boolean) {
    let body: Buffer;
    try {
      body = await readBody(req, deps.limits.maxFileBytes + 256 * 1024);
    } catch (e) {
      if (!(e instanceof HttpBodyTooLarge)) throw e;
      reply.errors(res, [
        {
          code: 18,
          severity: 2,
          msg: `The document is larger than the limit of ${deps.limits.maxFileBytes} bytes per file`,
          errorCode: 'document_too_large',
          field: isFile ? 'file' : 'document',
        },
      ]);
      res.on('finish', () => req.socket.destroy());
      return undefined;
    }
    const boundary = boundaryOf(req.headers['content-type']);
    return { parts: boundary ? parseMultipart(body, boundary) : undefined };
  }

  async function upload(req: IncomingMessage, res: ServerResponse, t: WriteTarget, fault: FaultKind | undefined) {
    const token = req.headers['request-token'] as string | undefined;
    const read = await multipartOf(req, res, t.isFile);
    if (!read) return;
    const { parts } = read;
    if (t.isFile) {
      if (!parts) return reply.errors(res, [invalidRequest('The upload must be multipart/form-data with a file part')]);
      const filePart = parts.find((p) => p.name === 'file');
      const doc = service.uploadDocumentFile(
        t.id!,
        filePart ? { name: filePart.filename ?? '', bytes: filePart.data } : undefined,
        token,
      );
      if (await answerLost(req, fault)) return;
      return reply.ok(res, [reply.shown('document', doc)]);
    }
    if (!parts)
      return reply.errors(res, [
        invalidRequest('The upload must be multipart/form-data with documentInfo and document parts'),
      ]);
    const infoPart = parts.find((p) => p.name === 'documentInfo');
    const filePart = parts.find((p) => p.name === 'document');
    let info: Rec = {};
    try {
      info = infoPart ? (JSON.parse(infoPart.data.toString('utf8')) as Rec) : {};
    } catch {
      return reply.errors(res, [invalidRequest('documentInfo is not valid JSON', 'documentInfo')]);
    }
    const cb = service.uploadDocument(
      t.id!,
      info,
      filePart ? { name: filePart.filename ?? String(info.name ?? ''), bytes: filePart.data } : undefined,
      token,
    );
    if (await answerLost(req, fault)) return;
    return reply.ok(res, [reply.shown('chargeback', cb)], { current: 1, last: 1, hasMore: false });
  }

  async function jsonWrite(req: IncomingMessage, res: ServerResponse, kind: 'message' | 'document', fault?: FaultKind) {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      return reply.errors(res, [invalidRequest('The body must be JSON (Content-Type: application/json)')]);
    const raw = await readBody(req, 1024 * 1024);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8') || '{}');
    } catch {
      return reply.errors(res, [invalidRequest('The body is not valid JSON')]);
    }
    const token = req.headers['request-token'] as string | undefined;
    const record = kind === 'message' ? service.createMessage(body, token) : service.createDocumentRecord(body, token);
    if (await answerLost(req, fault)) return;
    return reply.ok(res, [reply.shown(kind, record)]);
  }

  /** Answers a POST; false when this dialect has no such write (the caller refuses it). */
  async function post(
    req: IncomingMessage,
    res: ServerResponse,
    t: WriteTarget,
    fault: FaultKind | undefined,
  ): Promise<boolean> {
    if (t.isFile || (t.kind === 'chargeback' && t.action === 'documents')) {
      await upload(req, res, t, fault);
      return true;
    }
    if (t.id === undefined && (t.kind === 'message' || (t.kind === 'document' && reply.dialect === 'core'))) {
      await jsonWrite(req, res, t.kind, fault);
      return true;
    }
    return false;
  }

  return { post };
}
