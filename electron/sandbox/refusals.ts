// A refusal in the service's words: the envelope's error item (code, severity, msg, errorCode,
// field) thrown out of a write, so the write's transaction rolls back whole and the server answers
// it in the envelope's `errors`, as the real service does.
import type { ApiErrorItemInput } from '../../shared/api/envelope.ts';

export class ServiceError extends Error {
  readonly items: ApiErrorItemInput[];
  constructor(items: ApiErrorItemInput[]) {
    super(items.map((i) => i.msg).join('; '));
    this.items = items;
  }
}

/** Refuses with one error item; `code` is the service's numeric code (15: a field is missing). */
export const fail = (errorCode: string, msg: string, field?: string, code = 15): never => {
  throw new ServiceError([{ code, severity: 2, msg, errorCode, ...(field ? { field } : {}) }]);
};
