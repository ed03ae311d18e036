// One request to the service with the app's rules: the APIKEY header on every call, a timeout,
// cancellation, and the envelope read from the body whatever the HTTP status said. An answer is
// read up to a size cap (a runaway body cannot exhaust memory), a redirect is a failure (never
// followed, so the key goes nowhere else), and the key is scrubbed from every error it produces.
import { request, type Dispatcher } from 'undici';
import type { Readable } from 'node:stream';
import { envelopeSchema, type EnvelopeBody } from '../../shared/api/envelope.ts';
import { buildSearch, type SearchClause } from '../../shared/api/search.ts';
import { AppError, isAppError } from '../../shared/errors.ts';
import {
  errorFromItems,
  networkError,
  notJsonError,
  redirectError,
  scrubSecret,
  serverError,
  tooLargeError,
  unexpectedAnswerError,
} from './errors.ts';
import { compiled } from './parse-records.ts';

/** Far above the largest page the service sends (100 records with their expansions). */
export const defaultMaxResponseBytes = 16 * 1024 * 1024;

export interface HttpConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  rateLimitTest: boolean;
  dispatcher?: Dispatcher;
  maxResponseBytes?: number;
  /** Told each answer's `Date` header (the service's clock, electron/api/service-clock.ts). */
  onServiceDate?: ((header: string | undefined) => void) | undefined;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  /** Query pairs; keys keep their brackets (`page[number]`, `expand[chargeback][txn][]`). */
  query?: Array<[string, string]>;
  search?: readonly SearchClause[];
  json?: unknown;
  stream?: () => { body: Readable; length: number; contentType: string };
  requestToken?: string;
  signal?: AbortSignal;
}

function url(base: string, spec: RequestSpec): string {
  const q = (spec.query ?? []).map(([k, v]) => (v === '' ? k : `${k}=${encodeURIComponent(v)}`)).join('&');
  return `${base.replace(/\/+$/, '')}${spec.path}${q ? `?${q}` : ''}`;
}

/** Stops reading and closes the connection; the abort this raises on the body is expected. */
function drop(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The body as text, refused past `max` bytes (declared or counted), the connection dropped. */
async function readCapped(body: Dispatcher.ResponseData['body'], declared: number, max: number): Promise<string> {
  if (declared > max) {
    drop(body);
    throw tooLargeError(declared, max);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      drop(body);
      throw tooLargeError(size, max);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Sends once. Throws AppError for every failure, the key scrubbed from it; returns the envelope
 * body on success. */
export async function send(config: HttpConfig, spec: RequestSpec): Promise<EnvelopeBody> {
  try {
    return await sendOnce(config, spec);
  } catch (e) {
    throw isAppError(e) ? scrubSecret(e, config.apiKey) : e;
  }
}

async function sendOnce(config: HttpConfig, spec: RequestSpec): Promise<EnvelopeBody> {
  // The contract: calls that send a JSON body or expect JSON carry Content-Type application/json
  // (so GETs too); the upload says multipart/form-data with its boundary instead.
  const headers: Record<string, string> = {
    APIKEY: config.apiKey,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  if (spec.search && spec.search.length > 0) headers.search = buildSearch(spec.search);
  if (spec.requestToken) headers['request-token'] = spec.requestToken;
  if (config.rateLimitTest) headers['rate-limit-test'] = 'match';
  let body: string | Readable | undefined;
  if (spec.json !== undefined) {
    body = JSON.stringify(spec.json);
  } else if (spec.stream) {
    const s = spec.stream();
    headers['Content-Type'] = s.contentType;
    headers['Content-Length'] = String(s.length);
    body = s.body;
  }
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
  let status: number;
  let contentType: string | undefined;
  let retryAfter: number | undefined;
  let text: string;
  try {
    const res = await request(url(config.baseUrl, spec), {
      method: spec.method,
      headers,
      body,
      signal,
      dispatcher: config.dispatcher,
    });
    status = res.statusCode;
    config.onServiceDate?.(typeof res.headers.date === 'string' ? res.headers.date : undefined);
    if (status >= 300 && status < 400) {
      drop(res.body);
      throw redirectError(status, res.headers.location);
    }
    contentType = res.headers['content-type'] as string | undefined;
    const ra = Number(res.headers['retry-after']);
    retryAfter = Number.isFinite(ra) && ra > 0 ? ra : undefined;
    const declared = Number(res.headers['content-length'] ?? 0);
    text = await readCapped(
      res.body,
      Number.isFinite(declared) ? declared : 0,
      config.maxResponseBytes ?? defaultMaxResponseBytes,
    );
  } catch (e) {
    if (isAppError(e)) throw e;
    if (spec.signal?.aborted) throw new AppError('cancelled', 'Cancelled.', { cause: e });
    if (timeout.aborted)
      throw new AppError(
        'timeout',
        'The chargeback service did not answer within ' +
          `${Math.round(config.timeoutMs / 1000)} seconds. Dispute Desk will try again.`,
      );
    throw networkError(e, config.baseUrl);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw status >= 500 || status === 429
      ? status === 429
        ? errorFromItems([], 429, retryAfter)
        : notJsonError(status, contentType)
      : notJsonError(status, contentType);
  }
  // Compiled (parse-records.ts): checked field by field, the envelope's `data` of 100 records cost a
  // full sync's 736 pages about 80 ms of CPU; compiled, under 10.
  const parsed = compiled(envelopeSchema).safeParse(json);
  if (parsed.success && parsed.data.errors.length > 0) throw errorFromItems(parsed.data.errors, status, retryAfter);
  // No errors given (or not one of the service's shapes): the status code is all there is to go by.
  if (status === 401) throw errorFromItems([], 401);
  if (status === 429) throw errorFromItems([], 429, retryAfter);
  if (status >= 500) throw serverError(status);
  if (!parsed.success) throw unexpectedAnswerError(status);
  if (status >= 400)
    throw new AppError(
      'server',
      `The chargeback service refused the call (HTTP ${status}). Check the profile's URL and deployment.`,
    );
  return parsed.data;
}
