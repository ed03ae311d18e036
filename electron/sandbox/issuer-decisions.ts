// The issuer's side of a chargeback, SIMULATED: after the merchant's last response activity it
// waits the decision delay, then decides won or lost. The decision follows the answer's strength
// for its reason (answer-strength.ts: nothing sent never wins; the evidence the checklist asks for
// usually does) and a roll fixed by the seed and the chargeback, so the same seed and the same
// answers give the same outcomes on every machine. The admin can decide at once. A won
// chargeback that moved money gets its reversal entry.
import { createHash } from 'node:crypto';
import { newId } from './ids.ts';
import { entryRecord } from './entry-record.ts';
import { answerStrength } from './answer-strength.ts';
import type { ChargebackState } from './chargeback-state.ts';
import type { ServiceOptions } from './service-options.ts';
import { formatRecordTimestamp } from '../../shared/domain/dates.ts';

type Rec = Record<string, unknown>;

/** How long an issuer takes when nobody says otherwise: days, as real issuers (they have weeks
 * under the networks' rules), not the minutes a demo would like. Tests set their own, or move
 * the sandbox's clock (admin `clock/advance`). */
export const defaultDecisionDelayMs = 10 * 86_400_000;

export function createIssuerDecisions(
  deps: Pick<ServiceOptions, 'store' | 'clock' | 'decisionDelayMs' | 'seed'> & { state: ChargebackState },
) {
  const { store, clock, state } = deps;
  const blob = store.db.prepare('SELECT bytes FROM blobs WHERE document = ?');

  /** (Re)starts the wait: called on every response activity (an answer, a file). */
  function schedule(cb: Rec): Rec {
    if (deps.decisionDelayMs === null) return cb;
    const next = { ...cb, _decisionAt: clock.now().getTime() + deps.decisionDelayMs };
    store.put('chargeback', String(cb.id), String(cb.id), next);
    return next;
  }

  /** The roll, fixed by the seed and the chargeback: a number in [0, 1). */
  function roll(id: string): number {
    return createHash('sha256').update(`${deps.seed}:${id}`).digest().readUInt32BE(0) / 2 ** 32;
  }

  /** The issuer's decision on what the service holds for the chargeback: its answers (a message
   * the processor denied is none) and the documents whose files arrived. */
  function issuerOutcome(cb: Rec): 'won' | 'lost' {
    const id = String(cb.id);
    const notes = store
      .byChargeback('message', id)
      .filter((m) => m._denied !== true)
      .map((m) => (typeof m.note === 'string' ? m.note : ''));
    const documents = store.byChargeback('document', id).flatMap((d) => {
      const file = blob.get(String(d.id)) as { bytes: Uint8Array } | undefined;
      return file ? [{ name: String(d.name ?? ''), bytes: file.bytes }] : [];
    });
    const { chance } = answerStrength({ reasonCode: String(cb.reasonCode ?? ''), notes, documents });
    return roll(id) < chance ? 'won' : 'lost';
  }

  function decide(id: string, outcome: 'won' | 'lost' | 'closed'): Rec {
    return store.transaction(() => {
      const cb = state.chargeback(id);
      const { _decisionAt: _ignored, ...rest } = cb;
      store.put('chargeback', id, id, rest);
      const next = state.addStatus(rest, outcome, null);
      // Retrievals move no money, so they have no entries (the contract's entries rules).
      if (outcome === 'won' && cb.cycle !== 'retrieval') {
        const now = clock.now();
        const entryId = newId('etr', now);
        const record = entryRecord({
          id: entryId,
          ts: formatRecordTimestamp(now),
          login: state.login,
          entity: null,
          opposingEntry: null,
          fund: null,
          event: 94,
          eventId: id,
          description: 'Chargeback reversal',
          amount: Number(cb.total),
          isFee: 0,
          pendingEntry: null,
          chargeback: id,
        });
        store.put('entry', entryId, id, record);
      }
      return next;
    });
  }

  /** The decisions that are due at `now` (ms), for chargebacks still open. */
  function decideDue(now: number): void {
    for (const row of store.db
      .prepare(
        'SELECT json FROM records INDEXED BY records_decision_due WHERE ' +
          `kind = 'chargeback' AND json_extract(json, '$._decisionAt') <= ?`,
      )
      .all(now) as Array<{ json: string }>) {
      const cb = JSON.parse(row.json) as Rec;
      if (cb.status !== 'open') continue;
      decide(String(cb.id), issuerOutcome(cb));
    }
  }

  return { schedule, decide, decideDue };
}

export type IssuerDecisions = ReturnType<typeof createIssuerDecisions>;
