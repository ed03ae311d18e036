// The worklist's lines as the virtual list draws them: a section's heading (its count, its money,
// folded or not, its select-all box) and a chargeback's row (deadline badge, reason and reply day,
// customer, stage, amount), or the row's place while its page loads.
import type { InboxRowView, InboxSectionSummary } from '../../../shared/views/inbox-row.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import { reasonCodeText } from '../../../shared/domain/reason-codes.ts';
import { sendByMeaning } from '../../../shared/domain/send-by.ts';
import { rowStateWords } from '../../../shared/domain/deadline-words.ts';
import {
  formatCalendarDate,
  formatReplyDay,
  formatTimeOfMoment,
  replyDayZone,
} from '../../../shared/domain/merchant-format.ts';
import { cycleLabel } from '../../../shared/domain/cycles.ts';
import { inboxSectionAmountLabel, inboxSectionLabel } from '../../../shared/domain/inbox-sections.ts';
import { TriCheckbox } from './selection.tsx';
import { columns } from './view-state.ts';
import { amountsText, approxOf, sectionTotal } from './totals.ts';

/** A retry's time, on the merchant's clock. */
const retryTime = (ms: number): string => formatTimeOfMoment(ms, Date.now());

/** The badge's words in full, with the send-by date it counts to (and what it means) and the reply
 * day, written as every screen writes it (merchant-format.ts formatReplyDay). */
function deadlineTitle(row: InboxRowView, full: string): string {
  if (!row.reply) return full;
  const reply = `reply by ${formatReplyDay(row.reply)}`;
  if (!row.sendBy || row.sendBy === row.reply) return `${full} · ${reply}`;
  const sendBy = `send by ${formatCalendarDate(row.sendBy)} (${sendByMeaning(row.sendBy, row.reply)})`;
  return `${full} · ${sendBy} · ${reply}`;
}

export function SectionHead({
  s,
  folded,
  picked,
  mainCurrency,
  order,
  onSelect,
}: {
  s: InboxSectionSummary;
  folded: boolean;
  /** How many of its rows are selected. */
  picked: number;
  mainCurrency: string;
  /** How its rows are ordered, where the column heading does not say it. */
  order?: string | undefined;
  onSelect(): void;
}) {
  const total = sectionTotal(s, mainCurrency);
  return (
    <div
      className={`section-head section-${s.section}`}
      role="gridcell"
      aria-colspan={columns.length + 1}
      data-testid={`section-${s.section}`}
    >
      {folded ? (
        <span className="select-cell" />
      ) : (
        <span className="select-cell">
          <TriCheckbox
            label={`Select all ${s.count} in ${inboxSectionLabel[s.section]}`}
            checked={picked === s.count}
            mixed={picked > 0 && picked < s.count}
            onToggle={onSelect}
          />
        </span>
      )}
      <span className="fold" aria-hidden="true">
        {folded ? '▸' : '▾'}
      </span>
      <strong>{inboxSectionLabel[s.section]}</strong>
      <span className="section-count" data-testid="section-count">
        {s.count}
      </span>
      {order && (
        <span className="muted section-order" data-testid="section-order">
          {order}
        </span>
      )}
      {total ? (
        <>
          <span className="section-total" data-testid="section-total">
            {/* The ≈ says it is approximate: once (the walk read "≈ … at risk, approx."). */}
            <strong>{total.total}</strong> {inboxSectionAmountLabel[s.section]}
          </span>
          <span
            className="section-amount muted"
            data-testid="section-amounts"
            title={`${amountsText(s)} · ${total.rates}`}
          >
            {amountsText(s)}
          </span>
        </>
      ) : (
        <span className="section-amount muted">
          {amountsText(s)} {inboxSectionAmountLabel[s.section]}
        </span>
      )}
      <span className="muted section-action">{folded ? 'Show' : 'Hide'}</span>
    </div>
  );
}

/** A row whose page has not come yet. */
export function LoadingRow() {
  return (
    <>
      <div className="select-cell" role="gridcell" />
      <div className="cell muted" role="gridcell">
        Loading…
      </div>
    </>
  );
}

/** The characters at the end of a chargeback ID always shown. */
const ID_TAIL = 6;

export function RowCells({
  row,
  mainCurrency,
  selected,
  onToggle,
}: {
  row: InboxRowView;
  mainCurrency: string;
  selected: boolean;
  onToggle(): void;
}) {
  const d = rowStateWords(row, retryTime);
  const approx = approxOf(row, mainCurrency);
  const customer = [row.customerName, row.order].filter(Boolean).join(' · ');
  return (
    <>
      <div className="select-cell" role="gridcell">
        <TriCheckbox label={`Select ${row.id}`} checked={selected} mixed={false} onToggle={onToggle} />
      </div>
      <div
        className={`cell deadline ${d.className}`}
        role="gridcell"
        data-testid="days-left"
        title={deadlineTitle(row, d.full)}
      >
        {d.text}
      </div>
      <div className="cell main" role="gridcell">
        <span className="reason" title={`${reasonCodeText(row.reasonCode)} · ${row.reason}`}>
          {reasonCodeText(row.reasonCode)} · {row.reason}
        </span>
        <span className="muted id">
          {/* The reply day whole; the ID gives way in its middle: every ID starts "t1_chb_", its end
              tells it from the others (whole in its title, when copied, and on the page). */}
          <span className="cb-id" title={row.id}>
            <span className="head">{row.id.slice(0, -ID_TAIL)}</span>
            <span className="tail">{row.id.slice(-ID_TAIL)}</span>
          </span>
          {row.reply ? (
            <span className="reply-day" title={deadlineTitle(row, d.full)}>
              {/* In a narrow window the day alone (the zone in its title, and on the page). */}
              {` · reply by ${formatCalendarDate(row.reply)}`}
              <span className="zone">{replyDayZone}</span>
            </span>
          ) : null}
        </span>
      </div>
      <div className="cell customer" role="gridcell" data-testid="customer">
        <span className="name">{customer || '—'}</span>
        {row.customerEmail ? <span className="muted email">{row.customerEmail}</span> : null}
      </div>
      <div className="cell muted stage" role="gridcell" title={cycleLabel(row.cycle)}>
        {cycleLabel(row.cycle)}
      </div>
      <div className="cell amount" role="gridcell" data-testid="amount">
        {formatAmount(row.total, row.currency)}
        {approx ? (
          <span className="approx muted" title={approx.rate}>
            {approx.text}
          </span>
        ) : null}
      </div>
    </>
  );
}
