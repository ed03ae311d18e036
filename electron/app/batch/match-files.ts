// Which chargeback a scanned receipt belongs to, from its file name alone: a chargeback or
// transaction ID, the chargeback's reference or bank reference, or an amount and a date
// ("2025-03-14 49.99.jpg"). Pure: the same names and chargebacks always give the same answer.
import { majorToMinor } from '../../../shared/domain/money.ts';
import type { FileMatch } from '../../../shared/batch.ts';
import { formatYmd, parseServiceTimestamp, toSearchDate } from '../../../shared/domain/dates.ts';

export interface MatchCandidate {
  id: string;
  txn: string | null;
  refs: string[];
  total: number;
  currency: string;
  /** Dates (YYYYMMDD) the receipt may carry: the transaction's and the chargeback's issue date. */
  dates: number[];
  answerable: boolean;
  /** The transaction's order number and authorization code, and the card's last four digits,
   * where the service gave them. */
  order?: string | null;
  authCode?: string | null;
  last4?: string | null;
  /** The name the transaction carries on the card statement ("CORNER SHOP"): a receipt's head
   * that names another shop is a reason against. */
  descriptor?: string | null;
}

export type { FileMatch } from '../../../shared/batch.ts';

const tokensOf = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean);

function datesIn(name: string): number[] {
  const out = new Set<number>();
  for (const m of name.matchAll(/(?<!\d)(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)/g))
    out.add(Number(`${m[1]}${m[2]}${m[3]}`));
  for (const m of name.matchAll(/(?<!\d)(\d{2})[-_.](\d{2})[-_.](\d{4})(?!\d)/g))
    out.add(Number(`${m[3]}${m[1]}${m[2]}`));
  return [...out].filter((d) => {
    const mo = Math.floor(d / 100) % 100;
    const day = d % 100;
    return mo >= 1 && mo <= 12 && day >= 1 && day <= 31;
  });
}

function amountsIn(name: string): string[] {
  // Amounts are numbers that are not part of a date: "49.99", "1,234.50", "1000".
  const withoutDates = name.replace(
    /(?<!\d)\d{4}[-_.]?\d{2}[-_.]?\d{2}(?!\d)|(?<!\d)\d{2}[-_.]\d{2}[-_.]\d{4}(?!\d)/g,
    ' ',
  );
  return [
    ...withoutDates.matchAll(/(?<![\d.])\d{1,3}(?:,\d{3})*(?:\.\d{1,3})?(?![\d])|(?<![\d.])\d+(?:\.\d{1,3})?(?![\d])/g),
  ].map((m) => m[0]);
}

export function matchFile(fileName: string, candidates: readonly MatchCandidate[]): FileMatch {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const tokens = new Set(tokensOf(base));
  const lower = base.toLowerCase();

  const byId = candidates.filter((c) => lower.includes(c.id.toLowerCase()));
  if (byId.length === 1)
    return {
      status: 'matched',
      chargebackId: byId[0]!.id,
      rule: 'chargeback-id',
      reason: `The name contains the chargeback ID ${byId[0]!.id}.`,
    };
  // Two IDs in one name is the merchant's word for both: a weaker rule must not pick one.
  if (byId.length > 1)
    return {
      status: 'ambiguous',
      candidates: byId.map((c) => c.id),
      reason: `The name contains ${byId.length} chargeback IDs (${byId.map((c) => c.id).join(', ')}); choose one.`,
    };
  const byTxn = candidates.filter((c) => c.txn && lower.includes(c.txn.toLowerCase()));
  if (byTxn.length === 1)
    return {
      status: 'matched',
      chargebackId: byTxn[0]!.id,
      rule: 'transaction-id',
      reason: `The name contains the transaction ID ${byTxn[0]!.txn}.`,
    };
  if (byTxn.length > 1)
    return {
      status: 'ambiguous',
      candidates: byTxn.map((c) => c.id),
      reason: `Transaction ${byTxn[0]!.txn} has ${byTxn.length} chargebacks; choose one.`,
    };

  const byRef = candidates.filter((c) =>
    c.refs.some(
      (r) =>
        r.length >= 4 &&
        (tokens.has(r.toLowerCase()) || (tokensOf(r).every((t) => tokens.has(t)) && tokensOf(r).length > 1)),
    ),
  );
  if (byRef.length === 1) {
    const ref = byRef[0]!.refs.find((r) => tokens.has(r.toLowerCase()) || tokensOf(r).every((t) => tokens.has(t)));
    return {
      status: 'matched',
      chargebackId: byRef[0]!.id,
      rule: 'reference',
      reason: `The name contains the reference ${ref}.`,
    };
  }
  if (byRef.length > 1)
    return {
      status: 'ambiguous',
      candidates: byRef.map((c) => c.id),
      reason: 'The reference in the name belongs to several chargebacks; choose one.',
    };

  const dates = datesIn(base);
  const amounts = amountsIn(base);
  if (dates.length > 0 && amounts.length > 0) {
    const hits = candidates.filter(
      (c) => c.dates.some((d) => dates.includes(d)) && amounts.some((a) => majorToMinor(a, c.currency) === c.total),
    );
    if (hits.length === 1)
      return {
        status: 'matched',
        chargebackId: hits[0]!.id,
        rule: 'amount-and-date',
        reason:
          `The amount and the date in the name (${amounts.join(', ')} on ` +
          `${dates.map((d) => formatYmd(d)).join(', ')}) match this chargeback's transaction.`,
      };
    if (hits.length > 1)
      return {
        status: 'ambiguous',
        candidates: hits.map((c) => c.id),
        reason: `${hits.length} chargebacks have the amount ${amounts[0]} on ${formatYmd(dates[0])}; choose one.`,
      };
    return {
      status: 'unmatched',
      reason: `No chargeback has the amount ${amounts.join(' or ')} on ${dates.map((d) => formatYmd(d)).join(' or ')}.`,
    };
  }
  return {
    status: 'unmatched',
    reason:
      'The name has no chargeback or transaction ID, reference, or ' +
      'amount and date that Dispute Desk recognises. Assign it by hand.',
  };
}

/** The candidate list from stored chargebacks and their transactions. */
export function candidateOf(
  cb: {
    id: string;
    txn: string | null;
    ref: string | null;
    bankRef: string | null;
    chargebackRef: string | null;
    total: number;
    currency: string;
    issued: number | null;
    status: string;
    actionable: number;
  },
  txn: {
    created?: string | null;
    authDate?: string | number | null;
    order?: string | null;
    authCode?: string | null;
    descriptor?: string | null;
    [k: string]: unknown;
  } | null,
): MatchCandidate {
  const dates = new Set<number>();
  if (cb.issued) dates.add(cb.issued);
  const created = parseServiceTimestamp(txn?.created ?? null);
  if (created) dates.add(Number(toSearchDate(created)));
  if (txn?.authDate && /^\d{8}$/.test(String(txn.authDate))) dates.add(Number(txn.authDate));
  return {
    id: cb.id,
    txn: cb.txn,
    refs: [cb.ref, cb.bankRef, cb.chargebackRef].filter((r): r is string => !!r),
    total: cb.total,
    currency: cb.currency,
    dates: [...dates],
    answerable: cb.status === 'open' && cb.actionable === 1,
    order: txn?.order ?? null,
    authCode: txn?.authCode ?? null,
    descriptor: txn?.descriptor ?? null,
    // Not a field of the contract's transaction; alerts call it paymentLastFour.
    last4: typeof txn?.paymentLastFour === 'string' && /^\d{4}$/.test(txn.paymentLastFour) ? txn.paymentLastFour : null,
  };
}
