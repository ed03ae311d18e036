// What a decided chargeback means for the merchant, as the history reads it. The service's status
// says who decided (won, lost, closed); "closed" alone says nothing about the money: the processor
// closes a represented case as well as one the merchant let go (message-type-rules.ts). So a closed
// case counts as won only when the ledger shows the money came back; without a reversal it is
// decided and not won. The inbox and the dispute page show the status as the service sent it.
import { entryKind, type EntryFields } from './entry-kinds.ts';

export const disputeOutcomes = ['open', 'won', 'lost', 'closed'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];

/** The outcome of a chargeback whose ledger entries reversed `recovered` (minor units, ≥ 0). A
 * status the contract does not list is read as still open: nothing says it was decided. */
export function disputeOutcome(status: string, recovered: number): DisputeOutcome {
  if (status === 'won' || status === 'lost') return status;
  if (status === 'closed') return recovered > 0 ? 'won' : 'closed';
  return 'open';
}

/** What one entry adds to a chargeback's money back and fees, by the one entry rule
 * (entry-kinds.ts): a fee is a fee whatever its sign; other money back is a positive non-fee entry. */
export function entryRecoveryParts(e: EntryFields): { recovered: number; fees: number } {
  const kind = entryKind(e);
  if (kind === 'fee') return { recovered: 0, fees: e.amount };
  return { recovered: kind === 'reversal' ? e.amount : 0, fees: 0 };
}
