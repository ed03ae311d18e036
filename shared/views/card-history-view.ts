// What the card's and the customer's earlier purchases say about one chargeback, as the dispute
// page, `dispute-desk show`, the letter and the packet present it: the Compelling Evidence 3.0
// verdict for a Visa 10.4 chargeback (shared/domain/compelling-evidence.ts), or the customer's
// earlier undisputed orders for the reasons where a history helps (not received, not as described,
// credit not processed). A check that could not be made says why and claims nothing.
import { z } from 'zod';
import {
  ce3ElementLabel,
  ce3ElementsText,
  ce3Headline,
  ce3VerdictSchema,
  type Ce3Verdict,
} from '../domain/compelling-evidence.ts';
import { formatAmount } from '../domain/money.ts';
import { pastOrderSchema } from '../domain/customer-history-letter.ts';
import type { DisputeCategory } from '../domain/reason-codes.ts';

/** Why there is nothing to check, or why the check could not be made, in the merchant's words. */
const because = z.object({ reason: z.string() });
/** When the service answered the check, ISO 8601. */
const checkedAt = z.string();

export const ce3CheckSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not-applicable') }),
  /** Nothing can be read here: the micro-service has no transactions, the chargeback no transaction. */
  z.object({ state: z.literal('unavailable'), ...because.shape }),
  /** The service could not be asked now (offline, refused, unreadable answer). */
  z.object({ state: z.literal('could-not-check'), ...because.shape }),
  z.object({ state: z.literal('checked'), checkedAt, verdict: ce3VerdictSchema }),
]);
export type Ce3Check = z.infer<typeof ce3CheckSchema>;

export const customerHistoryCheckSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not-applicable') }),
  z.object({ state: z.literal('unavailable'), ...because.shape }),
  z.object({ state: z.literal('could-not-check'), ...because.shape }),
  z.object({
    state: z.literal('checked'),
    checkedAt,
    email: z.string(),
    /** Earlier completed, unrefunded orders with no chargeback of their own, newest first. */
    orders: z.array(pastOrderSchema),
  }),
]);
export type CustomerHistoryCheck = z.infer<typeof customerHistoryCheckSchema>;

export const cardHistoryViewSchema = z.object({
  chargebackId: z.string(),
  compellingEvidence: ce3CheckSchema,
  customerHistory: customerHistoryCheckSchema,
  /** The merchant added the customer's earlier orders to the packet as an exhibit. */
  customerHistoryInPacket: z.boolean(),
});
export type CardHistoryView = z.infer<typeof cardHistoryViewSchema>;

/** The reasons where the customer's earlier undisputed orders support the answer. */
export const customerHistoryCategories: readonly DisputeCategory[] = [
  'not-received',
  'not-as-described',
  'credit-not-processed',
];

const amountText = (amount: number | null, currency: string): string =>
  amount === null ? 'amount not recorded' : formatAmount(amount, currency);

/** The view in lines of text, as `dispute-desk show` writes it. */
export function cardHistoryLines(view: CardHistoryView): string[] {
  const ce3 = view.compellingEvidence;
  const lines: string[] = [];
  if (ce3.state === 'unavailable' || ce3.state === 'could-not-check')
    lines.push(
      `Compelling Evidence 3.0: ${ce3.state === 'unavailable' ? 'cannot be checked' : 'could not be checked now'}: ` +
        `${ce3.reason}. Nothing about it is claimed.`,
    );
  if (ce3.state === 'checked') {
    const v = ce3.verdict;
    lines.push(`${ce3Headline(v)}${v.kind === 'qualifies' ? `: the same ${ce3ElementsText(v.elements)}` : ''}`);
    if (v.kind === 'qualifies')
      for (const p of v.priors)
        lines.push(
          `  ${p.id}  ${p.date}  ${amountText(p.amount, p.currency)}  ${p.daysBefore} days before; ` +
            p.matching.map((m) => `${ce3ElementLabel[m.element]} ${m.value}`).join('; '),
        );
    else if (v.kind === 'does-not-qualify') lines.push(...v.reasons.map((r) => `  - ${r}`));
    else lines.push(`  ${v.reason}`);
  }
  const c = view.customerHistory;
  if (c.state === 'unavailable' || c.state === 'could-not-check')
    lines.push(
      `The customer's earlier orders: ${c.state === 'unavailable' ? 'cannot' : 'could not'} be read: ${c.reason}.`,
    );
  if (c.state === 'checked') {
    lines.push(`The customer's earlier undisputed orders (${c.email}): ${c.orders.length || 'none'}`);
    for (const o of c.orders)
      lines.push(`  ${o.id}  ${o.date}  ${amountText(o.amount, o.currency)}${o.order ? `  order ${o.order}` : ''}`);
  }
  return lines;
}

/** The verdict of a check that qualifies; none for any other state or verdict. */
export function qualifyingVerdict(check: Ce3Check | undefined): Extract<Ce3Verdict, { kind: 'qualifies' }> | undefined {
  return check?.state === 'checked' && check.verdict.kind === 'qualifies' ? check.verdict : undefined;
}

/** The card history's exhibits, titled as the packet and the letter title them. */
export const ce3ExhibitTitle = 'Visa Compelling Evidence 3.0: earlier undisputed purchases on the same card';
export const customerHistoryExhibitTitle = 'The customer’s earlier undisputed orders';

/** The exhibits the packet adds after the merchant's files, in their order, by title: the CE 3.0
 * exhibit when the card qualifies, the customer's earlier orders when the merchant added them and
 * there are some (electron/card-history/history-exhibits.ts draws the same). They are evidence of
 * their own: an answer with them alone is not empty. */
export function historyExhibitTitles(view: CardHistoryView | null | undefined): string[] {
  if (!view) return [];
  const c = view.customerHistory;
  return [
    ...(qualifyingVerdict(view.compellingEvidence) ? [ce3ExhibitTitle] : []),
    ...(view.customerHistoryInPacket && c.state === 'checked' && c.orders.length > 0
      ? [customerHistoryExhibitTitle]
      : []),
  ];
}

/** The checklist item a qualifying Compelling Evidence 3.0 check fills, with the purchases that fill
 * it (the packet then holds their exhibit); nothing for any other state, so nothing unproven ticks. */
export function checklistFromCardHistory(view: CardHistoryView | null | undefined): Map<string, string> {
  const verdict = qualifyingVerdict(view?.compellingEvidence);
  if (!verdict) return new Map();
  const ids = verdict.priors.map((p) => p.id);
  const named = `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
  return new Map([
    ['prior-undisputed-payments', `earlier purchases ${named}, the same ${ce3ElementsText(verdict.elements)}`],
  ]);
}
