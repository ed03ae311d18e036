// Ledger money as the service describes it, shown the same way on the Ledger and a dispute's
// Money card: totals that keep disputed amounts, fees and reversals apart, and entry lines
// labelled with the service's own descriptions (classified by shared/domain/entry-kinds.ts).
import type { EntryLine, EntryTotals } from '../../shared/domain/entry-kinds.ts';
import { entryKindLabel } from '../../shared/domain/entry-kinds.ts';
import { formatAmount } from '../../shared/domain/money.ts';

export function MoneyTotals({ totals, testIdSuffix }: { totals: EntryTotals; testIdSuffix?: string }) {
  const { currency } = totals;
  const cell = (label: string, amount: number, id: string) => (
    <div>
      <dt>{label}</dt>
      <dd className={amount < 0 ? 'neg' : ''} data-testid={testIdSuffix ? `${id}-${testIdSuffix}` : undefined}>
        {formatAmount(amount, currency)}
      </dd>
    </div>
  );
  return (
    <dl className="money-totals">
      {cell('Charged back', totals.chargedBack, 'charged-back')}
      {cell('Fees', totals.fees, 'fees')}
      {cell('Reversed', totals.reversed, 'reversed')}
      {cell('Net', totals.net, 'net')}
    </dl>
  );
}

/** The service's description of the entry; its event code's name on hover. */
export function EntryLabelCell({ line }: { line: EntryLine }) {
  return <td title={`Event ${line.event}: ${line.eventLabel}`}>{line.label}</td>;
}

export function EntryKindTag({ line }: { line: EntryLine }) {
  return <span className={`tag kind-${line.kind}`}>{entryKindLabel[line.kind]}</span>;
}

export function EntryAmount({ line }: { line: EntryLine }) {
  return <td className={`amount${line.amount < 0 ? ' neg' : ''}`}>{formatAmount(line.amount, line.currency)}</td>;
}
