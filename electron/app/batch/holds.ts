// What holds a chargeback back from an answer given to many at once (batch upload's packets, the
// inbox's "Accept liability" for a selection), in the merchant's words: the one readiness rule
// (shared/domain/answer-readiness.ts) and the second-answer rule, as the store last synced them.
// Closed, decided and not answerable through the API are final; past the reply date, unusual at
// its stage and already answered are held too (batch upload lets the merchant insist on those, and
// its insisting is the yes the rule asks for: consentsOf).
import type { Store } from '../../store/index.ts';
import { createAnswerBook } from '../../outbox/answers.ts';
import { secondAnswerWarning } from '../../../shared/domain/answer-lifecycle.ts';
import {
  readinessProblems,
  type ReadinessConsents,
  type ReadinessKind,
} from '../../../shared/domain/answer-readiness.ts';
import type { MessageType } from '../../../shared/domain/enums.ts';
import type { Chargeback } from '../../../shared/api/index.ts';
import type { BatchHold } from '../../../shared/batch.ts';

/** What a batch answer's content is never refused for: it carries no note, and it is never empty
 * (a packet is its files, a concession its amount). */
type ContentKind = 'empty' | 'note-too-long';
const isContent = (k: ReadinessKind): k is ContentKind => k === 'empty' || k === 'note-too-long';

const holdKindOf: Record<Exclude<ReadinessKind, ContentKind>, BatchHold['kind']> = {
  decided: 'decided',
  closed: 'closed',
  'not-actionable': 'not-actionable',
  unusual: 'unusual',
  late: 'overdue',
};

/** The yes a held answer the merchant insists on carries to the outbox's guards. */
export function consentsOf(holds: readonly BatchHold[]): ReadinessConsents & { anotherAnswer?: true } {
  const has = (kind: BatchHold['kind']): boolean => holds.some((h) => h.kind === kind);
  return {
    ...(has('unusual') ? { unusual: true } : {}),
    ...(has('overdue') ? { sendLate: true } : {}),
    ...(has('answered') ? { anotherAnswer: true } : {}),
  };
}

export function createHolds(deps: { store: Store; now?: () => Date }) {
  const answers = createAnswerBook(deps.store.database);
  const now = deps.now ?? (() => new Date());

  /** What holds `chargebackId` back from `messageType`, as the store last synced it. A batch answer
   * is never empty (a packet is its files, a concession its amount), so `files` is counted as one. */
  return function holdsOf(
    profileId: string,
    cb: Chargeback | undefined,
    chargebackId: string,
    messageType: MessageType,
  ): BatchHold[] {
    if (!cb) return [{ kind: 'not-in-store', text: `${chargebackId} is not in the local store.` }];
    const holds: BatchHold[] = readinessProblems({ chargeback: cb, messageType, files: 1 }, now()).flatMap((p) =>
      isContent(p.kind) ? [] : [{ kind: holdKindOf[p.kind], text: p.text }],
    );
    const warning = secondAnswerWarning(answers.stateOf(profileId, cb.id));
    if (warning) holds.push({ kind: 'answered', text: warning });
    return holds;
  };
}
export type HoldsOf = ReturnType<typeof createHolds>;
