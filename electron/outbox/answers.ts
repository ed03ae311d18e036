// Reads the life of each chargeback's answer out of the store: the outbox's jobs and the
// messages sync brought from the service, handed to the one rule in shared/domain/answer-lifecycle.ts.
import type { Database } from '../store/database.ts';
import type { SyncEngine } from '../sync/sync-engine.ts';
import { createOutboxRepo } from '../store/outbox-repo.ts';
import { answerLifecycle, isAnswer, type MessageFacts } from '../../shared/domain/answer-lifecycle.ts';
import type { AnswerState } from '../../shared/domain/answer-state.ts';
import { jobStatus } from '../../shared/domain/outbox-job-state.ts';
import type { JobStatus } from '../../shared/domain/job-status.ts';
import { userMessage } from '../../shared/errors.ts';

/** Before an answer is checked against the store: the chargeback, its messages and status as the
 * service holds them now (an answer sent from another computer counts too). Offline, the check
 * uses what was last synced, and the returned warning says so. */
export async function refreshForAnswer(
  sync: Pick<SyncEngine, 'syncChargeback'>,
  profileId: string,
  chargebackId: string,
  timeoutMs = 15_000,
): Promise<string | undefined> {
  try {
    await sync.syncChargeback(profileId, chargebackId, AbortSignal.timeout(timeoutMs));
    return undefined;
  } catch (e) {
    return (
      `Could not ask the service what ${chargebackId} already holds ` +
      `(${userMessage(e)}); checked against what was last synced.`
    );
  }
}

type CbRow = { id: string; status: string; cycle: string; currency: string };

export function createAnswerBook(database: Database) {
  const db = database.db;
  const outbox = createOutboxRepo(database);
  const chargebackRow = db.prepare(
    'SELECT id, status, cycle, currency FROM chargebacks WHERE profile_id = ? AND id = ?',
  );
  const messagesOf = db.prepare('SELECT json FROM messages WHERE profile_id = ? AND chargeback_id = ?');
  const jobsOf = db.prepare(
    'SELECT id FROM outbox_jobs WHERE profile_id = ? AND chargeback_id = ? ORDER BY created_at, rowid',
  );

  const messages = (profileId: string, chargebackId: string): MessageFacts[] =>
    (messagesOf.all(profileId, chargebackId) as Array<{ json: string }>).map((r) => JSON.parse(r.json) as MessageFacts);
  const jobs = (profileId: string, chargebackId: string) =>
    (jobsOf.all(profileId, chargebackId) as Array<{ id: string }>).flatMap((r) => {
      const j = outbox.get(r.id);
      return j ? [j] : [];
    });

  /** The answer's life for one chargeback, as the store holds it now. `known`: the chargeback as
   * the caller has just read it in the same step (or that the store has none), not read again. */
  function stateOf(profileId: string, chargebackId: string, known?: { cb: CbRow | undefined }): AnswerState {
    const cb = known ? known.cb : (chargebackRow.get(profileId, chargebackId) as CbRow | undefined);
    return answerLifecycle({
      chargeback: cb,
      jobs: jobs(profileId, chargebackId),
      messages: messages(profileId, chargebackId),
    });
  }

  /** For a page of the inbox: one state per chargeback ID. */
  function statesOf(profileId: string, chargebackIds: readonly string[]): Map<string, AnswerState> {
    return new Map(chargebackIds.map((id) => [id, stateOf(profileId, id)]));
  }

  /** Where the newest answer still in the outbox stands (waiting, sending, failing and when it is
   * tried again, held): what an inbox row says until the answer is delivered. Undefined when no
   * answer is waiting. */
  function deliveryOf(profileId: string, chargebackId: string): JobStatus | undefined {
    const waiting = jobs(profileId, chargebackId).filter(
      (j) => isAnswer(j.messageType) && (j.state === 'queued' || j.state === 'sending' || j.state === 'paused'),
    );
    const last = waiting.at(-1);
    return last ? jobStatus(last) : undefined;
  }

  return { stateOf, statesOf, deliveryOf };
}
export type AnswerBook = ReturnType<typeof createAnswerBook>;
