// What holds a chargeback back from an answer given to many at once (batch upload's packets, the
// inbox's "Accept liability" for a selection), in the merchant's words: one set of rules for both.
// Closed, decided and not answerable through the API are final; past the reply date, unusual at
// its stage and already answered are held too (batch upload lets the merchant insist on those).
import type { Store } from '../store/index.ts';
import { createAnswerBook } from '../outbox/answers.ts';
import { secondAnswerWarning } from '../../shared/domain/answer-lifecycle.ts';
import { messageTypeRules, messageTypesForCycle } from '../../shared/domain/message-type-rules.ts';
import { daysLeft, formatYmd } from '../../shared/domain/dates.ts';
import { cycleLabel } from '../../shared/domain/cycles.ts';
import type { MessageType } from '../../shared/domain/enums.ts';
import type { Chargeback } from '../../shared/api/index.ts';
import type { BatchHold } from '../../shared/batch.ts';

export function createHolds(deps: { store: Store; now?: () => Date }) {
  const answers = createAnswerBook(deps.store.database);
  const now = deps.now ?? (() => new Date());

  /** What holds `chargebackId` back from `messageType`, as the store last synced it. */
  return function holdsOf(
    profileId: string,
    cb: Chargeback | undefined,
    chargebackId: string,
    messageType: MessageType,
  ): BatchHold[] {
    if (!cb) return [{ kind: 'not-in-store', text: `${chargebackId} is not in the local store.` }];
    const holds: BatchHold[] = [];
    if (cb.status === 'won' || cb.status === 'lost')
      holds.push({
        kind: 'decided',
        text: `It is ${cb.status} and no longer accepts responses: the issuer decided it.`,
      });
    else if (cb.status !== 'open')
      holds.push({ kind: 'closed', text: `It is ${cb.status} and no longer accepts responses.` });
    else if (cb.actionable !== 1)
      holds.push({ kind: 'not-actionable', text: 'It cannot be answered through the API; contact your processor.' });
    const days = daysLeft(cb.reply, now());
    if (cb.status === 'open' && days !== undefined && days < 0)
      holds.push({
        kind: 'overdue',
        text: `Its reply date (${formatYmd(cb.reply)}) has passed; the processor will likely refuse the answer.`,
      });
    if (!messageTypesForCycle(cb.cycle).includes(messageType))
      holds.push({
        kind: 'unusual',
        text: `"${messageTypeRules[messageType].label}" is unusual at its stage (${cycleLabel(cb.cycle)}).`,
      });
    const warning = secondAnswerWarning(answers.stateOf(profileId, cb.id));
    if (warning) holds.push({ kind: 'answered', text: warning });
    return holds;
  };
}
export type HoldsOf = ReturnType<typeof createHolds>;
