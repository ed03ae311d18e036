// The date window of the ledger, for the window's ledger screen and export and for `dispute-desk
// entries` alike: from the start of the first day to the end of the last, both days as the
// service counts them (US Eastern). The end is the next day's midnight, read as a day and not as
// 24 hours on (a day the clocks change has 23 or 25: the last hour of 1 November was left out of
// the window's export, and the first of 9 March taken in).
import { addDays, parseServiceTimestamp, parseYmd, type Ymd } from '../../shared/domain/dates.ts';
import { AppError } from '../../shared/errors.ts';
import { done, refused, type Outcome } from './outcome.ts';

export interface LedgerWindow {
  from: Date;
  /** Exclusive: the midnight that ends the last day. */
  to: Date;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const midnight = (d: Ymd): Date => parseServiceTimestamp(`${d.y}-${pad(d.m)}-${pad(d.d)} 00:00:00`)!;

/** The window from `from`'s day through `to`'s (dates like 2026-01-31). A refusal names the
 * field it is about (`from` or `to`), so a door can say it in its own words. */
export function ledgerWindow(from: string, to: string): Outcome<LedgerWindow> {
  const first = parseYmd(from);
  const last = parseYmd(to);
  const notADate = (field: 'from' | 'to', like: string): Outcome<never> =>
    refused(
      new AppError('validation', `The window's ${field === 'from' ? 'start' : 'end'} must be a date like ${like}.`, {
        fields: [{ field, message: 'not a date' }],
      }),
    );
  if (!first) return notADate('from', '2026-01-31');
  if (!last) return notADate('to', '2026-03-31');
  const window = { from: midnight(first), to: midnight(addDays(last, 1)) };
  if (window.to <= window.from)
    return refused(
      new AppError('validation', 'Choose a date window whose end is on or after its start.', {
        fields: [{ field: 'to', message: 'before the start' }],
      }),
    );
  return done(window);
}
