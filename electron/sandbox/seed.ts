// A deterministic portfolio: same seed and anchor date, same data. Dates are relative to the
// anchor (default: today) so deadlines always spread from overdue to weeks away.
import { createRng, type Rng } from './prng.ts';
import { newId } from './ids.ts';
import { entryRecord } from './entry-record.ts';
import { reasonCodes } from '../../shared/domain/reason-codes.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';
import { fromUsd } from './demo-money.ts';
import { platformCodes } from '../../shared/domain/labels.ts';
import { addDays, formatRecordTimestamp, ymdToInt, type Ymd } from '../../shared/domain/dates.ts';
import type { SandboxDb } from './db.ts';

export interface SeedOptions {
  seed: number;
  chargebacks: number;
  entries?: number;
  anchor: Ymd;
  merchant: string;
  /** Nothing is dated after this instant. */
  now: Date;
}

const currencies: Array<[string, number]> = [
  ['USD', 55],
  ['EUR', 10],
  ['GBP', 6],
  ['JPY', 8],
  ['CAD', 6],
  ['AUD', 5],
  ['BHD', 5],
  ['KWD', 5],
];
const firstNames = [
  'Ana',
  'Ben',
  'Chloe',
  'Dmitri',
  'Emma',
  'Farah',
  'Gus',
  'Hana',
  'Ivan',
  'Jules',
  'Kofi',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
];
const lastNames = [
  'Lima',
  'Okafor',
  'Schmidt',
  'Tanaka',
  'Novak',
  'Haddad',
  'Moreau',
  'Silva',
  'Kowalski',
  'Reyes',
  'Brennan',
  'Ito',
];
const products = [
  'Ceramic mug set',
  'Walnut cutting board',
  'Linen tote bag',
  'Espresso grinder',
  'Wool throw blanket',
  'Annual membership',
  'Cooking class (4 sessions)',
  'Leather wallet',
  'Desk lamp',
  'Gift card bundle',
];
const cities: Array<[string, string, string]> = [
  ['Springfield', 'IL', '62701'],
  ['Portland', 'OR', '97205'],
  ['Austin', 'TX', '73301'],
  ['Madison', 'WI', '53703'],
  ['Burlington', 'VT', '05401'],
];

function weighted<T>(rng: Rng, items: Array<[T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [v, w] of items) if ((r -= w) < 0) return v;
  return items[items.length - 1]![0];
}

function atDay(anchor: Ymd, days: number, rng: Rng): Date {
  const d = addDays(anchor, days);
  // Business hours Eastern, as UTC (approximate offset is fine for generated data).
  return new Date(Date.UTC(d.y, d.m - 1, d.d, 13 + rng.int(0, 8), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999)));
}

export interface SeededChargeback {
  id: string;
  total: number;
  status: string;
}

/** Writes the portfolio in one transaction (10,000 chargebacks and 50,000 entries in seconds). */
export function seedPortfolio(store: SandboxDb, opts: SeedOptions): void {
  const rng = createRng(opts.seed);
  const wantEntries = opts.entries ?? opts.chargebacks * 3;
  let entriesMade = 0;
  const entity = newId('ent', new Date(Date.UTC(opts.anchor.y - 2, 0, 1)), rng.hex(15));
  const fund = newId('fun', new Date(Date.UTC(opts.anchor.y - 2, 0, 1)), rng.hex(15));
  const login = newId('log', new Date(Date.UTC(opts.anchor.y - 2, 0, 1)), rng.hex(15));
  const moneyChargebacks: Array<{ id: string; total: number; currency: string; created: Date }> = [];

  const putEntry = (
    cbId: string,
    at: Date,
    event: number,
    amount: number,
    description: string,
    isFee: 0 | 1,
    chargeback: string | null,
  ): void => {
    const id = newId('etr', at, rng.hex(15));
    // Drawn in the order written, the opposing entry's ID before the pending one's: same seed, same data.
    const record = entryRecord({
      id,
      ts: formatRecordTimestamp(at),
      login,
      entity,
      opposingEntry: newId('etr', at, rng.hex(15)),
      fund,
      event,
      eventId: cbId,
      description,
      amount,
      isFee,
      pendingEntry: newId('per', at, rng.hex(15)),
      chargeback,
    });
    store.put('entry', id, chargeback, record);
    entriesMade++;
  };

  /** The random draws putEntry makes (three IDs), without an entry. */
  const skipEntryDraws = (): void => {
    for (let i = 0; i < 3; i++) rng.hex(15);
  };

  store.transaction(() => {
    for (let i = 0; i < opts.chargebacks; i++) {
      const rc = rng.pick(reasonCodes);
      const currency = weighted(rng, currencies);
      // The cents are drawn only for currencies that have them, as always (the same seed draws
      // the same numbers): the dollar amount is then converted (demo-money.ts).
      const usd = rng.int(5, 900) + (currencyExponent(currency) > 0 ? rng.int(0, 99) / 100 : 0);
      const total = fromUsd(usd, currency);
      const statusRoll = rng.next();
      const status = statusRoll < 0.66 ? 'open' : statusRoll < 0.76 ? 'won' : statusRoll < 0.87 ? 'lost' : 'closed';
      // Open ones spread over deadlines: overdue, due within days, in one or two weeks, weeks away.
      const dueIn =
        status === 'open'
          ? weighted(rng, [
              [rng.int(-6, -1), 12],
              [rng.int(0, 3), 22],
              [rng.int(4, 14), 30],
              [rng.int(15, 45), 36],
            ])
          : rng.int(-60, -5);
      const createdDay = Math.min(dueIn - rng.int(10, 30), -1);
      const created = atDay(opts.anchor, createdDay, rng);
      const issued = addDays(opts.anchor, createdDay);
      const cycle =
        status === 'open'
          ? weighted(rng, [
              ['first', 60],
              ['retrieval', 10],
              ['preArbitration', 10],
              ['representment', 8],
              ['arbitration', 6],
              ['responseToIssuerPreArbitration', 6],
            ])
          : status === 'won'
            ? weighted(rng, [
                ['reversal', 60],
                ['arbitrationWon', 40],
              ])
            : status === 'lost'
              ? weighted(rng, [
                  ['arbitrationLost', 40],
                  ['merchantDeclinedPreArbitration', 30],
                  ['first', 30],
                ])
              : weighted(rng, [
                  ['representment', 50],
                  ['first', 50],
                ]);
      const actionable = status === 'open' && !rng.chance(0.08) ? 1 : 0;
      const id = newId('chb', created, rng.hex(15));
      const txnId = newId('txn', atDay(opts.anchor, createdDay - rng.int(5, 40), rng), rng.hex(15));
      const first = rng.pick(firstNames);
      const last = rng.pick(lastNames);
      const [city, state, zip] = rng.pick(cities);
      const personal = !rng.chance(0.15);
      const cardPresent = rc.category === 'fraud-card-present' || rng.chance(0.2);
      // The payment's day: authorized and captured that day, settled the next, funded the day
      // after, all before the chargeback. Every date is derived from this one draw (no new draws:
      // the same seed gives the same portfolio as before).
      const txnDay = createdDay - rng.int(5, 40);
      const txnCreated = atDay(opts.anchor, txnDay, rng);
      const txn = {
        id: txnId,
        created: formatRecordTimestamp(txnCreated),
        modified: formatRecordTimestamp(txnCreated),
        creator: login,
        modifier: login,
        ipCreated: '203.0.113.7',
        ipModified: '203.0.113.7',
        merchant: opts.merchant,
        token: rng.hex(32),
        payment: newId('pmt', txnCreated, rng.hex(15)),
        fortxn: null,
        fromtxn: null,
        batch: newId('bth', txnCreated, rng.hex(15)),
        subscription: null,
        type: 1,
        expiration: `${String(rng.int(1, 12)).padStart(2, '0')}${rng.int(27, 31)}`,
        currency,
        platform: rng.pick(platformCodes),
        authDate: ymdToInt(addDays(opts.anchor, txnDay)),
        authCode: rng.hex(6).toUpperCase(),
        captured: formatRecordTimestamp(txnCreated),
        settled: ymdToInt(addDays(opts.anchor, txnDay + 1)),
        settledCurrency: currency,
        settledTotal: total,
        allowPartial: 0,
        order: `ORD-${rng.int(10000, 99999)}`,
        description: rng.pick(products),
        descriptor: 'CORNER SHOP',
        terminal: cardPresent ? `T-${rng.int(100, 999)}` : null,
        terminalCapability: cardPresent ? 5 : 1,
        entryMode: cardPresent ? rng.pick([2, 5, 6]) : 1,
        origin: cardPresent ? 1 : rng.pick([2, 2, 5, 6, 3]),
        tax: 0,
        total,
        cashback: 0,
        authorization: rng.hex(8),
        approved: total,
        cvv: cardPresent ? 0 : 1,
        swiped: cardPresent ? 1 : 0,
        emv: cardPresent ? 1 : 0,
        signature: cardPresent ? rng.int(0, 1) : 0,
        unattended: 0,
        clientIp: cardPresent ? null : `198.51.100.${rng.int(2, 254)}`,
        first: personal ? first : null,
        middle: null,
        last: personal ? last : null,
        company: rng.chance(0.2) ? `${last} & Co` : null,
        email: personal ? `${first.toLowerCase()}.${last.toLowerCase()}@example.com` : null,
        address1: personal ? `${rng.int(1, 999)} Main St` : null,
        address2: null,
        city: personal ? city : null,
        state: personal ? state : null,
        zip: personal ? zip : null,
        country: 'USA',
        phone: personal ? `555-01${rng.int(10, 99)}` : null,
        mid: '000123456789',
        status: 1,
        refunded: 0,
        reserved: 0,
        misused: 0,
        checkStage: null,
        imported: 0,
        inactive: 0,
        frozen: 0,
        discount: 0,
        shipping: 0,
        duty: 0,
        pin: cardPresent ? rng.int(0, 1) : 0,
        traceNumber: rng.hex(12),
        cvvStatus: cardPresent ? null : 'matched',
        unauthReason: null,
        fee: 0,
        feeConsumed: 0,
        fundingCurrency: currency,
        authentication: null,
        authenticationId: null,
        cofType: null,
        copyReason: null,
        originalApproved: total,
        currencyConversion: null,
        serviceCode: null,
        authTokenCustomer: null,
        debtRepayment: 0,
        statement: null,
        convenienceFee: 0,
        surcharge: 0,
        channel: cardPresent ? 'pos' : 'web',
        funded: ymdToInt(addDays(opts.anchor, txnDay + 2)),
        fundingEnabled: 1,
        requestSequence: 1,
        processedSequence: 1,
      };
      store.put('txn', txnId, id, txn);
      const openStatusId = newId('chs', created, rng.hex(15));
      const ts = formatRecordTimestamp(created);
      store.put('status', openStatusId, id, {
        id: openStatusId,
        created: ts,
        modified: ts,
        creator: login,
        modifier: login,
        chargeback: id,
        chargebackMessage: null,
        status: 'open',
      });
      let lastStatusChange = openStatusId;
      let modified = created;
      if (status !== 'open') {
        const decidedAt = atDay(opts.anchor, Math.min(dueIn + rng.int(1, 4), -1), rng);
        const decisionId = newId('chs', decidedAt, rng.hex(15));
        store.put('status', decisionId, id, {
          id: decisionId,
          created: formatRecordTimestamp(decidedAt),
          modified: formatRecordTimestamp(decidedAt),
          creator: login,
          modifier: login,
          chargeback: id,
          chargebackMessage: null,
          status,
        });
        lastStatusChange = decisionId;
        modified = decidedAt;
        if (status === 'won') putEntry(id, decidedAt, 94, total, 'Chargeback reversal', 0, id);
      }
      const reply = addDays(opts.anchor, dueIn);
      store.put('chargeback', id, id, {
        id,
        created: ts,
        modified: formatRecordTimestamp(modified),
        creator: login,
        modifier: login,
        merchant: opts.merchant,
        txn: txnId,
        mid: '000123456789',
        description: rng.chance(0.3) ? '' : `${rc.text} – ${txn.description}`,
        total,
        representedTotal: cycle === 'representment' ? total : null,
        paymentMethod: rng.int(1, 7),
        cycle,
        currency,
        platform: txn.platform,
        ref: `R${rng.int(1000000, 9999999)}`,
        reason: rc.text,
        reasonCode: rc.code,
        issued: ymdToInt(issued),
        received: ymdToInt(addDays(issued, 1)),
        reply: ymdToInt(reply),
        bankRef: `BR-${rng.hex(8).toUpperCase()}`,
        [rng.chance(0.5) ? 'ChargebackRef' : 'chargebackRef']: `CB${rng.int(100000, 999999)}`,
        status,
        lastStatusChange,
        inactive: 0,
        frozen: status === 'open' && !actionable && rng.chance(0.5) ? 1 : 0,
        actionable,
        shadow: 0,
      });
      // Retrievals are fee-only events "not represented by entries" (contract, entries rules).
      // The entry's random draws are still taken, so every other record of a seed stays as it was.
      if (cycle === 'retrieval') skipEntryDraws();
      else {
        putEntry(id, created, 11, -total, `Chargeback ${rc.code}`, 0, id);
        moneyChargebacks.push({ id, total, currency, created });
      }
    }
    // Fees and stage entries up to the wanted count: a chargeback fee, representment and
    // (pre-)arbitration events, spread over the portfolio. Each fee is drawn in US cents and
    // booked in its chargeback's currency (demo-money.ts).
    let k = 0;
    while (entriesMade < wantEntries && moneyChargebacks.length > 0) {
      const cb = moneyChargebacks[k % moneyChargebacks.length]!;
      const at = new Date(Math.min(cb.created.getTime() + rng.int(1, 20) * 3_600_000, opts.now.getTime() - 60_000));
      const kind = rng.next();
      const fee = (usdCents: number): number => -fromUsd(usdCents / 100, cb.currency);
      if (kind < 0.5) putEntry(cb.id, at, 11, fee(rng.int(1500, 2500)), 'Chargeback fee', 1, cb.id);
      else if (kind < 0.75) putEntry(cb.id, at, 95, 0, 'Representment', 0, cb.id);
      else if (kind < 0.9) putEntry(cb.id, at, 87, fee(rng.int(500, 1500)), 'Pre-arbitration fee', 1, cb.id);
      else putEntry(cb.id, at, 20, fee(rng.int(2500, 5000)), 'Arbitration fee', 1, cb.id);
      k++;
    }
  });
}
