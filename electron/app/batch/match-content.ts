// Which chargeback a receipt belongs to, from what is printed on it (read by OCR), as a person
// would tell: its transaction's order number (by its significant part), authorization code,
// total, date and card, an ID, and the shop that issued it. Each fact that agrees adds to a
// confidence; facts against (another shop's name, another order number) take from it. A match
// needs independent facts that agree: an amount and a date alone never make one, since a
// coffee shop's receipt can coincide with a chargeback's total on the same day. Pure: facts and
// candidates in, a match with the reasons for and against the merchant can read out.
import type { FileMatch } from '../../../shared/batch.ts';
import { majorToMinor, formatAmount } from '../../../shared/domain/money.ts';
import { currencyExponent } from '../../../shared/domain/currencies.ts';
import type { MatchCandidate } from './match-files.ts';
import { orderCore, shapeKey, totalOf, type ReceiptFacts, type PrintedDate } from './receipt-facts.ts';
import { compareAddress, parseShopAddress, type StreetAddress } from '../../../shared/domain/shop-address.ts';

type Kind = 'id' | 'order' | 'near-order' | 'auth' | 'amount' | 'date' | 'last4' | 'shop';

/** How much each agreeing fact counts (their chances of agreeing by accident differ). */
const WEIGHT: Record<Kind, number> = {
  id: 0.95,
  order: 0.8,
  'near-order': 0.45,
  auth: 0.7,
  amount: 0.35,
  date: 0.3,
  last4: 0.3,
  shop: 0.25,
};
/** Facts that name one purchase: any of them, with nothing against, can make a match. */
const identifying: ReadonlySet<Kind> = new Set(['id', 'order', 'near-order', 'auth']);
/** A unique candidate at or above this, with independent facts agreeing, is matched. */
export const MATCH_CONFIDENCE = 0.5;
/** Below a match, but enough to ask the merchant among a few. */
const ASK_CONFIDENCE = 0.3;
/** Another shop's name on the receipt, or another order number: the purchase is likely another. */
const AGAINST = { shop: 0.6, order: 0.5, card: 0.5 } as const;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longDate = (ymd: number): string =>
  `${ymd % 100} ${months[(Math.floor(ymd / 100) % 100) - 1]} ${Math.floor(ymd / 10000)}`;
const dollars = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN']);

export interface Scored {
  c: MatchCandidate;
  confidence: number;
  kinds: Set<Kind>;
  /** What agreed, in reading order: "Order ORD-48213", "$129.00", "6 Oct 2026". */
  agreed: string[];
  /** What speaks against: "the receipt is from BOB'S DINER, not CORNER SHOP". */
  against: string[];
  /** Enough independent facts agree for a match, and no other shop issued the receipt. */
  enough: boolean;
}

/** Whether two keys differ in one character at most (one misread glyph), same length. */
function oneOff(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < 5) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++;
  return differ <= 1;
}

function has(facts: ReceiptFacts, value: string | null | undefined): boolean {
  const k = value ? shapeKey(value) : '';
  return k.length >= 5 && facts.tokens.has(k);
}

/** The order's verdict: printed (by its significant part), printed with one glyph misread,
 * another order printed, or nothing said. */
function orderVerdict(facts: ReceiptFacts, order: string): 'same' | 'near' | 'other' | undefined {
  const core = orderCore(order);
  if (core.length < 4) return has(facts, order) ? 'same' : undefined;
  const labelled = facts.orders.map(orderCore);
  if (labelled.includes(core) || has(facts, order)) return 'same';
  // An unlabelled token that is the order with its own prefix ("ORD 40449" split by OCR).
  if ([...facts.tokens].some((t) => t.endsWith(core) && orderCore(t) === core && /[A-Z]/.test(t))) return 'same';
  if (labelled.some((o) => oneOff(o, core))) return 'near';
  return labelled.length > 0 ? 'other' : undefined;
}

// Words that say what kind of company, not which one.
const generic = new Set(['THE', 'AND', 'LLC', 'INC', 'LTD', 'GMBH', 'SARL', 'CORP', 'COMPANY', 'SHOP', 'STORE']);
const wordsOf = (s: string): string[] =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’]/g, '')
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length >= 3 && !generic.has(w) && /[A-Z]/.test(w));
const sameWord = (a: string, b: string): boolean => {
  const x = shapeKey(a);
  const y = shapeKey(b);
  return x === y || (x.length >= 5 && oneOff(x, y));
};
/** A word a person would read as a word: letters, a vowel, not a run of consonants (OCR noise). */
const plausible = (w: string): boolean => /^[A-Z]{3,}$/.test(w) && /[AEIOUY]/.test(w) && !/[^AEIOUY]{5}/.test(w);

/** Whether the receipt's head names this merchant (its profile's name, the transaction's
 * descriptor): yes, no (it plainly names another shop), or nothing can be told. */
function shopVerdict(
  facts: ReceiptFacts,
  names: readonly string[],
): { says: 'ours' | 'other'; name: string } | undefined {
  const ours = names.map(wordsOf).filter((w) => w.length > 0);
  if (ours.length === 0 || facts.head.length === 0) return undefined;
  const head = facts.head.flatMap(wordsOf);
  for (const [i, words] of ours.entries()) {
    const found = words.filter((w) => head.some((h) => sameWord(w, h))).length;
    if (found * 2 >= words.length) return { says: 'ours', name: names.filter((n) => wordsOf(n).length)[i]! };
  }
  if (ours.flat().some((w) => head.some((h) => sameWord(w, h)))) return undefined;
  const first = facts.head[0]!;
  return wordsOf(first).filter(plausible).length >= 2 ? { says: 'other', name: first } : undefined;
}

/** The merchant's shop as its profile describes it: the names it trades under, its address. */
export interface OurShop {
  names: readonly string[];
  address?: string | undefined;
}

function score(facts: ReceiptFacts, c: MatchCandidate, shopNames: readonly string[], ours?: StreetAddress): Scored {
  const agreed: string[] = [];
  const against: string[] = [];
  const kinds = new Set<Kind>();
  let miss = 1;
  const agree = (k: Kind, what: string) => {
    miss *= 1 - WEIGHT[k];
    kinds.add(k);
    agreed.push(what);
  };
  if (has(facts, c.id)) agree('id', `the chargeback ID ${c.id}`);
  else if (has(facts, c.txn)) agree('id', `the transaction ID ${c.txn}`);
  const order = c.order ? orderVerdict(facts, c.order) : undefined;
  if (order === 'same') agree('order', `Order ${c.order}`);
  // One glyph off (a hex order's b/6): a misread, not another purchase; it counts for less.
  if (order === 'near') agree('near-order', `Order ${c.order} (one character read differently)`);
  if (has(facts, c.authCode)) agree('auth', `authorization code ${c.authCode}`);
  const amount = facts.amounts.find((a) => {
    if (a.currency && a.currency !== c.currency) return false;
    if (a.dollar && !dollars.has(c.currency)) return false;
    // A receipt prints the currency's own decimals; "129" is not 129.00 unless the currency has none.
    if (currencyExponent(c.currency) > 0 && !a.value.includes('.')) return false;
    return majorToMinor(a.value, c.currency) === c.total;
  });
  if (amount) agree('amount', amount.currency || amount.dollar ? amount.text : formatAmount(c.total, c.currency));
  const day: PrintedDate | undefined = facts.dates.find((d) => c.dates.includes(d.ymd));
  if (day) agree('date', `on ${longDate(day.ymd)}`);
  if (c.last4 && facts.last4.includes(c.last4)) agree('last4', `the card ending ${c.last4}`);
  const shop = shopVerdict(facts, [...shopNames, ...(c.descriptor ? [c.descriptor] : [])]);
  // The address printed under the name: the merchant's own supports "this is our receipt" as the
  // name does (one fact, not two: both say which shop); another shop's is a reason against, and a
  // word the names share ("DINER") then says nothing.
  const address = facts.address && ours ? compareAddress(facts.address, ours) : undefined;
  const ourName = shop?.says === 'ours' && address !== 'other';
  if (ourName || address === 'ours')
    agree(
      'shop',
      [
        ourName ? `your shop's name (${shop.name})` : '',
        address === 'ours' ? `your shop's address (${facts.address!.text})` : '',
      ]
        .filter(Boolean)
        .join(' and '),
    );
  let confidence = 1 - miss;
  if (shop?.says === 'other') {
    const yours = shopNames[0] ?? c.descriptor;
    against.push(`the receipt is from ${shop.name}${yours ? `, not ${yours}` : ''}`);
    confidence *= AGAINST.shop;
  }
  if (address === 'other') {
    against.push(`it gives the address ${facts.address!.text}, not yours (${ours!.text})`);
    confidence *= AGAINST.shop;
  }
  // The card printed is another card than the transaction's: another purchase.
  if (c.last4 && facts.last4.length > 0 && !facts.last4.includes(c.last4)) {
    against.push(`it shows the card ending ${facts.last4[0]}, not ${c.last4}`);
    confidence *= AGAINST.card;
  }
  if (order === 'other') {
    against.push(`it shows another order number, not ${c.order}`);
    confidence *= AGAINST.order;
  }
  const named = [...kinds].some((k) => identifying.has(k));
  const corroborated = kinds.has('amount') && ['date', 'last4', 'shop'].filter((k) => kinds.has(k as Kind)).length >= 2;
  const enough = named || (corroborated && against.length === 0);
  return { c, confidence, kinds, agreed, against, enough };
}

function phrase(agreed: readonly string[]): string {
  const dated = agreed.filter((a) => !a.startsWith('on '));
  const on = agreed.find((a) => a.startsWith('on '));
  const list =
    dated.length > 1 ? `${dated.slice(0, -1).join(', ')} and ${dated[dated.length - 1]}` : (dated[0] ?? 'The date');
  return `${list}${on ? ` ${on}` : ''}`;
}
const but = (against: readonly string[]): string => (against.length ? `, but ${against.join(' and ')}` : '');

/** Every candidate scored, best first (for the review's suggestions and the bench). */
export function scoreAll(
  facts: ReceiptFacts,
  candidates: readonly MatchCandidate[],
  shop: OurShop = { names: [] },
): Scored[] {
  const ours = shop.address ? parseShopAddress(shop.address) : undefined;
  return (
    candidates
      .map((c) => score(facts, c, shop.names, ours))
      // The shop's own name fits every chargeback alike: alone, it points at none.
      .filter((s) => [...s.kinds].some((k) => k !== 'shop'))
      .sort((a, b) => b.confidence - a.confidence)
  );
}

/** `shop`: the merchant's own names and address (its profile's); each candidate adds its
 * transaction's descriptor to the names. */
export function matchContent(
  facts: ReceiptFacts,
  candidates: readonly MatchCandidate[],
  shop: OurShop = { names: [] },
): FileMatch {
  const scored = scoreAll(facts, candidates, shop);
  const top = scored[0];
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const why = top ? { agreed: top.agreed, against: top.against } : {};
  if (!top || top.confidence < ASK_CONFIDENCE) {
    const seen = [totalOf(facts)?.text, facts.dates[0] ? longDate(facts.dates[0].ymd) : undefined].filter(Boolean);
    const fits = top ? ` ${phrase(top.agreed)} fit ${top.c.id}${but(top.against)}.` : '';
    return {
      status: 'unmatched',
      reason:
        (seen.length ? `The scan shows ${seen.join(' and ')}, but ` : 'The scan was read, but ') +
        `nothing on it matches a chargeback's transaction.${fits} Assign it by hand.`,
      ...why,
    };
  }
  // Another shop's receipt whose amount and date coincide is no candidate at all.
  // A chargeback of the same day fits the shop's own receipt by its date alone: no rival either.
  const close = scored.filter(
    (s) =>
      s.confidence >= ASK_CONFIDENCE &&
      top.confidence - s.confidence < 0.2 &&
      (s.enough || !s.against.length) &&
      [...s.kinds].some((k) => k !== 'shop' && k !== 'date'),
  );
  if (close.length === 0)
    return {
      status: 'unmatched',
      reason: `${phrase(top.agreed)} fit ${top.c.id}${but(top.against)}. Assign it by hand if it is yours.`,
      ...why,
    };
  if (top.confidence >= MATCH_CONFIDENCE && close.length === 1 && top.enough) {
    const reason = top.kinds.has('id')
      ? `This scan shows ${phrase(top.agreed)}${but(top.against)}.`
      : `${phrase(top.agreed)} match this chargeback's transaction${but(top.against)}.`;
    return {
      status: 'matched',
      chargebackId: top.c.id,
      rule: 'content',
      confidence: Math.round(top.confidence * 100) / 100,
      reason: `${reason} (read from the scan, ${pct(top.confidence)} sure)`,
      ...why,
    };
  }
  if (close.length > 5)
    return {
      status: 'unmatched',
      reason:
        `${phrase(top.agreed)} on this scan fit ${close.length} ` +
        'chargebacks; nothing on it tells them apart. Assign it by hand.',
      ...why,
    };
  if (close.length === 1)
    // One candidate, but not enough to send evidence on: the merchant checks it.
    return {
      status: 'ambiguous',
      candidates: [top.c.id],
      reason: `Only ${phrase(top.agreed)} fit ${top.c.id}${but(top.against)}; nothing else on the scan confirms it. Check it and choose.`,
      ...why,
    };
  return {
    status: 'ambiguous',
    candidates: close.map((s) => s.c.id),
    reason: `${phrase(top.agreed)} on this scan fit ${close.length} chargebacks; choose one.`,
    ...why,
  };
}
