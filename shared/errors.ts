// Errors are values: every failure the app can meet is an AppError with a kind (for code to
// branch on) and a message written for a merchant (for people to read). Crossing IPC or the CLI,
// only `toErrorInfo` leaves the process: no stack, no cause chain, no secrets.
import { z } from 'zod';

export const errorKinds = [
  'key-rejected', // the API key was refused (401/400 invalid_auth)
  'rate-limited', // 429: the service blocked us for a while
  'validation', // the service or the app refused a value; see fields
  'not-found', // an ID that the service does not know
  'not-open', // the chargeback no longer accepts responses
  'not-actionable', // the chargeback cannot be answered through the API
  'deadline-passed',
  'server', // 5xx, a proxy's HTML page, an unreadable answer
  'network', // no connection, dropped connection
  'timeout',
  'duplicate', // request-token already used: the write happened before
  'bad-input', // a file or value the merchant gave that we cannot use
  'keychain', // the OS keychain is missing or refused
  'cancelled',
  'conflict', // the state changed under us (e.g. a job was edited while sending)
  'internal', // a bug: says so plainly
] as const;
export const errorKindSchema = z.enum(errorKinds);
export type ErrorKind = z.infer<typeof errorKindSchema>;

export const fieldErrorSchema = z.object({
  field: z.string().optional(),
  message: z.string(),
  code: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorInfoSchema = z.object({
  kind: errorKindSchema,
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  retryable: z.boolean(),
  /** Seconds to wait before trying again (rate limit). */
  retryAfterSeconds: z.number().optional(),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;

const retryableKinds: ReadonlySet<ErrorKind> = new Set(['rate-limited', 'server', 'network', 'timeout']);

export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    kind: ErrorKind,
    message: string,
    options?: { cause?: unknown; fields?: FieldError[]; retryAfterSeconds?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  get retryable(): boolean {
    return retryableKinds.has(this.kind);
  }
}

export function isAppError(e: unknown, kind?: ErrorKind): e is AppError {
  return e instanceof AppError && (kind === undefined || e.kind === kind);
}

/** The message a person should see for any thrown value. Bugs are admitted, not dumped. */
export function userMessage(e: unknown): string {
  if (e instanceof AppError) return e.message;
  if (e instanceof z.ZodError)
    return (
      'Some values are not valid: ' +
      `${e.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')}.`
    );
  if (e instanceof Error && e.name === 'AbortError') return 'Cancelled.';
  return (
    `Something went wrong inside Dispute Desk (${e instanceof Error ? e.message : String(e)}). ` +
    'Your data is safe; try again, and report it if it happens again.'
  );
}

export function toErrorInfo(e: unknown): ErrorInfo {
  if (e instanceof AppError) {
    return {
      kind: e.kind,
      message: e.message,
      retryable: e.retryable,
      ...(e.fields ? { fields: e.fields } : {}),
      ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
    };
  }
  if (e instanceof Error && e.name === 'AbortError')
    return { kind: 'cancelled', message: 'Cancelled.', retryable: false };
  return { kind: 'internal', message: userMessage(e), retryable: false };
}

/** A value or why there is none. Across IPC the error is an ErrorInfo; inside main a use case's
 * Outcome (electron/app/outcome.ts) carries the AppError itself, with its cause. */
export type Result<T, E = ErrorInfo> = { ok: true; value: T } | { ok: false; error: E };
