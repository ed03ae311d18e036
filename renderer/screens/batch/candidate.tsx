// One chargeback as the batch review names it: customer, order, amount, the day paid, the reply day
// and the days to send, in the inbox row's words.
import { describeChargeback, type BatchChargeback } from '../../../shared/batch-find.ts';
import { deadlineBadge } from '../../../shared/domain/deadline-words.ts';

/** The review's urgency colours for the deadline's states (deadline-words.ts). */
const urgency: Record<string, string> = { overdue: 'danger', late: 'danger', 'due-today': 'warn', 'due-soon': 'warn' };

/** What the merchant reads a chargeback by: its customer, order, amount, date and reply day, and
 * where it stands against its send-by date exactly as its inbox row says ("39 days to send"). */
export function Candidate({ c, id }: { c: BatchChargeback | undefined; id: string }) {
  const badge = c && c.reply !== null ? deadlineBadge(c) : undefined;
  return (
    <span className="candidate">
      {c ? describeChargeback(c) : id}
      {badge && (
        <span className={urgency[badge.className] ?? 'muted'} title={badge.full}>
          {' '}
          ({badge.text})
        </span>
      )}{' '}
      <span className="muted">{id}</span>
    </span>
  );
}
