// The worklist's numbers (issue 21): a total across currencies in the merchant's main currency by
// dated reference rates, shown with the rates; amount sort by worth (KWD 779.270 above $787.59);
// search by the reason code and the amount as the window shows them; CSV in major units, ISO dates
// and words; reminders counted to the send-by date.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../../electron/store/index.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import {
  convertedTotal,
  convertMinor,
  describeRatesAge,
  referenceRatesDate,
} from '../../../shared/domain/reference-rates.ts';
import { searchAlternatives } from '../../../shared/domain/inbox-search.ts';
import { toCsv } from '../../../electron/export/csv.ts';
import { inboxCsvColumns } from '../../../electron/export/worklist-csv.ts';
import { dueReminders } from '../../../electron/sync/reminders.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'core', url: 'https://x.example' };
const now = new Date('2026-11-20T15:00:00Z'); // Friday

const cb = (id: string, fields: Record<string, unknown>) =>
  chargebackSchema.parse({
    id,
    total: 4999,
    cycle: 'first',
    reasonCode: 'V1301',
    reason: 'Services not provided or merchandise not received',
    status: 'open',
    actionable: 1,
    currency: 'USD',
    reply: 20261210,
    modified: '2026-11-01 10:00:00.0000',
    ...fields,
  });

function seeded() {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.portfolio.upsertChargebacks('p1', [
    cb('usd', { total: 78759, reasonCode: 'V1304' }),
    cb('kwd', { total: 779270, currency: 'KWD', reasonCode: '4837' }),
    cb('jpy', { total: 12000, currency: 'JPY', reasonCode: 'V1301', cycle: 'preArbitration' }),
    cb('won', { status: 'won', actionable: 0, reply: 20261101, total: 1000 }),
  ]);
  return store;
}

test('a total across currencies in the main currency, approximately, with every rate used', () => {
  const t = convertedTotal(
    [
      { currency: 'USD', total: 78759 },
      { currency: 'KWD', total: 779270 },
      { currency: 'JPY', total: 12000 },
      { currency: 'XTS', total: 500 },
    ],
    'USD',
  );
  // 787.59 + 779.270 × 3.27 + 12,000 × 0.0069 = 787.59 + 2,548.21 + 82.80.
  assert.equal(t.total, 341860);
  assert.deepEqual(
    t.rates.map((r) => r.text),
    ['1 KWD = $3.27', '100 JPY = $0.69'],
  );
  assert.deepEqual(t.missing, ['XTS'], 'a currency without a rate is named, never guessed');
  assert.match(referenceRatesDate, /^\d{4}-\d{2}$/, 'the rates say when they were read');
  // "reference rates of 2025-06" did not say they were 17 months old: the age is said with the month.
  const walkDay = new Date('2026-11-26T12:00:00Z');
  assert.equal(describeRatesAge(walkDay, '2025-06'), 'rates of June 2025, approximate (17 months old)');
  assert.equal(
    describeRatesAge(new Date('2025-07-02T00:00:00Z'), '2025-06'),
    'rates of June 2025, approximate (1 month old)',
  );
  assert.equal(
    describeRatesAge(new Date('2025-06-20T00:00:00Z'), '2025-06'),
    'rates of June 2025, approximate (this month)',
  );
  assert.equal(
    describeRatesAge(new Date('2028-01-01T00:00:00Z'), '2025-06'),
    'rates of June 2025, approximate (2 years old)',
  );
  // In euros: each amount converted through the same table.
  assert.equal(convertMinor(115, 'USD', 'EUR'), 100);
  assert.equal(convertedTotal([{ currency: 'EUR', total: 1000 }], 'EUR').rates.length, 0);
});

test('amount sort ranks by worth: KWD 779.270 above $787.59 and ¥12,000 below both', () => {
  const store = seeded();
  const ids = (dir: 'asc' | 'desc') =>
    store.portfolio
      .listWorklist({ profileId: 'p1', now, sort: 'amount', dir, collapsed: ['decided'] })
      .rows.map((r) => r.id);
  assert.deepEqual(ids('desc'), ['kwd', 'usd', 'jpy']);
  assert.deepEqual(ids('asc'), ['jpy', 'usd', 'kwd']);
  store.close();
});

test('search finds the reason code as the tables write it and the amount as displayed', () => {
  const store = seeded();
  const search = (q: string) =>
    store.portfolio
      .listWorklist({ profileId: 'p1', now, search: q })
      .rows.map((r) => r.id)
      .sort();
  assert.deepEqual(search('13.1'), ['jpy', 'won'], 'the page title says 13.1; the core service stored V1301');
  assert.deepEqual(search('13.4'), ['usd']);
  assert.deepEqual(search('$787.59'), ['usd']);
  assert.deepEqual(search('KWD 779.270'), ['kwd']);
  assert.deepEqual(search('¥12,000'), ['jpy']);
  assert.deepEqual(search('$10.00'), ['won']);
  assert.deepEqual(search('$1.00'), [], 'no amount of one dollar');
  assert.deepEqual(searchAlternatives('10.00'), ['10.00'], '"10.00" must not find ¥1,000');
  store.close();
});

test('the inbox CSV: major units beside the currency, ISO dates, stage and status words, send-by', () => {
  const store = seeded();
  const rows = store.portfolio.worklistAll({ profileId: 'p1', now, sendByBusinessDays: 5 });
  const [head, ...lines] = toCsv(inboxCsvColumns, rows).trimEnd().split('\r\n');
  assert.equal(
    head,
    'section,chargeback,status,stage,deadline,send by,reply by,days left,reason code,reason,' +
      'amount,currency,customer,email,order,transaction',
  );
  const byId = new Map(lines.map((l) => [l.split(',')[1], l.split(',')]));
  const kwd = byId.get('kwd')!;
  assert.deepEqual(kwd.slice(2, 9), [
    'Open',
    'First chargeback',
    '13 days to send',
    '2026-12-03',
    '2026-12-10',
    '20',
    '4837',
  ]);
  assert.deepEqual(kwd.slice(10, 12), ['779.270', 'KWD']);
  assert.deepEqual(byId.get('usd')!.slice(10, 12), ['787.59', 'USD']);
  assert.deepEqual(byId.get('jpy')!.slice(10, 12), ['12000', 'JPY']);
  assert.equal(byId.get('jpy')![8], '13.1');
  assert.notEqual(byId.get('jpy')![3], 'preArbitration');
  const won = byId.get('won')!;
  assert.deepEqual(won.slice(2, 5), ['Won', 'First chargeback', 'Won'], 'decided: its outcome, never overdue');
  store.close();
});

test('reminders count to the send-by date; overdue stays the reply date', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  // Reply Thu 2026-12-10; 5 business days before it: Thu 2026-12-03.
  store.portfolio.upsertChargebacks('p1', [cb('a', { reply: 20261210 })]);
  const at = (iso: string) =>
    dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], new Date(iso), 5).map(
      (r) => `${r.chargebackId}:${r.threshold}:${r.title}`,
    );
  assert.deepEqual(at('2026-11-25T15:00:00Z'), [], '8 days to send');
  assert.deepEqual(at('2026-11-26T15:00:00Z'), ['a:7:Send by 2026-12-03: 7 days to send']);
  assert.deepEqual(at('2026-11-30T15:00:00Z'), ['a:3:Send by 2026-12-03: 3 days to send']);
  assert.deepEqual(at('2026-12-03T15:00:00Z'), ['a:1:Send by 2026-12-03: send today']);
  assert.deepEqual(at('2026-12-09T15:00:00Z'), [], 'past the send-by date, every threshold fired');
  assert.deepEqual(at('2026-12-11T15:00:00Z'), ['a:-1:Overdue: chargeback $49.99']);
  store.close();
});

test('a chargeback first seen past its send-by date is reminded once, saying what is left to the reply date', () => {
  const store = openStore(':memory:');
  store.profiles.save(profile);
  store.portfolio.upsertChargebacks('p1', [cb('late', { reply: 20261124 })]);
  const fired = dueReminders(store.database, store.portfolio, 'p1', [7, 3, 1], now, 5);
  assert.deepEqual(
    fired.map((r) => [r.threshold, r.title]),
    [[1, 'Send by 2026-11-17: send now, 4 days to the reply date']],
  );
  assert.match(fired[0]!.body, /Send by 2026-11-17; the reply date is 2026-11-24\./);
  store.close();
});
