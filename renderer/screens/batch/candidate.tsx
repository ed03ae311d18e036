// One chargeback as the batch review names it: customer, order, amount, date and days left to reply.
import { describeChargeback, type BatchChargeback } from '../../../shared/batch-find.ts';
import { plural } from './words.ts';

/** What the merchant reads a chargeback by: its customer, order, amount, date and reply date. */
export function Candidate({ c, id }: { c: BatchChargeback | undefined; id: string }) {
  return (
    <span className="candidate">
      {c ? describeChargeback(c) : id}
      {c && c.daysLeft !== null && (
        <span className={c.daysLeft < 0 ? 'danger' : c.daysLeft <= 3 ? 'warn' : 'muted'}>
          {' '}
          ({c.daysLeft < 0 ? `${plural(-c.daysLeft, 'day')} late` : `${plural(c.daysLeft, 'day')} left`})
        </span>
      )}{' '}
      <span className="muted">{id}</span>
    </span>
  );
}
