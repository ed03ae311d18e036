// A shop's street address as a person compares two of them: the street number, the street's
// name (without its type: "St", "Street" and "Str." are one), and the postcode. Read from the
// merchant's profile and from the first lines of a receipt, where a shop prints its own address
// under its name. Pure; OCR look-alikes are folded (shapeKey) before comparing.
import { shapeKey } from './order-number.ts';

export interface StreetAddress {
  /** As printed, e.g. "221 Elm Road". */
  text: string;
  /** Shape key of the house number, e.g. "221"; "12A" keeps its letter. */
  number: string;
  /** Shape keys of the street name's words, its type left out: ["E1M"]. */
  street: string[];
  /** Shape key of the postcode when printed on the same line or the next: "94110", "5W1A1AA". */
  postcode?: string;
}

/** Words that say what kind of street, not which one (English, French, German, Spanish, Italian,
 * Dutch), and the small words between them. */
const streetTypes =
  'street|st|road|rd|avenue|ave|av|lane|ln|boulevard|blvd|drive|dr|way|place|pl|court|ct|square|sq|' +
  'parkway|pkwy|terrace|highway|hwy|quay|row|close|crescent|rue|chemin|allee|via|viale|piazza|calle|' +
  'avenida|plaza|paseo|strasse|str|gasse|weg|platz|allee|ring|damm|straat|laan|plein|gracht|kade';
const typeWord = new RegExp(`^(?:${streetTypes})\\.?$`, 'i');
const smallWords = new Set(['DE', 'DU', 'DES', 'LA', 'LE', 'DEL', 'DI', 'VAN', 'THE', 'OF']);

// "221 Elm Road", "12A rue de la Paix", "1450 N. Main St, Suite 3"
// (OCR reads a house number's 1 as l or I and its 0 as O: "l4 Quay St".)
const numberFirst = new RegExp(
  String.raw`^([\dlIO]{0,5}\d[\dlIO]{0,5}[A-Za-z]?)(?:[-–]\d{1,6})?,?\s+([A-Za-z][A-Za-z .'’-]{2,60})`,
);
// "Hauptstraße 12", "Keizersgracht 221", "Via Roma 3"
const nameFirst = /^([A-Za-z][A-Za-z .'’-]{2,60}?)\s+(\d{1,6}[A-Za-z]?)\b/;
// US ZIP, Canadian, British postcodes, and the four or five digits of most of Europe.
const postcodeRe =
  /\b(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|(?:[A-Z]{1,2}-)?\d{4,5})\b/;

const deaccent = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');

/** A street name's words without its type; a type glued to the name ("Hauptstrasse") is cut off. */
function streetWords(name: string): string[] {
  const words = name
    .split(/[\s.,'’-]+/)
    .filter(Boolean)
    .map((w) => w.replace(/(?:strasse|str|straat|gracht|weg|gasse|platz|laan)$/i, (t) => (t === w ? t : '')));
  const named = words.filter((w) => !smallWords.has(w.toUpperCase()) && w.length >= 2);
  const kept = named.filter((w) => !typeWord.test(w));
  // "Quay Street", "Place Road": a type word is the name when every word is one; the last is the type.
  return (kept.length ? kept : named.slice(0, -1)).map(shapeKey).filter((k) => k.length >= 2);
}

/** Whether a line names a street: a number and a name with a street type in it. */
function streetOf(line: string): Omit<StreetAddress, 'postcode'> | undefined {
  const plain = deaccent(line.trim());
  const first = numberFirst.exec(plain);
  const second = first ? undefined : nameFirst.exec(plain);
  const number = first?.[1] ?? second?.[2];
  const name = (first?.[2] ?? second?.[1])?.split(/,/)[0]?.trim();
  if (!number || !name) return undefined;
  const hasType =
    name.split(/[\s.]+/).some((w) => typeWord.test(w)) ||
    /(?:strasse|str|straat|gracht|weg|gasse|platz)\.?$/i.test(name);
  const street = streetWords(name);
  if (!hasType || street.length === 0) return undefined;
  return { text: line.trim().split(/,/)[0]!.trim(), number: shapeKey(number), street };
}

function postcodeIn(text: string): string | undefined {
  const m = postcodeRe.exec(deaccent(text).toUpperCase());
  return m ? shapeKey(m[1]!) : undefined;
}

/** The first street address among `lines` (a receipt's first lines, or the profile's address),
 * with the postcode printed on its line or the next. */
export function addressIn(lines: readonly string[]): StreetAddress | undefined {
  for (const [i, line] of lines.entries()) {
    const street = streetOf(line);
    if (!street) continue;
    const rest = line.slice(line.indexOf(',') >= 0 ? line.indexOf(',') : line.length);
    const postcode = postcodeIn(rest) ?? (lines[i + 1] ? postcodeIn(lines[i + 1]!) : undefined);
    return { ...street, ...(postcode ? { postcode } : {}) };
  }
  return undefined;
}

/** The merchant's address as typed in the profile ("221 Elm Road, Springfield IL 62704"). */
export function parseShopAddress(text: string): StreetAddress | undefined {
  return addressIn(text.split(/\n|;/).map((l) => l.trim()));
}

const oneOff = (a: string, b: string): boolean =>
  a.length === b.length && a.length >= 5 && [...a].filter((ch, i) => ch !== b[i]).length <= 1;
const sameStreet = (a: readonly string[], b: readonly string[]): boolean =>
  a.some((x) => b.some((y) => x === y || oneOff(x, y)));

/** Whether the address printed is the merchant's own ('ours'), plainly another shop's ('other'),
 * or cannot be told (OCR read the number but not the street, or the other way round). */
export function compareAddress(printed: StreetAddress, ours: StreetAddress): 'ours' | 'other' | undefined {
  const number = printed.number === ours.number;
  const street = sameStreet(printed.street, ours.street);
  const postcode = printed.postcode && ours.postcode ? printed.postcode === ours.postcode : undefined;
  if (number && street) return postcode === false ? undefined : 'ours';
  // Another number on our street is the shop next door; our number on another street, another
  // shop; neither, another shop.
  if (postcode === true && (number || street)) return undefined;
  return 'other';
}

/** Why an address typed for the profile would never be found on a receipt, in words; undefined
 * when it can be compared. */
export function shopAddressProblem(text: string): string | undefined {
  return text.trim() && !parseShopAddress(text)
    ? `no street number and street name in "${text.trim()}": give the address as your receipts print ` +
        'it, such as "221 Elm Road, Springfield 62704"'
    : undefined;
}
