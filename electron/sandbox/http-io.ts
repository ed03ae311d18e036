// The sandbox's plain HTTP helpers: reading a body up to a limit, answering JSON, holding an
// answer back (the slow faults), and a record without the sandbox's own `_` fields.
import type { IncomingMessage, ServerResponse } from 'node:http';

type Rec = Record<string, unknown>;

export class HttpBodyTooLarge extends Error {}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
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
export function clean(r: Rec): Rec {
  const out: Rec = {};
  for (const k in r) if (k.charCodeAt(0) !== 95) out[k] = r[k];
  return out;
}

/** Waits `ms` before answering; true when the client is still there. A client that hangs up
 * ends the wait at once, so no timer outlives its request (nor keeps a closing sandbox up). */
export function hold(req: IncomingMessage, ms: number): Promise<boolean> {
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

export function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers an already serialised JSON text. */
export function sendText(res: ServerResponse, text: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
