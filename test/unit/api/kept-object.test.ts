// keptObject (shared/api/primitives.ts) reads a service record as zod's looseObject does (the
// fields the app reads checked, every other field kept as received), but makes it in one go. Its
// oracle here is looseObject itself, over the recorded shapes of the real service and the
// mistakes a record can carry; and what it is for, a record V8 keeps as an object with fast
// properties rather than as a hash table, is checked directly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { z } from 'zod';
import { recordedRecords as recorded } from '../../support/recorded.ts';
import { keptObject, intLike, flag01, optionalText, timestamp, id } from '../../../shared/api/primitives.ts';
import {
  chargebackSchema,
  expandedChargebackSchema,
  txnSchema,
  entrySchema,
  chargebackStatusRecordSchema,
} from '../../../shared/api/index.ts';

// Fields of every kind the record schemas use: checked, converted, defaulted, optional, nested.
const shape = {
  id,
  created: timestamp.nullish(),
  total: intLike.nullish(),
  swiped: flag01.nullish(),
  first: optionalText,
  order: optionalText,
  inactive: flag01.default(0),
  ChargebackRef: optionalText.optional(),
  payment: z.union([z.string(), keptObject({ id: z.string().min(1) }), z.null()]).optional(),
};
const kept = keptObject(shape);
const loose = z.looseObject({
  ...shape,
  payment: z.union([z.string(), z.looseObject({ id: z.string().min(1) }), z.null()]).optional(),
});

const problems = (r: { success: boolean; error?: z.ZodError }): string[] =>
  r.error ? r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) : [];

test('a record reads as a loose object reads it: the recorded transactions and every mistake a record can carry', () => {
  const txns = [...recorded('txns'), ...recorded('txns-expanded')];
  assert.ok(txns.length >= 3);
  const cases: unknown[] = [...txns];
  const t = txns[0]!;
  cases.push(
    { ...t, total: '2500' }, // converted
    { ...t, total: 'lots' }, // refused
    { ...t, swiped: 'maybe' }, // refused
    { ...t, id: '' }, // refused by its own check
    { ...t, payment: { id: 't1_pay_1', extra: 1 } }, // nested record, its unknown field kept
    { ...t, payment: { id: 7 } }, // nested record refused: the path names it
    { ...t, payment: { id: '' } }, // refused by a check that lets the parse go on: the union still names it
    { ...t, payment: 42 }, // no branch of the union reads it
    { id: 't1_txn_min' }, // defaults for what was left out
    'a string',
    null,
    [t],
    42,
  );
  for (const raw of cases) {
    const a = kept.safeParse(raw);
    const b = loose.safeParse(raw);
    const what = JSON.stringify(raw)?.slice(0, 60);
    assert.equal(a.success, b.success, what);
    if (a.success && b.success) assert.deepEqual(a.data, b.data, what);
    else assert.deepEqual(problems(a), problems(b), what);
  }
});

test('a field the app does not read is the very value received; a key "__proto__" is left out as zod leaves it', () => {
  const raw = JSON.parse('{"id":"t1_txn_1","nested":{"a":[1,2]},"__proto__":{"polluted":true}}') as object;
  const r = kept.parse(raw);
  assert.equal(r.nested, (raw as { nested: unknown }).nested);
  assert.equal(Object.hasOwn(r, '__proto__'), false);
  assert.equal(Object.getPrototypeOf(r), Object.prototype);
  assert.equal(({} as { polluted?: boolean }).polluted, undefined);
  assert.deepEqual(r, loose.parse(raw));
});

test('fields come in the order received, those left out and defaulted last', () => {
  const r = kept.parse({ order: 'O-1', zeta: 1, id: 't1_txn_1', alpha: 2 });
  assert.deepEqual(Object.keys(r).slice(0, 4), ['order', 'zeta', 'id', 'alpha']);
  assert.deepEqual(Object.keys(r).slice(4).sort(), ['ChargebackRef', 'first', 'inactive']);
});

test('records are made whole: V8 keeps them with fast properties, where a loose object of as many fields is a hash table', () => {
  setFlagsFromString('--allow-natives-syntax');
  const fast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
  setFlagsFromString('--no-allow-natives-syntax');
  const txn = recorded('txns')[0]!;
  // The test can fail: zod's loose object makes this record a hash table.
  assert.equal(fast(loose.parse(txn)), false);
  assert.equal(fast(kept.parse(txn)), true);
  assert.equal(fast(txnSchema.parse(txn)), true);
  for (const c of recorded('chargebacks')) assert.equal(fast(chargebackSchema.parse(c)), true, String(c.id));
  for (const s of recorded('chargebackStatuses'))
    assert.equal(fast(chargebackStatusRecordSchema.parse(s)), true, String(s.id));
  const entry = entrySchema.parse({
    id: 't1_ent_1',
    event: 21,
    amount: -2500,
    chargeback: { ...recorded('chargebacks')[0]!, txn: txn },
  });
  assert.equal(fast(entry), true);
  assert.equal(typeof entry.chargeback === 'object' && entry.chargeback !== null && fast(entry.chargeback), true);
});

test('a transaction refused inside an expanded chargeback is named by its field, as before', () => {
  const [txn] = recorded('txns');
  const cb = { ...recorded('chargebacks')[0]!, txn: { ...txn, total: 2.5 } };
  const r = expandedChargebackSchema.safeParse(cb);
  assert.equal(r.success, false);
  assert.deepEqual(problems(r), ['txn.total: expected an integer']);
  const blank = expandedChargebackSchema.safeParse({ ...cb, txn: { ...txn, id: '' } });
  assert.deepEqual(problems(blank), ['txn.id: an ID cannot be empty']);
});
