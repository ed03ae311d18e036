// One request to the service with the app's rules: the APIKEY header on every call, a timeout,
// cancellation, and the envelope read from the body whatever the HTTP status said.
import { request, type Dispatcher } from 'undici';
import type { Readable } from 'node:stream';
import { envelopeSchema, type EnvelopeBody } from '../../shared/api/envelope.ts';
import { buildSearch, type SearchClause } from '../../shared/api/search.ts';
import { AppError } from '../../shared/errors.ts';
import { errorFromItems, networkError, notJsonError, serverError, unexpectedAnswerError } from './errors.ts';

export interface HttpConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  rateLimitTest: boolean;
  dispatcher?: Dispatcher;
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

/** Sends once. Throws AppError for every failure; returns the envelope body on success. */
export async function send(config: HttpConfig, spec: RequestSpec): Promise<EnvelopeBody> {
  // The contract: calls that send a JSON body or expect JSON carry Content-Type application/json
  // (so GETs too); the upload says multipart/form-data with its boundary instead.
  const headers: Record<string, string> = { APIKEY: config.apiKey, Accept: 'application/json', 'Content-Type': 'application/json' };
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
    const res = await request(url(config.baseUrl, spec), { method: spec.method, headers, body, signal, dispatcher: config.dispatcher });
    status = res.statusCode;
    contentType = res.headers['content-type'] as string | undefined;
    const ra = Number(res.headers['retry-after']);
    retryAfter = Number.isFinite(ra) && ra > 0 ? ra : undefined;
    text = await res.body.text();
  } catch (e) {
    if (spec.signal?.aborted) throw new AppError('cancelled', 'Cancelled.', { cause: e });
    if (timeout.aborted) throw new AppError('timeout', `The chargeback service did not answer within ${Math.round(config.timeoutMs / 1000)} seconds. Dispute Desk will try again.`);
    throw networkError(e, config.baseUrl);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw status >= 500 || status === 429 ? (status === 429 ? errorFromItems([], 429, retryAfter) : notJsonError(status, contentType)) : notJsonError(status, contentType);
  }
  const parsed = envelopeSchema.safeParse(json);
  if (parsed.success && parsed.data.errors.length > 0) throw errorFromItems(parsed.data.errors, status, retryAfter);
  // No errors given (or not one of the service's shapes): the status code is all there is to go by.
  if (status === 401) throw errorFromItems([], 401);
  if (status === 429) throw errorFromItems([], 429, retryAfter);
  if (status >= 500) throw serverError(status);
  if (!parsed.success) throw unexpectedAnswerError(status);
  if (status >= 400) throw new AppError('server', `The chargeback service refused the call (HTTP ${status}). Check the profile's URL and deployment.`);
  return parsed.data;
}
