// The columns of the inbox's and the ledger's CSV, as a merchant's spreadsheet reads them: amounts
// in major units beside their currency (787.59 USD, 779.270 KWD; never 78759), dates in ISO 8601
// (2026-11-28; a moment as 2026-11-28T15:04:05.000Z), stages and statuses in the words the window
// shows ("First chargeback", not "first"), and each ledger line's kind (charged back, fee,
// reversal). Written by the one CSV writer (csv.ts).
import type { CsvColumn } from './csv.ts';
import type { InboxRow } from '../../shared/views/inbox-row.ts';
import type { EntryLine } from '../../shared/domain/entry-kinds.ts';
import { entryKindLabel } from '../../shared/domain/entry-kinds.ts';
import { inboxSectionLabel } from '../../shared/domain/inbox-sections.ts';
import { cycleLabel } from '../../shared/domain/cycles.ts';
import { chargebackStatusText } from '../../shared/domain/merchant-format.ts';
import { formatYmd, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';
import { minorToMajor } from '../../shared/domain/money.ts';
import { plainReasonCode } from '../../shared/domain/reason-codes.ts';
import { deadlineWords } from '../../shared/domain/deadline-words.ts';

/** Minor units as the major-unit number a spreadsheet sums, with the currency's decimals. */
export function majorUnits(minor: number, currency: string): string {
  return minorToMajor(minor, currency).toFixed(currencyExponent(currency));
}

/** A service timestamp (Eastern, or ISO with a zone) as ISO 8601 in UTC; as sent when unreadable. */
function isoMoment(ts: string | null): string | null {
  if (ts === null) return null;
  return parseServiceTimestamp(ts)?.toISOString() ?? ts;
}

export const inboxCsvColumns: Array<CsvColumn<InboxRow>> = [
  { header: 'section', kind: 'text', value: (r) => inboxSectionLabel[r.section] },
  { header: 'chargeback', kind: 'text', value: (r) => r.id },
  { header: 'status', kind: 'text', value: (r) => chargebackStatusText(r.status) },
  { header: 'stage', kind: 'text', value: (r) => cycleLabel(r.cycle) },
  { header: 'deadline', kind: 'text', value: (r) => deadlineWords(r).text },
  { header: 'send by', kind: 'text', value: (r) => (r.sendBy === null ? '' : formatYmd(r.sendBy)) },
  { header: 'reply by', kind: 'text', value: (r) => (r.reply === null ? (r.replyInvalid ?? '') : formatYmd(r.reply)) },
  { header: 'days left', kind: 'number', value: (r) => r.daysLeft },
  { header: 'reason code', kind: 'text', value: (r) => plainReasonCode(r.reasonCode) },
  { header: 'reason', kind: 'text', value: (r) => r.reason },
  { header: 'amount', kind: 'number', value: (r) => majorUnits(r.total, r.currency) },
  { header: 'currency', kind: 'text', value: (r) => r.currency },
  { header: 'customer', kind: 'text', value: (r) => r.customerName },
  { header: 'email', kind: 'text', value: (r) => r.customerEmail },
  { header: 'order', kind: 'text', value: (r) => r.order },
  { header: 'transaction', kind: 'text', value: (r) => r.txn },
];

export const ledgerCsvColumns: Array<CsvColumn<EntryLine>> = [
  { header: 'created', kind: 'text', value: (e) => isoMoment(e.created) },
  { header: 'kind', kind: 'text', value: (e) => entryKindLabel[e.kind] },
  { header: 'event', kind: 'text', value: (e) => e.eventLabel },
  { header: 'amount', kind: 'number', value: (e) => majorUnits(e.amount, e.currency) },
  { header: 'currency', kind: 'text', value: (e) => e.currency },
  { header: 'chargeback', kind: 'text', value: (e) => e.chargebackId },
  { header: 'description', kind: 'text', value: (e) => e.description },
];
