// The issuer's side of a chargeback: after the merchant's last response activity it waits the
// decision delay, then decides won or lost, fixed by the seed and the chargeback (reproducible
// demos); the admin can decide at once. A won chargeback that moved money gets its reversal entry.
import { createHash } from 'node:crypto';
import { newId } from './ids.ts';
import { entryRecord } from './entry-record.ts';
import type { ChargebackState } from './chargeback-state.ts';
import type { ServiceOptions } from './service-options.ts';
import { formatRecordTimestamp } from '../../shared/domain/dates.ts';

type Rec = Record<string, unknown>;

export function createIssuerDecisions(
  deps: Pick<ServiceOptions, 'store' | 'clock' | 'decisionDelayMs' | 'seed'> & { state: ChargebackState },
) {
  const { store, clock, state } = deps;

  /** (Re)starts the wait: called on every response activity (an answer, a file). */
  function schedule(cb: Rec): Rec {
    if (deps.decisionDelayMs === null) return cb;
    const next = { ...cb, _decisionAt: clock.now().getTime() + deps.decisionDelayMs };
    store.put('chargeback', String(cb.id), String(cb.id), next);
    return next;
  }

  /** The issuer's decision, fixed by the seed and the chargeback: reproducible demos. */
  function issuerOutcome(id: string): 'won' | 'lost' {
    const h = createHash('sha256').update(`${deps.seed}:${id}`).digest();
    return h[0]! < 166 ? 'won' : 'lost';
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
      decide(String(cb.id), issuerOutcome(String(cb.id)));
    }
  }

  return { schedule, decide, decideDue };
}

export type IssuerDecisions = ReturnType<typeof createIssuerDecisions>;
