// Response messages and what they do to a chargeback: the body each dialect requires, the
// message record, its effect (acceptLiability loses, represent closes, a response with evidence
// waits for the issuer) and its steps with the clock (requested → processing → processed, or
// denied where the admin set the chargeback to deny messages).
import { newId } from './ids.ts';
import { ServiceError, fail } from './refusals.ts';
import type { WriteParts } from './write-parts.ts';
import type { ServiceOptions } from './service-options.ts';
import { parseServiceTimestamp } from '../../shared/domain/dates.ts';
import { messageTypes } from '../../shared/domain/enums.ts';
import { coreMessageTypes } from '../../shared/api/requests.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';

type Rec = Record<string, unknown>;

/** Each dialect takes its own list: the core API's OpenAPI spells `respondToPreArbitration` and
 * adds `createArbitration`; the micro-service takes the contract's list as written. */
const messageTypesAccepted: Record<DialectName, ReadonlySet<string>> = {
  core: new Set(coreMessageTypes),
  microservice: new Set(messageTypes),
};

export function createMessages(
  deps: Pick<ServiceOptions, 'store' | 'clock' | 'dialect' | 'messageStepMs'> & WriteParts,
) {
  const { store, clock, state, tokens, decisions } = deps;
  const { stamp } = state;

  /** The message body's required fields, as each dialect names them: the core API needs only
   * `chargeback` and `type` (its OpenAPI); the contract's table makes six required. */
  function checkMessageBody(b: Rec): void {
    const required =
      deps.dialect === 'core'
        ? ['chargeback', 'type']
        : ['Chargeback', 'type', 'status', 'imported', 'inactive', 'frozen'];
    const missing = required.filter((k) => b[k] === undefined || b[k] === null || b[k] === '');
    if (missing.length)
      throw new ServiceError(
        missing.map((f) => ({
          field: f,
          code: 15,
          severity: 2,
          msg: 'This field is required to be set',
          errorCode: 'required_field',
        })),
      );
    if (!messageTypesAccepted[deps.dialect].has(String(b.type)))
      fail('invalid_value', `"${String(b.type)}" is not a message type`, 'type', 16);
    if (deps.dialect === 'microservice') {
      if (b.status !== 'requested') fail('invalid_value', 'A new message must have status requested', 'status', 16);
      for (const f of ['imported', 'inactive', 'frozen'])
        if (!['0', '1', 0, 1].includes(b[f] as never)) fail('invalid_value', `${f} must be 0 or 1`, f, 16);
    }
    if (b.amount !== undefined && !(Number.isInteger(Number(b.amount)) && Number(b.amount) > 0))
      fail('invalid_value', 'amount must be a positive integer of minor units', 'amount', 16);
  }

  function createMessage(body: unknown, token: string | undefined): Rec {
    return store.transaction(() => {
      tokens.check(token);
      const b = (body ?? {}) as Rec;
      checkMessageBody(b);
      const cb = state.chargeback(String(b[state.linkField]));
      state.assertAnswerable(cb);
      const now = clock.now();
      const id = newId('chm', now);
      // A chargeback the admin set to deny messages: the processor refuses the answer later
      // (requested → processing → denied) and it has none of a message's effects.
      const denied = cb._denyMessages === true;
      // The core API's recorded messages read `processed` within milliseconds; the contract's
      // new message starts `requested` and moves on with the clock.
      const status = deps.dialect === 'core' && !denied ? 'processed' : 'requested';
      const message: Rec = {
        ...state.head(id, now),
        chargeback: cb.id,
        date: Number(stamp(now).slice(0, 10).replace(/-/g, '')),
        type: b.type,
        fromQueue: null,
        toQueue: null,
        contact: b.contact ?? null,
        amount: b.amount === undefined ? null : Number(b.amount),
        currency: b.currency ?? cb.currency,
        note: b.note ?? null,
        status,
        inactive: Number(b.inactive ?? 0),
        frozen: Number(b.frozen ?? 0),
        imported: 0,
      };
      store.put('message', id, String(cb.id), denied ? { ...message, _denied: true } : message);
      tokens.save(token, 'message', id);
      // Observed effects: acceptLiability → lost; represent → closed; respondToDispute stays
      // open; respond (with evidence) → the issuer decides after the decision delay.
      const type = String(b.type);
      if (denied) state.touch(cb, {});
      else if (type === 'acceptLiability') state.addStatus(cb, 'lost', id);
      else if (type === 'represent') state.addStatus(cb, 'closed', id);
      else if (type === 'respond' || type.toLowerCase().includes('prearbitration') || type.endsWith('Arbitration'))
        decisions.schedule(state.touch(cb, {}));
      else state.touch(cb, {});
      return message;
    });
  }

  /** Messages requested or processing a step long (ms) move on: the next status, or denied. */
  function advanceMessages(now: number): void {
    for (const row of store.db
      .prepare(
        `SELECT json FROM records WHERE kind = 'message' AND ` +
          `json_extract(json, '$.status') IN ('requested', 'processing')`,
      )
      .all() as Array<{ json: string }>) {
      const m = JSON.parse(row.json) as Rec;
      const age = now - (parseServiceTimestamp(String(m.modified))?.getTime() ?? now);
      if (age < deps.messageStepMs) continue;
      const status = m.status === 'requested' ? 'processing' : m._denied === true ? 'denied' : 'processed';
      store.put('message', String(m.id), String(m.chargeback), { ...m, status, modified: stamp(new Date(now)) });
    }
  }

  return { createMessage, advanceMessages };
}
