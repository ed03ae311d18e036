// What stands in front of the merchant API's routes, in the real service's order: an injected
// fault (dropped, 500, an HTML 502, a short 429, a slow answer), the rate limit per source IP,
// path and host, and the API key. Answers the request itself, or lets it through.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pickFault, type FaultKind, type FaultSettings } from './faults.ts';
import type { createRateLimiter } from './rate-limit.ts';
import { hold, send } from './http-io.ts';
import type { Reply } from './reply.ts';

const rateLimited = {
  errors: [
    {
      code: 64,
      severity: 2,
      msg: 'Rate of requests exceeded - Temporary block implemented',
      errorCode: 'C_RATE_LIMIT_EXCEEDED_TEMP_BLOCK',
    },
  ],
};

export interface FrontDeps {
  faults: FaultSettings;
  limiter: ReturnType<typeof createRateLimiter>;
  apiKey: string;
  reply: Reply;
}

/** The fault drawn for this request (a write's after-write faults are the routes' to play), or
 * `answered` when the request has been answered (or dropped) here. */
export async function front(
  deps: FrontDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<{ answered: true } | { answered: false; fault: FaultKind | undefined }> {
  const done = { answered: true } as const;
  const fault = pickFault(deps.faults, req.method === 'POST');
  if (fault === 'drop') {
    req.socket.destroy();
    return done;
  }
  if (fault === '500') {
    deps.reply.errors(
      res,
      [{ code: 500, severity: 4, msg: 'Internal server error', errorCode: 'internal_error' }],
      500,
    );
    return done;
  }
  if (fault === 'html500') {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
    return done;
  }
  if (fault === '429') {
    // An injected 429 is a short test fault, not the real ten-second block.
    res.setHeader('retry-after', '1');
    send(res, 429, rateLimited);
    return done;
  }
  // Held in front of the service: a request whose client gave up never reaches it.
  if (fault === 'slow' && !(await hold(req, deps.faults.slowMs))) return done;

  const blocked = deps.limiter.hit(
    `${req.socket.remoteAddress}|${url.pathname}|${req.headers.host ?? ''}`,
    req.headers['rate-limit-test'] === 'match',
  );
  if (blocked !== undefined) {
    res.setHeader('retry-after', String(blocked));
    send(res, 429, rateLimited);
    return done;
  }
  if (req.headers.apikey !== deps.apiKey) {
    send(res, 401, { errors: [{ code: 4, severity: 3, msg: 'Invalid authentication', errorCode: 'invalid_auth' }] });
    return done;
  }
  return { answered: false, fault };
}
