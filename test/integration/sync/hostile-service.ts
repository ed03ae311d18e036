// A hostile chargeback service for sync tests: a tiny HTTP server on 127.0.0.1 in front of the
// sandbox that passes every request on and lets a test rewrite the answers (a record with an
// unusable ID, one nested thousands of levels deep, paging that never ends). The sandbox's own
// shapes stay as they are; only what the test asks for changes.
import { createServer, type IncomingMessage } from 'node:http';

export interface SeenRequest {
  method: string;
  path: string;
  /** The `search` header, as sent. */
  search: string;
  /** page[number] of the query, when there is one. */
  page: number | undefined;
  /** The query's parameter names, as sent (`expand[txn][]`, `page[limit]`...). */
  params: string[];
}

/** The answer to send instead of the sandbox's (JSON text), or undefined to pass it on. `body` is
 * the sandbox's answer parsed. */
export type Tamper = (req: SeenRequest, body: unknown) => string | undefined;

export async function hostileService(target: string, tamper: Tamper) {
  const seen: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        search: String(req.headers.search ?? ''),
        page: url.searchParams.has('page[number]') ? Number(url.searchParams.get('page[number]')) : undefined,
        params: [...url.searchParams.keys()],
      };
      seen.push(request);
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
      const upstream = await fetch(target + (req.url ?? '/'), {
        method: request.method,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      const text = await upstream.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const replaced = tamper(request, body);
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(replaced ?? text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** `body` (the sandbox's wrapped envelope) with `edit` applied to its records. */
export function editRecords(body: unknown, edit: (records: Record<string, unknown>[]) => void): unknown {
  const copy = structuredClone(body) as { response: { data: Record<string, unknown>[] } };
  edit(copy.response.data);
  return copy;
}
