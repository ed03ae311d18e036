// The merchant API's answers in the recorded envelope, numbered per sandbox, with each record in
// the dialect spoken; and the names a search or expand of that dialect gives the stored fields.
import type { ServerResponse } from 'node:http';
import { wrap, type ApiErrorItemInput } from '../../shared/api/envelope.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';
import { present } from './dialect-shapes.ts';
import { clean, send } from './http-io.ts';
import type { RecordKind } from './db.ts';

type Rec = Record<string, unknown>;
export type Page = { current: number; last: number; hasMore: boolean };

export interface Reply {
  dialect: DialectName;
  /** A record as this dialect's service answers it. */
  shown(kind: RecordKind, r: Rec): Rec;
  ok(res: ServerResponse, data: Rec[], page?: Page): void;
  errors(res: ServerResponse, items: ApiErrorItemInput[], status?: number): void;
  /** A search's refusal (`query_error`), as for a malformed clause, operator or field. */
  queryError(res: ServerResponse, msg: string): void;
  nextRequestId(): number;
  /** The stored name of a field a search names: the link to the chargeback is `chargeback` in
   * the stored records and `Chargeback` in the micro-service's, and a search must name the field
   * its records carry (the other dialect's name matches nothing). */
  searchName(field: string): string;
  /** The stored name of a field an expand names (this dialect's link names). */
  expandName(field: string): string;
}

export function createReply(dialect: DialectName): Reply {
  let requestId = 1;
  const mine = dialect === 'core' ? ['chargeback', 'chargebackMessage'] : ['Chargeback', 'ChargebackMessage'];
  const theirs = dialect === 'core' ? ['Chargeback', 'ChargebackMessage'] : ['chargeback', 'chargebackMessage'];
  const lower = (field: string): string => field.charAt(0).toLowerCase() + field.slice(1);
  const reply: Reply = {
    dialect,
    shown: (kind, r) => present(kind, clean(r), dialect),
    ok: (res, data, page) => send(res, 200, wrap(data, { requestId: requestId++, ...(page ? { page } : {}) })),
    errors: (res, items, status = 200) => send(res, status, wrap([], { requestId: requestId++ }, items)),
    queryError: (res, msg) => reply.errors(res, [{ code: 13, severity: 2, msg, errorCode: 'query_error' }]),
    nextRequestId: () => requestId++,
    searchName(field) {
      if (mine.includes(field)) return lower(field);
      return theirs.includes(field) ? '_notAFieldOfTheseRecords' : field;
    },
    expandName: (field) => (mine.includes(field) ? lower(field) : field),
  };
  return reply;
}
