// Visa Compelling Evidence 3.0: the one rule that says whether a card-absent fraud chargeback
// (Visa 10.4) can be answered with the card's own earlier, undisputed purchases. Pure: it reads
// the transactions as facts (their dates, amounts, the details each recorded, whether each has its
// own chargeback or was refunded) and answers a verdict with the merchant's words for it. Main
// reads the transactions (electron/card-history/), the dispute page, `show`, the letter and the
// packet's exhibit all present this verdict; none of them judges again.
//
// The criteria (observed-service-behaviour.md, "Timing, the cardholder's history, card networks"):
// at least two earlier transactions on the same payment credential, each 120 to 365 days before the
// disputed one, none with its own fraud dispute, where at least two data elements match across all
// three and one of them is the IP address or a device ID/fingerprint.
//
// Choices, and why:
// - The window is Visa's wording, 120 to 365 days inclusive. Stripe's pages disagree at the edges
//   (its support page says "more than 119 and fewer than 366 days", its API docs "120–364 days"):
//   the network decides the case, so its own rule is the one applied, whatever a processor's page
//   rounds it to. Days are whole calendar days on the service's clock (US Eastern), from the date of
//   each purchase to the date of the disputed one.
// - "Across all three": the same two (or more) elements must match on both earlier purchases, not
//   any two on each. It is the reading no issuer can refuse; a looser one loses the case.
// - Elements counted: IP address, device ID/fingerprint, the customer's account/login ID and the full
//   delivery address, Visa's list. The email is not counted: Visa's FAQ (January 2024 business news,
//   as Verifi publishes it) accepts an email only as the login ID, when it is the credential the
//   customer signed in with, which a transaction record cannot tell; the sources name "some
//   acquirers" that take it without naming them, and this processor's guidance does not list it. A
//   matching email is shown beside the elements as supporting detail, never as one of the two.
// - A transaction's own chargeback excludes it (the service shows chargebacks, not the issuers'
//   fraud reports, which no API of this service returns); so does a refund: a refunded purchase is
//   one the merchant took back, not an undisputed one.
import { letterDay } from './letter-facts.ts';
import { z } from 'zod';
import { dayNumber, parseYmd, type Ymd } from './dates.ts';
import { plainReasonCode } from './reason-codes.ts';
import { formatAmount } from './money.ts';

export const CE3_MIN_DAYS = 120;
export const CE3_MAX_DAYS = 365;

export const ce3Elements = ['ip', 'device', 'account', 'address'] as const;
export const ce3ElementSchema = z.enum(ce3Elements);
export type Ce3Element = z.infer<typeof ce3ElementSchema>;

/** The elements Visa requires one of among the matching ones. */
const anchorElements: readonly Ce3Element[] = ['ip', 'device'];

export const ce3ElementLabel: Record<Ce3Element, string> = {
  ip: 'IP address',
  device: 'device ID',
  account: 'customer account/login ID',
  // Only a delivery address counts (Visa's list); the transactions record none (txn-facts.ts).
  address: 'full delivery address',
};

/** A date as the letter and the page write it ("Sat, May 30, 2026"). */
const day = (d: string): string => letterDay(d) ?? d;

/** Whether Compelling Evidence 3.0 can apply: Visa 10.4, plain or network-prefixed (`V1040`). */
export function ce3AppliesTo(reasonCode: string): boolean {
  return plainReasonCode(reasonCode) === '10.4';
}

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine((d) => parseYmd(d) !== undefined, 'a real date');

/** One transaction as the rule reads it (electron/card-history/txn-facts.ts makes it from a record). */
export const ce3TxnSchema = z.object({
  id: z.string(),
  /** The purchase's date on the service's clock, `YYYY-MM-DD`. */
  date: dateText,
  /** Minor units of `currency`; null when the record does not say. */
  amount: z.number().int().nullable(),
  currency: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  account: z.string().nullable(),
  /** The full address in one line; null when any of street, city or postcode is missing. */
  address: z.string().nullable(),
  email: z.string().nullable(),
  /** Why this transaction is no purchase (a refund, an authorization only, failed...); null for a
   * completed purchase. */
  notAPurchase: z.string().nullable(),
  refunded: z.boolean(),
  /** It has a chargeback of its own. */
  chargeback: z.boolean(),
});
export type Ce3Txn = z.infer<typeof ce3TxnSchema>;

export const ce3MatchSchema = z.object({ element: ce3ElementSchema, value: z.string() });

export const ce3PriorSchema = z.object({
  id: z.string(),
  date: dateText,
  amount: z.number().int().nullable(),
  currency: z.string(),
  daysBefore: z.number().int(),
  /** The elements that match the disputed purchase, with the value they share. */
  matching: z.array(ce3MatchSchema).min(2),
  /** The same email as the disputed purchase: supporting detail, never one of the elements. */
  sameEmail: z.string().nullable(),
});
export type Ce3Prior = z.infer<typeof ce3PriorSchema>;

export const ce3VerdictSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('qualifies'),
    disputed: z.object({ id: z.string(), date: dateText }),
    /** The elements matching across all of them. */
    elements: z.array(ce3ElementSchema).min(2),
    /** Two or more earlier purchases, newest first. */
    priors: z.array(ce3PriorSchema).min(2),
  }),
  z.object({
    kind: z.literal('does-not-qualify'),
    /** Why, in the merchant's words: the summary first, then each transaction's own reason. */
    reasons: z.array(z.string()).min(1),
  }),
  z.object({ kind: z.literal('not-applicable'), reason: z.string() }),
]);
export type Ce3Verdict = z.infer<typeof ce3VerdictSchema>;

const norm = (v: string | null): string | null => {
  const s = v?.trim().toLowerCase().replace(/\s+/g, ' ');
  return s ? s : null;
};
/** Addresses compare without punctuation or case: "12 Main St." and "12 main st" are one place. */
const normAddress = (v: string | null): string | null => {
  const s = norm(v)
    ?.replace(/[.,#;:'"()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s ? s : null;
};
const comparable = (t: Ce3Txn, e: Ce3Element): string | null => (e === 'address' ? normAddress(t.address) : norm(t[e]));

/** The elements of `prior` equal to the disputed purchase's (both recorded). */
function matchesOf(disputed: Ce3Txn, prior: Ce3Txn): Ce3Element[] {
  return ce3Elements.filter((e) => {
    const a = comparable(disputed, e);
    return a !== null && a === comparable(prior, e);
  });
}

const qualifyingSet = (s: readonly Ce3Element[]): boolean => s.length >= 2 && s.some((e) => anchorElements.includes(e));

const ymdOf = (d: string): Ymd => parseYmd(d) ?? { y: 1970, m: 1, d: 1 };
const daysBetween = (earlier: string, later: string): number => dayNumber(ymdOf(later)) - dayNumber(ymdOf(earlier));

const label = (e: Ce3Element): string => ce3ElementLabel[e];
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The verdict for a chargeback with `reasonCode` on the `disputed` transaction, from the card's
 * `earlier` transactions (any order; the disputed one and later ones are ignored).
 */
export function compellingEvidence3(input: {
  reasonCode: string;
  disputed: Ce3Txn;
  earlier: readonly Ce3Txn[];
}): Ce3Verdict {
  const { disputed } = input;
  if (!ce3AppliesTo(input.reasonCode))
    return {
      kind: 'not-applicable',
      reason: 'Compelling Evidence 3.0 applies only to Visa reason 10.4 (card-absent fraud).',
    };
  const window = `${CE3_MIN_DAYS}–${CE3_MAX_DAYS} days before`;
  if (!anchorElements.some((e) => comparable(disputed, e) !== null))
    return {
      kind: 'does-not-qualify',
      reasons: [
        `The disputed purchase ${disputed.id} has no IP address or device ID on record; Visa needs one of them ` +
          'to match.',
      ],
    };

  const excluded: string[] = [];
  const eligible: Array<{ txn: Ce3Txn; days: number; matches: Ce3Element[] }> = [];
  const earlier = input.earlier
    .filter((t) => t.id !== disputed.id && t.notAPurchase === null)
    .map((t) => ({ txn: t, days: daysBetween(t.date, disputed.date) }))
    .filter((x) => x.days >= 0)
    .sort((a, b) => a.days - b.days);
  for (const { txn, days } of earlier) {
    const on = `${txn.id} (${day(txn.date)})`;
    if (days < CE3_MIN_DAYS)
      excluded.push(`Earlier purchase ${on} is ${days} days before, too recent (at least ${CE3_MIN_DAYS}).`);
    else if (days > CE3_MAX_DAYS)
      excluded.push(`Earlier purchase ${on} is ${days} days before, too old (at most ${CE3_MAX_DAYS}).`);
    else if (txn.chargeback) excluded.push(`Earlier purchase ${on} has its own chargeback.`);
    else if (txn.refunded) excluded.push(`Earlier purchase ${on} was refunded.`);
    else eligible.push({ txn, days, matches: matchesOf(disputed, txn) });
  }

  if (eligible.length < 2) {
    const summary =
      eligible.length === 0
        ? `No earlier undisputed purchase on this card ${window} the disputed one of ${day(disputed.date)}.`
        : `Only one earlier purchase (${eligible[0]!.txn.id}, ${day(eligible[0]!.txn.date)}) ${window} the ` +
          `disputed one of ${day(disputed.date)}; Visa needs two.`;
    return { kind: 'does-not-qualify', reasons: [summary, ...excluded] };
  }

  // The set of elements shared by the most purchases, then the largest set, then the most recent.
  let best: { elements: Ce3Element[]; with: typeof eligible } | undefined;
  for (let i = 0; i < eligible.length; i++)
    for (let j = i + 1; j < eligible.length; j++) {
      const shared = eligible[i]!.matches.filter((e) => eligible[j]!.matches.includes(e));
      if (!qualifyingSet(shared)) continue;
      const all = eligible.filter((x) => shared.every((e) => x.matches.includes(e)));
      if (
        !best ||
        all.length > best.with.length ||
        (all.length === best.with.length && shared.length > best.elements.length)
      )
        best = { elements: shared, with: all };
    }

  if (best) {
    const valueOf = (e: Ce3Element): string => disputed[e]!;
    const sameEmail = (t: Ce3Txn): string | null =>
      norm(disputed.email) !== null && norm(disputed.email) === norm(t.email) ? disputed.email : null;
    return {
      kind: 'qualifies',
      disputed: { id: disputed.id, date: disputed.date },
      elements: best.elements,
      priors: best.with.map(({ txn, days }) => ({
        id: txn.id,
        date: txn.date,
        amount: txn.amount,
        currency: txn.currency,
        daysBefore: days,
        matching: best.elements.map((e) => ({ element: e, value: valueOf(e) })),
        sameEmail: sameEmail(txn),
      })),
    };
  }

  const differences = eligible.flatMap(({ txn }) =>
    ce3Elements
      .filter((e) => comparable(disputed, e) !== null)
      .filter((e) => comparable(txn, e) !== comparable(disputed, e))
      .map((e) => `${cap(label(e))} ${comparable(txn, e) === null ? 'not recorded' : 'differs'} on ${txn.id}.`),
  );
  return {
    kind: 'does-not-qualify',
    reasons: [
      `No two earlier purchases ${window} share two matching details with the disputed one, one of them the ` +
        'IP address or device ID.',
      ...differences,
      ...excluded,
    ],
  };
}

/** The verdict's headline, the same words on the page, in `show` and in the report. */
export function ce3Headline(v: Ce3Verdict): string {
  if (v.kind === 'qualifies') return 'Qualifies for Compelling Evidence 3.0';
  if (v.kind === 'not-applicable') return 'Compelling Evidence 3.0 does not apply';
  return 'Does not qualify for Compelling Evidence 3.0';
}

/** What matches, in words: "IP address and customer account/login ID". */
export function ce3ElementsText(elements: readonly Ce3Element[]): string {
  const words = elements.map(label);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The cover letter's paragraph for a qualifying verdict, naming each earlier purchase (ID, date,
 * amount) and what matches, citing the exhibit that lists them; none for any other verdict, so a
 * chargeback that does not qualify never claims it. The composer adds it (cover-letter-compose.ts).
 */
export function ce3LetterParagraph(v: Ce3Verdict | undefined, exhibit: number | undefined): string | undefined {
  if (v?.kind !== 'qualifies') return undefined;
  const purchases = v.priors.map(
    (p) =>
      `${p.id} on ${day(p.date)} (${p.amount === null ? 'amount not recorded' : formatAmount(p.amount, p.currency)})`,
  );
  const listed =
    purchases.length === 2 ? purchases.join(' and ') : `${purchases.slice(0, -1).join(', ')} and ${purchases.at(-1)}`;
  const values = v.elements.map(
    (e) => `${ce3ElementLabel[e]} ${v.priors[0]!.matching.find((m) => m.element === e)?.value}`,
  );
  return (
    `${exhibit ? `Exhibit ${exhibit} (Visa Compelling Evidence 3.0)` : 'Visa Compelling Evidence 3.0'}: the same card ` +
    `was used for ${v.priors.length} earlier purchases that were never disputed or refunded, ${CE3_MIN_DAYS} to ` +
    `${CE3_MAX_DAYS} days before this one: transactions ${listed}. Each has the same ${values.join(' and the same ')} ` +
    `as the disputed transaction ${v.disputed.id}. Under Visa's Compelling Evidence 3.0 rules for reason 10.4, ` +
    'this shows the cardholder took part in the disputed purchase.'
  );
}
