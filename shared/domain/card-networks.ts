// The card networks by name, and the one rule that tells a chargeback's network from its reason
// code's form. The contract numbers the networks (1 to 4, in this order); the codes say which is
// which: Visa's are 10.x to 13.x (the core API sends them prefixed, `V1040`), Mastercard's four
// digits from 48, American Express's a letter and two digits (`F29`, `C08`; its programmes `FR2`),
// Discover's two letters (`AT`, `RG`), `UA` and two digits, or `RN2`. A code of none of these forms
// names no network: the app says it does not know rather than guess. The schema is in enums.ts.

export const cardNetworks = ['visa', 'mastercard', 'amex', 'discover'] as const;
export type CardNetwork = (typeof cardNetworks)[number];

const names: Record<CardNetwork, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** What a chargeback whose code names no network says in its place. */
export const unknownNetworkName = 'Card network unknown';

/** The network's name as merchants know it, or "Card network unknown". */
export function networkName(n: CardNetwork | null | undefined): string {
  return n ? names[n] : unknownNetworkName;
}

const forms: readonly (readonly [CardNetwork, RegExp])[] = [
  ['visa', /^(1[0-3])\.\d{1,2}$/],
  ['visa', /^V1[0-3]\.?\d{1,2}$/],
  ['mastercard', /^48\d{2}$/],
  ['amex', /^[A-Z]\d{2}$/],
  ['amex', /^FR\d$/],
  ['discover', /^[A-Z]{2}$/],
  ['discover', /^UA\d{2}$/],
  ['discover', /^RN\d$/],
];

/** The network a reason code belongs to, by its form (trimmed, any case), or undefined. */
export function cardNetworkOf(code: string | null | undefined): CardNetwork | undefined {
  const c = (code ?? '').trim().toUpperCase();
  return forms.find(([, form]) => form.test(c))?.[0];
}

/** The contract's number for a network (what the store and older saved filters keep). */
export function networkNumber(n: CardNetwork): number;
export function networkNumber(n: CardNetwork | undefined): number | null;
export function networkNumber(n: CardNetwork | undefined): number | null {
  return n ? cardNetworks.indexOf(n) + 1 : null;
}

/** A network as stored or saved: its name, or the contract's number an older version saved. */
export function networkFromSaved(v: string | number | null | undefined): CardNetwork | undefined {
  if (typeof v === 'number') return cardNetworks[v - 1];
  return (cardNetworks as readonly unknown[]).includes(v) ? (v as CardNetwork) : undefined;
}
