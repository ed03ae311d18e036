// Amounts beyond 2^53 are never read as a neighbouring amount: JavaScript cannot hold them exactly,
// so the record is skipped and reported (record by record, the rest of the page kept), whether the
// amount came as a JSON number (already rounded by JSON.parse) or as a string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chargebackSchema, entrySchema, intLike, numberLike } from '../../../shared/api/index.ts';
import { parseRecords } from '../../../electron/api/parse-records.ts';

const cb = (id: string, total: unknown) => ({
  id,
  total,
  cycle: 'first',
  currency: 'USD',
  reason: 'Merchandise not received',
  reasonCode: '13.1',
  status: 'open',
});

test('integers: up to 2^53 − 1 read exactly; beyond it refused as number or string, never rounded', () => {
  assert.equal(intLike.parse(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  assert.equal(intLike.parse('9007199254740991'), 9007199254740991);
  assert.equal(intLike.parse('-4999'), -4999);
  for (const v of ['9007199254740993', '-9007199254740993', '90071992547409930', 2 ** 53, -(2 ** 60)]) {
    const r = intLike.safeParse(v);
    assert.equal(r.success, false, String(v));
    assert.match(r.error!.issues[0]!.message, /too large to be read exactly/);
  }
});

test('ledger amounts with decimals: beyond 2^53 refused, ordinary ones kept to the thousandth', () => {
  assert.equal(numberLike.parse('-4999.125'), -4999.125);
  for (const v of ['9007199254740993.25', 9007199254740994, '-12345678901234567890', 1e300])
    assert.equal(numberLike.safeParse(v).success, false, String(v));
});

test('a chargeback or an entry with such an amount is skipped and reported; the rest of the page is kept', () => {
  // As the service would send it: JSON text, its number parsed by JSON.parse.
  const page = JSON.parse(
    `[${JSON.stringify(cb('t1_chb_ok', 4999))}, ${JSON.stringify(cb('t1_chb_str', '9007199254740993'))}, ` +
      `${JSON.stringify(cb('t1_chb_num', 0)).replace('"total":0', '"total":9007199254740993')}]`,
  ) as unknown[];
  const { records, invalid } = parseRecords(chargebackSchema, page);
  assert.deepEqual(
    records.map((r) => [r.id, r.total]),
    [['t1_chb_ok', 4999]],
  );
  assert.deepEqual(
    invalid.map((i) => i.id),
    ['t1_chb_str', 't1_chb_num'],
  );
  for (const i of invalid) assert.match(i.problem, /^total: the number is too large to be read exactly/);
  const entries = parseRecords(entrySchema, [
    { id: 't1_etr_ok', event: 11, amount: '-4999.125', chargeback: 't1_chb_ok' },
    { id: 't1_etr_big', event: 11, amount: '-9007199254740993.5', chargeback: 't1_chb_ok' },
  ]);
  assert.deepEqual(
    entries.records.map((e) => e.amount),
    [-4999.125],
  );
  assert.deepEqual(
    entries.invalid.map((i) => i.id),
    ['t1_etr_big'],
  );
});
