// What the service sends is checked record by record: a record that fails its schema, or is too
// deep or too large to handle safely, is skipped and reported (InvalidRecord), never fatal to a
// listing. Entries repeat their expanded chargeback,
// so an identical copy shares the result of the one validated before it; a chargeback with its
// transaction expanded is read as the two records it carries.
import { z } from 'zod';
import {
  chargebackSchema,
  expandedChargebackSchema,
  entrySchema,
  txnSchema,
  type Chargeback,
  type ExpandedChargeback,
  type Entry,
  type Txn,
} from '../../shared/api/index.ts';

/**
 * A schema compiled into one generated function (zod's `compile`): the same output and, on a record
 * that fails, the same issues (it hands such a record to the schema itself), with a fraction of the
 * allocations. A large first sync validates 70,000 records; validating field by field allocated
 * about 15 KB per entry, which the garbage collector then spent a third of the sync's CPU on.
 * Made once per schema; a schema zod cannot compile is used as it is.
 */
const compiledSchemas = new WeakMap<z.ZodType, z.ZodType>();
export function compiled<S extends z.ZodType>(schema: S): S {
  let fast = compiledSchemas.get(schema);
  if (!fast) compiledSchemas.set(schema, (fast = z.compile(schema)));
  return fast as S;
}

export interface InvalidRecord {
  id: string | undefined;
  problem: string;
}

/** Distinct expanded chargebacks remembered across the pages of one entries listing (about ten
 * pages' worth): a chargeback's entries arrive close together, so few are read twice. */
export const EXPANDED_REMEMBERED = 1000;

const idOf = (raw: unknown): string | undefined => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

/** Deeper than this a record is not one the service makes (an expanded entry is about five
 * levels): it is skipped before anything walks it recursively (zod, JSON.stringify in the store),
 * which a record 5,000 levels deep would overflow the stack of. */
export const MAX_RECORD_DEPTH = 32;
/** Larger than this (strings, keys and values counted) a record is skipped: the largest real
 * record, an entry with its chargeback and transaction, is a few kilobytes. */
export const MAX_RECORD_BYTES = 256 * 1024;
const TOO_LARGE = `it is larger than ${MAX_RECORD_BYTES / 1024} KB`;

/** A record's size as JSON, about (strings, keys and values counted), and why it is too deep or
 * too large to read, if it is. Stopped at the first limit crossed, so a hostile record costs no
 * more than the limit; the walk recurses at most MAX_RECORD_DEPTH calls deep, so no record can
 * overflow the stack here. It runs on every record read (60,000 in a large first sync), so it
 * allocates nothing per value. */
export function measureRecord(raw: unknown, depth = 1): { bytes: number; problem?: string } {
  let bytes = 0;
  let problem: string | undefined;
  const walk = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') bytes += value.length + 2;
    else if (value === null || typeof value !== 'object') bytes += 8;
    else {
      if (depth > MAX_RECORD_DEPTH) {
        problem = `it is nested more than ${MAX_RECORD_DEPTH} levels deep`;
        return false;
      }
      bytes += 2;
      if (Array.isArray(value)) {
        for (const v of value) if (!walk(v, depth + 1)) return false;
      } else
        for (const k in value) {
          if (!Object.hasOwn(value, k)) continue;
          bytes += k.length + 3;
          if (!walk((value as Record<string, unknown>)[k], depth + 1)) return false;
        }
    }
    if (bytes > MAX_RECORD_BYTES) {
      problem = TOO_LARGE;
      return false;
    }
    return true;
  };
  walk(raw, depth);
  return problem ? { bytes, problem } : { bytes };
}

/** What one listing page's records came to: those read, those skipped (and why) and the size of
 * those read, which the sync counts against its budget for the store. */
export interface ParsedRecords<T> {
  records: T[];
  invalid: InvalidRecord[];
  bytes: number;
}

const problemOf = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/** Equal as JSON, keys in the same order: what a schema makes of one it makes of the other. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** An expanded chargeback as read: its record (undefined when it is not one), and its size. */
export interface ExpandedRead {
  parsed: ExpandedChargeback | undefined;
  size: { bytes: number; problem?: string };
}

/**
 * Expanded entries repeat the same chargeback and its transaction (a chargeback, its fee, its
 * representment...): validating each copy was a third of a full sync's parsing, and measuring it
 * most of the rest. A chargeback received exactly as one read recently (the same JSON) shares
 * that one's result and size, which is what reading it again would give; any difference, even in
 * key order, is measured and validated afresh. It sits in an entry: its depth counts from 2.
 */
export function expandedChargebackReader(capacity: number): (raw: object, id: string) => ExpandedRead {
  const recent = new Map<string, ExpandedRead & { raw: object }>();
  return (raw, id) => {
    const known = recent.get(id);
    recent.delete(id);
    let entry = known && sameJson(known.raw, raw) ? known : undefined;
    if (!entry) {
      const size = measureRecord(raw, 2);
      const parsed = size.problem ? undefined : validOrUndefined(compiled(expandedChargebackSchema).safeParse(raw));
      entry = { raw, parsed, size };
    }
    recent.set(id, entry);
    if (recent.size > capacity) recent.delete(recent.keys().next().value!);
    return entry;
  };
}

export function validOrUndefined<T>(r: { success: true; data: T } | { success: false }): T | undefined {
  return r.success ? r.data : undefined;
}

export type ExpandedReader = ReturnType<typeof expandedChargebackReader>;

/** Entries: each validated with its chargeback's ID in place of the expanded chargeback, which
 * is validated (or shared, see above) on its own and put back. */
function parseEntries(rawData: unknown[], readExpanded: ExpandedReader): ParsedRecords<Entry> {
  return readEach(rawData, (raw) => {
    const cb = (raw as { chargeback?: unknown } | null)?.chargeback;
    const cbId = cb && typeof cb === 'object' ? idOf(cb) : undefined;
    if (cbId === undefined) return readWhole(entrySchema, raw);
    // The entry is measured without its chargeback, which is measured (or shared) on its own.
    const shell = { ...(raw as object), chargeback: cbId };
    const own = measureRecord(shell);
    const expanded = readExpanded(cb as object, cbId);
    const size = own.bytes + expanded.size.bytes;
    const tooBig = own.problem ?? expanded.size.problem ?? (size > MAX_RECORD_BYTES ? TOO_LARGE : undefined);
    if (tooBig) return { ok: false, problem: tooBig };
    const r = compiled(entrySchema).safeParse(shell);
    if (!r.success) return { ok: false, problem: problemOf(r.error) };
    if (expanded.parsed === undefined) return { ok: false, problem: 'its chargeback could not be read' };
    r.data.chargeback = expanded.parsed;
    return { ok: true, value: r.data, bytes: size };
  });
}

/** A chargeback read with its transaction expanded (`expand[txn][]`): the chargeback as the
 * unexpanded listing gives it (its `txn` the transaction's ID), and the transaction, when it came
 * as a record that reads. */
export interface ChargebackWithTxn {
  chargeback: Chargeback;
  txn: Txn | undefined;
}

/** Chargebacks with their transactions expanded. The record is measured whole (the limits hold
 * for what arrived); the chargeback is validated with the transaction's ID in its place, exactly
 * as the unexpanded listing's is, so what is stored does not depend on how it was asked for. A
 * transaction that does not read is skipped and reported on its own: the chargeback it belongs to
 * is still one to answer. */
export function parseChargebacksWithTxns(rawData: unknown[]): ParsedRecords<ChargebackWithTxn> {
  return readEach(rawData, (raw, also) => {
    const size = measureRecord(raw);
    if (size.problem) return { ok: false, problem: size.problem };
    const rawTxn = (raw as { txn?: unknown } | null)?.txn;
    const expanded = rawTxn !== null && typeof rawTxn === 'object' && !Array.isArray(rawTxn);
    // A transaction without an ID leaves the chargeback's `txn` an object, which its schema refuses.
    const shell = expanded ? { ...(raw as object), txn: idOf(rawTxn) ?? rawTxn } : raw;
    const cb = compiled(chargebackSchema).safeParse(shell);
    if (!cb.success) return { ok: false, problem: problemOf(cb.error) };
    let txn: Txn | undefined;
    if (expanded) {
      const t = compiled(txnSchema).safeParse(rawTxn);
      if (t.success) txn = t.data;
      else
        also.push({ id: idOf(rawTxn), problem: `the transaction of chargeback ${cb.data.id}: ${problemOf(t.error)}` });
    }
    return { ok: true, value: { chargeback: cb.data, txn }, bytes: size.bytes };
  });
}

/** Reads one listing page's records; made once per listing, so it may remember what earlier pages
 * of the same listing held (entries' expanded chargebacks). */
export type PageReader<T> = (rawData: unknown[]) => ParsedRecords<T>;

/** A listing's reader for records of `schema`: entries share their expanded chargebacks across the
 * listing's pages, every other kind is read record by record. */
export function pageReaderOf<S extends z.ZodType>(schema: S): PageReader<z.output<S>> {
  if (schema === (entrySchema as z.ZodType)) {
    const readExpanded = expandedChargebackReader(EXPANDED_REMEMBERED);
    return (rawData) => parseEntries(rawData, readExpanded) as ParsedRecords<z.output<S>>;
  }
  return (rawData) => parseRecords(schema, rawData);
}

export function parseRecords<S extends z.ZodType>(schema: S, rawData: unknown[]): ParsedRecords<z.output<S>> {
  if (schema === (entrySchema as z.ZodType)) return pageReaderOf(schema)(rawData);
  return readEach(rawData, (raw) => readWhole(schema, raw));
}

/** One record read: kept with its size, or refused in words. */
type RecordRead<T> = { ok: true; value: T; bytes: number } | { ok: false; problem: string };

/** Reads a page record by record: one `read` refuses is skipped and reported by its ID, the rest
 * are kept with their sizes. `also` takes a problem found beside a kept record (its transaction). */
function readEach<T>(
  rawData: unknown[],
  read: (raw: unknown, also: InvalidRecord[]) => RecordRead<T>,
): ParsedRecords<T> {
  const records: T[] = [];
  const invalid: InvalidRecord[] = [];
  let bytes = 0;
  for (const raw of rawData) {
    const r = read(raw, invalid);
    if (r.ok) {
      records.push(r.value);
      bytes += r.bytes;
    } else invalid.push({ id: idOf(raw), problem: r.problem });
  }
  return { records, invalid, bytes };
}

/** A record measured (too large, deep or wide is refused) and validated by `schema`. */
function readWhole<S extends z.ZodType>(schema: S, raw: unknown): RecordRead<z.output<S>> {
  const size = measureRecord(raw);
  if (size.problem) return { ok: false, problem: size.problem };
  const r = compiled(schema).safeParse(raw);
  return r.success ? { ok: true, value: r.data, bytes: size.bytes } : { ok: false, problem: problemOf(r.error) };
}
