// From what a sync changed, the events a merchant cares about, with their words.
import type { Chargeback, Entry } from '../../shared/api/index.ts';
import type { ChargebackChange } from '../store/portfolio/index.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import { entryLabel } from '../../shared/domain/entry-kinds.ts';
import { entryChargebackId } from '../../shared/api/index.ts';

export interface DerivedEvent {
  key: string;
  kind: 'new-chargeback' | 'decision' | 'ledger' | 'summary';
  chargebackId?: string | undefined;
  title: string;
  body: string;
}

const decisions: Record<string, string> = { won: 'Won', lost: 'Lost', closed: 'Closed' };

function replyText(cb: Chargeback): string {
  if (cb.reply) return ` Reply by ${formatYmd(cb.reply)}.`;
  const raw = cb.invalidDates?.reply;
  return raw
    ? ` The reply date was sent as "${raw}", which is not a real date: check the deadline with your processor.`
    : '';
}

export function eventsFromChargebacks(
  changes: readonly ChargebackChange[],
  byId: ReadonlyMap<string, Chargeback>,
): DerivedEvent[] {
  const out: DerivedEvent[] = [];
  for (const ch of changes) {
    const cb = byId.get(ch.id);
    if (!cb) continue;
    const amount = formatAmount(cb.total, cb.currency);
    if (ch.isNew) {
      out.push({
        key: `new:${cb.id}`,
        kind: 'new-chargeback',
        chargebackId: cb.id,
        title: `New chargeback: ${amount}`,
        body: `Reason ${cb.reasonCode}${cb.reason ? ` (${cb.reason})` : ''}.${replyText(cb)}`,
      });
    } else if (decisions[ch.status]) {
      const verdict =
        ch.status === 'won'
          ? 'The issuer decided for you.'
          : ch.status === 'lost'
            ? 'The issuer decided for the cardholder.'
            : 'No more responses are accepted.';
      out.push({
        key: `status:${cb.id}:${ch.status}`,
        kind: 'decision',
        chargebackId: cb.id,
        title: `${decisions[ch.status]}: chargeback ${amount}`,
        body: `${verdict} Chargeback ${cb.id}.`,
      });
    }
  }
  return out;
}

export function eventsFromEntries(
  entries: readonly Entry[],
  currencyOf: (chargebackId: string) => string | undefined,
): DerivedEvent[] {
  const out: DerivedEvent[] = [];
  for (const e of entries) {
    const cbId = entryChargebackId(e);
    if (!cbId || e.amount === 0) continue;
    const currency =
      (typeof e.chargeback === 'object' && e.chargeback ? e.chargeback.currency : undefined) ??
      currencyOf(cbId) ??
      'USD';
    const amount = formatAmount(e.amount, currency);
    out.push({
      key: `entry:${e.id}`,
      kind: 'ledger',
      chargebackId: cbId,
      title: `${e.amount > 0 ? 'Money back' : 'Money out'}: ${amount}`,
      body: `${entryLabel(e)} on chargeback ${cbId}.`,
    });
  }
  return out;
}
