// How a person compares codes read off paper: letters and digits of the same shape (O/Q/0,
// I/l/1, S/5, B/8, Z/2) are one, and an order number is its significant part, whatever prefix,
// `#`, spaces or leading zeros it is printed with. Shared: the batch matcher reads receipts with
// it, and the batch review finds the chargeback a merchant types by its order number.

/** An order number by its significant part: "Order #0040449", "ORD-40449" and "ord 40449" are one
 * order. A leading prefix with a letter in it (ORD, INV, #) and leading zeros are dropped, then
 * look-alikes are folded; a number with no prefix stays as it is. */
export function orderCore(s: string): string {
  const u = s
    .toUpperCase()
    .trim()
    .replace(/^#+\s*/, '');
  // "ORD-40449", "INV 0412": a word with a letter, then a separator. OCR may read ORD's O as 0.
  const split = /^[A-Z0-9]*[A-Z][A-Z0-9]*[\s#:._/-]+(?=[A-Z0-9]*\d)/.exec(u);
  // "ORD40449", "0RD40449": letters (not look-alikes of digits only) straight before the number.
  const joined = split ? undefined : /^[A-Z0]*[ACDEFGHJKMNPRTUVWXY][A-Z0]*(?=\d)/.exec(u);
  const rest = u.slice((split ?? joined)?.[0].length ?? 0);
  return shapeKey(rest).replace(/^0+(?=.)/, '');
}

/** Letters and digits only, upper case, look-alikes folded together. */
export function shapeKey(s: string): string {
  return s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/[OQ]/g, '0')
    .replace(/[IL]/g, '1')
    .replace(/S/g, '5')
    .replace(/B/g, '8')
    .replace(/Z/g, '2');
}
