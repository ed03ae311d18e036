// Deadline reminders: when an open, actionable chargeback crosses a threshold (default 7, 3 and
// 1 days left, counted to its send-by date, shared/domain/send-by.ts; then overdue, once the reply
// date itself has passed), one notification, once per threshold. A chargeback first seen
// inside several thresholds gets one reminder, for the most urgent, and the rest are marked.
// One whose reply date the service sent as no real date gets one reminder saying so: its
// deadline is unknown, not absent.
import type { Database } from '../store/database.ts';
import type { PortfolioRepo } from '../store/portfolio/index.ts';
import { daysLeft, describeDaysLeft, formatYmd } from '../../shared/domain/dates.ts';
import { daysToSendBy, sendByOf } from '../../shared/domain/send-by.ts';
import { deadlineWords } from '../../shared/domain/deadline-words.ts';
import { formatAmount } from '../../shared/domain/money.ts';

export const OVERDUE = -1;
/** The threshold recorded for "the reply date could not be read". */
export const UNREADABLE = -2;

export interface Reminder {
  chargebackId: string;
  threshold: number;
  title: string;
  body: string;
}

export function dueReminders(
  database: Database,
  portfolio: PortfolioRepo,
  profileId: string,
  thresholds: readonly number[],
  now: Date,
  /** The profile's send-by business days; 0: thresholds count to the reply date. */
  sendByBusinessDays = 0,
): Reminder[] {
  const levels = [...new Set([...thresholds, OVERDUE])].sort((a, b) => b - a);
  // The thresholds already reminded of, read in one pass: a first sync checks thousands of
  // chargebacks, and a query for each cost more than the rest of the check.
  const fired = new Map<string, Set<number>>();
  for (const r of database.db
    .prepare('SELECT chargeback_id, threshold FROM reminders WHERE profile_id = ?')
    .all(profileId) as Array<{ chargeback_id: string; threshold: number }>) {
    let set = fired.get(r.chargeback_id);
    if (!set) fired.set(r.chargeback_id, (set = new Set()));
    set.add(r.threshold);
  }
  const mark = database.db.prepare(
    'INSERT INTO reminders (profile_id, chargeback_id, threshold, fired_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const out: Reminder[] = [];
  database.transaction(() => {
    for (const cb of portfolio.openActionable(profileId)) {
      const { id, reply, replyInvalid } = cb;
      const done = fired.get(id);
      const days = daysLeft(reply, now);
      if (days === undefined) {
        if (replyInvalid === null || done?.has(UNREADABLE)) continue;
        mark.run(profileId, id, UNREADABLE, now.getTime());
        const amount = formatAmount(cb.total, cb.currency);
        out.push({
          chargebackId: id,
          threshold: UNREADABLE,
          title: `Reply date unreadable: chargeback ${amount}`.trim(),
          body:
            `The service sent the reply date of chargeback ${id} as "${replyInvalid}", which ` +
            'is not a real date. Check the deadline with your processor and answer in time.',
        });
        continue;
      }
      const sendBy = sendByOf(reply, sendByBusinessDays);
      const toSend = daysToSendBy(sendBy, now) ?? days;
      const crossed = levels.filter((t) => (t === OVERDUE ? days < 0 : toSend <= t));
      if (crossed.length === 0) continue;
      const fresh = crossed.filter((t) => !done?.has(t));
      if (fresh.length === 0) continue;
      for (const t of fresh) mark.run(profileId, id, t, now.getTime());
      const amount = formatAmount(cb.total, cb.currency);
      const urgent = Math.min(...fresh);
      // The same words as the inbox row ("3 days to send"); once the send-by date has passed, what
      // is left before the reply date.
      const toReply = days === 0 ? 'the reply date is today' : `${days} day${days === 1 ? '' : 's'} to the reply date`;
      const words =
        toSend < 0
          ? `send now, ${toReply}`
          : deadlineWords({ status: 'open', actionable: true, daysLeft: days, sendByDaysLeft: toSend, replyInvalid })
              .text;
      const dates =
        sendBy !== null && sendBy !== reply
          ? `Send by ${formatYmd(sendBy)}; the reply date is ${formatYmd(reply)}. `
          : '';
      out.push({
        chargebackId: id,
        threshold: urgent,
        title:
          days < 0
            ? `Overdue: chargeback ${amount}`
            : dates
              ? `Send by ${formatYmd(sendBy)}: ${words.toLowerCase()}`
              : `Reply due: ${describeDaysLeft(days).toLowerCase()}`,
        body:
          `Chargeback ${id}${amount ? ` for ${amount}` : ''}, reason ${cb.reasonCode}. ` +
          (days < 0
            ? 'The reply date has passed; check with your processor whether a late response is still accepted.'
            : `${dates}Prepare and send your evidence before the deadline.`),
      });
    }
  });
  return out;
}
