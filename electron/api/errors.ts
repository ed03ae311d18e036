// Turns what the service answered (or did not) into an AppError a merchant can act on. The
// service reports most failures with HTTP 200 and an `errors` array, so the body decides, not
// the status code. The API key never appears in a message or a cause.
import { AppError, type FieldError } from '../../shared/errors.ts';
import type { ApiErrorItem } from '../../shared/api/envelope.ts';

export function errorFromItems(items: ApiErrorItem[], httpStatus: number, retryAfterSeconds?: number): AppError {
  const codes = items.map((i) => (i.errorCode ?? '').toLowerCase());
  const text = items.map((i) => i.msg).join(' ');
  const detail = items
    .map((i) => i.msg)
    .filter(Boolean)
    .join('; ');
  if (httpStatus === 401 || codes.includes('invalid_auth')) {
    return new AppError(
      'key-rejected',
      'The chargeback service rejected the API key. Check the key in ' +
        'Settings (it may have been revoked or mistyped) and save it again.',
    );
  }
  if (httpStatus === 429 || codes.some((c) => c.includes('rate_limit'))) {
    return new AppError(
      'rate-limited',
      'The chargeback service is limiting how fast Dispute Desk may call it. It will try again in a few seconds.',
      { retryAfterSeconds: retryAfterSeconds ?? 10 },
    );
  }
  if (
    codes.includes('duplicate_request_token') ||
    (/request[- ]token/i.test(text) && /already|duplicate/i.test(text))
  ) {
    return new AppError('duplicate', `The service had already received this request (${detail}).`);
  }
  if (codes.includes('chargeback_not_actionable') || /not actionable|cannot be answered/i.test(text)) {
    return new AppError(
      'not-actionable',
      'This chargeback cannot be answered through the API. Contact your processor to respond to it.',
    );
  }
  if (codes.includes('chargeback_not_open') || /\b(not open|is closed|no longer accepts|closed)\b/i.test(text)) {
    return new AppError('not-open', 'This chargeback no longer accepts responses: it has been closed or decided.');
  }
  if (codes.includes('query_error'))
    return new AppError('validation', `The service could not read a search Dispute Desk sent (${detail}).`);
  if (codes.includes('invalid_resource'))
    return new AppError(
      'server',
      `The service does not offer this operation at this address (${detail}). Check the profile's deployment and URL.`,
    );
  if (httpStatus >= 500 || codes.includes('internal_error')) return serverError(httpStatus);
  const fields: FieldError[] = items.map((i) => ({
    ...(i.field ? { field: i.field } : {}),
    message: i.msg,
    ...(i.errorCode ? { code: i.errorCode } : {}),
  }));
  const perField = items.filter((i) => i.field).map((i) => `${i.field}: ${i.msg}`);
  return new AppError(
    'validation',
    'The chargeback service refused the request: ' +
      `${perField.length ? perField.join('; ') : detail || 'no reason given'}.`,
    { fields },
  );
}

export function serverError(httpStatus: number): AppError {
  return new AppError(
    'server',
    'The chargeback service is having trouble right now (HTTP ' +
      `${httpStatus}). Nothing is lost; Dispute Desk will try again.`,
  );
}

export function notJsonError(httpStatus: number, contentType: string | undefined): AppError {
  // A proxy's HTML page or an empty answer: say so without dumping it.
  return new AppError(
    'server',
    'The chargeback service answered with something other than data (HTTP ' +
      `${httpStatus}${contentType ? `, ${contentType.split(';')[0]}` : ''}). ` +
      'It may be down or behind a proxy; Dispute Desk will try again.',
  );
}

/** JSON, but not an envelope of the service (a proxy's or another service's answer): never read
 * as a success with no data. */
export function unexpectedAnswerError(httpStatus: number): AppError {
  return new AppError(
    'server',
    `Unexpected answer from the chargeback service (HTTP ${httpStatus}): it is ` +
      `not in the form the service answers with. Check the profile's URL; if it is ` +
      'right, the service may be down or have changed. Dispute Desk will try again.',
  );
}

export function networkError(cause: unknown, baseUrl: string): AppError {
  const code = (cause as { code?: string } | undefined)?.code ?? '';
  const name = (cause as Error | undefined)?.name ?? '';
  // The address and the system's code are for the log (the cause), not for the merchant's sentence.
  const detail = technicalCause(cause, baseUrl, code);
  if (
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new AppError('timeout', 'The chargeback service did not answer in time. Dispute Desk will try again.', {
      cause: detail,
    });
  }
  const tls = certificateProblem(code || ((cause as { cause?: { code?: string } })?.cause?.code ?? ''));
  if (tls)
    return new AppError(
      'network',
      `The chargeback service at ${hostOf(baseUrl)} could not be verified as itself: ${tls}. ` +
        'Dispute Desk did not connect, so the API key was not sent. ' +
        "Check the profile's URL and this computer's date and time. A proxy, security software or a " +
        'Wi-Fi sign-in page can also cause this: try another network. If it goes on, tell the service’s support.',
      { cause: detail },
    );
  return new AppError('network', unreachable(whereIs(baseUrl)), { cause: detail });
}

/** Where the service runs, from its address: what to check when it cannot be reached differs. */
type ServicePlace = 'this-computer' | 'local-network' | 'internet';

function whereIs(baseUrl: string): ServicePlace {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return 'internet';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host))
    return 'this-computer';
  if (
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^(fc|fd)[0-9a-f]{2}:/.test(host) ||
    /^fe80:/.test(host) ||
    host.endsWith('.local') ||
    host.endsWith('.lan') ||
    !host.includes('.')
  )
    return 'local-network';
  return 'internet';
}

/** The merchant's sentence for a service that did not answer, with advice true for where it is:
 * the demo's service runs inside Dispute Desk on this computer, where no internet is involved. */
function unreachable(place: ServicePlace): string {
  switch (place) {
    case 'this-computer':
      return (
        'Could not reach the chargeback service on this computer. If it is the demo, quit and ' +
        'reopen Dispute Desk to start it again; otherwise start the service. Your work is kept.'
      );
    case 'local-network':
      return (
        'Could not reach the chargeback service on your local network. Check that the computer ' +
        'running it is on and that this computer is on the same network. Your work is kept.'
      );
    case 'internet':
      return 'Could not reach the chargeback service. Check your internet connection; your work is kept.';
  }
}

/** What a TLS certificate failure means, in words, or undefined for any other failure. A
 * certificate error is no connection problem: the internet worked, the other side did not prove
 * who it is (the wrong address, something intercepting secure connections, a clock that is off,
 * or a certificate the service let expire). */
function certificateProblem(code: string): string | undefined {
  if (code === 'CERT_HAS_EXPIRED') return "its security certificate has expired (or this computer's clock is wrong)";
  if (code === 'CERT_NOT_YET_VALID')
    return "its security certificate is not valid yet (or this computer's clock is wrong)";
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH')
    return 'its security certificate was issued for another address';
  if (
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' ||
    code === 'CERT_UNTRUSTED'
  )
    return 'its security certificate is not signed by an authority this computer trusts';
  if (code === 'CERT_REVOKED') return 'its security certificate has been revoked';
  if (/CERT|^UNABLE_TO_/.test(code)) return `its security certificate could not be verified (${code})`;
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Causes keep the error's name, code and message only: undici errors can carry request headers.
 * The service's address and the system's code lead the message, for the log. */
function technicalCause(cause: unknown, baseUrl: string, code: string): Error {
  const message = (cause as Error | undefined)?.message ?? String(cause);
  const e = new Error(`${hostOf(baseUrl)}${code ? ` ${code}` : ''}: ${message}`);
  e.name = (cause as Error | undefined)?.name ?? 'Error';
  return e;
}

/** What a log may add to the merchant's sentence: the technical cause kept with the error (the
 * address and the system's code), or undefined when there is none. */
export function technicalDetail(e: unknown): string | undefined {
  const cause = (e as { cause?: unknown } | undefined)?.cause;
  return cause instanceof Error ? cause.message : undefined;
}

export function tooLargeError(bytes: number, max: number): AppError {
  const mb = (n: number): string => `${Math.round(n / 1024 / 1024)} MB`;
  return new AppError(
    'server',
    `The chargeback service sent an answer of ${bytes > max * 4 ? `more than ${mb(max)}` : mb(bytes)}, ` +
      `larger than Dispute Desk reads (${mb(max)}); it was not read. The service ` +
      'or a proxy in between may be misbehaving; Dispute Desk will try again.',
  );
}

/** A redirect is never followed (the API key would go with it) and never read as an answer. */
export function redirectError(status: number, location: string | string[] | undefined): AppError {
  const target = typeof location === 'string' ? originOf(location) : undefined;
  return new AppError(
    'server',
    `The chargeback service answered with a redirect (HTTP ${status}${target ? ` to ${target}` : ''}). ` +
      `Dispute Desk does not follow redirects, so the API key goes nowhere else: check the profile's URL.`,
  );
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

/** Every form in which a server might echo the secret: as sent, URL-encoded (once or twice),
 * JSON-escaped, in hex, and in base64 (standard and URL-safe) at each of the three alignments it
 * can have inside a longer encoded text (`Basic base64(key:)`, a whole header echoed): the part of
 * the encoding that depends on the key alone. Matched whatever the case (an upper-cased echo). */
function secretForms(secret: string): string[] {
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(encodeURIComponent(secret)),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('hex'),
  ];
  const bytes = Buffer.from(secret);
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters touched by the bytes before the key, or by those after it, are left out.
    const from = Math.ceil((offset * 4) / 3);
    const to = Math.floor(((offset + bytes.length) * 4) / 3);
    const core = encoded.slice(from, to);
    if (core.length >= 8) forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(forms)];
}

/** `text` with every copy of each secret (of 4 characters or more) replaced by `hidden`, in any
 * case and encoding (secretForms). */
export function hideSecrets(text: string, secrets: readonly string[], hidden = '[API key hidden]'): string {
  const forms = secrets.filter((s) => s.length >= 4).flatMap(secretForms);
  if (forms.length === 0) return text;
  const pattern = new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  return text.replace(pattern, hidden);
}

/** The error with every copy of the secret in its message and fields replaced, in any case and
 * encoding (secretForms): a server that echoes the key in its `msg` must not get it into the
 * store, a log or the CLI's output. */
export function scrubSecret(e: AppError, secret: string): AppError {
  if (secret.length < 4) return e;
  const clean = (text: string): string => hideSecrets(text, [secret]);
  const dirty = (text: string | undefined): boolean => text !== undefined && clean(text) !== text;
  if (!dirty(e.message) && !(e.fields ?? []).some((f) => dirty(f.message) || dirty(f.field) || dirty(f.code))) return e;
  const fields = e.fields?.map((f) => ({
    ...f,
    message: clean(f.message),
    ...(f.field ? { field: clean(f.field) } : {}),
    ...(f.code ? { code: clean(f.code) } : {}),
  }));
  return new AppError(e.kind, clean(e.message), {
    ...(fields ? { fields } : {}),
    ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
  });
}
