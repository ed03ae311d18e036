// Cards and customers with a history, for Visa Compelling Evidence 3.0 and the customer's earlier
// orders: a separate seeding step (`cardHistories: true` when the sandbox starts) that adds, after
// the portfolio, one chargeback per scenario below with its disputed transaction and the earlier
// transactions of the same card (`payment`) or customer (`email`). The portfolio's own records
// and draws are untouched (the step has its own random stream), so a seed's chargebacks stay as
// they were; the scenarios' IDs are kept in the sandbox's meta and read with
// `cardHistoryScenarios(sandbox)`, so tests name a scenario instead of an ID.
import { z } from 'zod';
import { createRng, type Rng } from './prng.ts';
import { newId } from './ids.ts';
import { entryRecord } from './entry-record.ts';
import { txnRecord } from './txn-record.ts';
import { addDays, formatRecordTimestamp, ymdToInt, type Ymd } from '../../shared/domain/dates.ts';
import type { SandboxDb } from './db.ts';

export const cardHistoryScenarioNames = [
  /** Two undisputed purchases on the card 150 and 300 days before, same IP, email and address. */
  'qualifies',
  /** The same with the reason code stored network-prefixed (`V1040`) in both dialects. */
  'qualifiesPrefixed',
  /** Two matching purchases, 30 and 90 days before: inside 120 days. */
  'tooRecent',
  /** Two purchases in the window whose IP and email differ: only the delivery address matches. */
  'oneMatchOnly',
  /** Two matching purchases in the window; the older has its own fraud chargeback (lost). */
  'disputedPrior',
  /** Two matching purchases in the window; the newer was refunded in full (a type 5 refund). */
  'refundedPrior',
  /** A not-received chargeback (13.1) whose customer (same email) ordered three times before,
   * on two cards, none disputed. */
  'customerHistory',
] as const;

const scenarioSchema = z.object({
  /** The scenario's chargeback. */
  chargeback: z.string(),
  /** Its disputed transaction. */
  txn: z.string(),
  /** The disputed transaction's payment method. */
  payment: z.string(),
  /** The earlier transactions seeded for it, newest first (a refund record not among them). */
  priors: z.array(z.string()),
  /** The chargeback a prior has of its own, for `disputedPrior`; null otherwise. */
  priorChargeback: z.string().nullable(),
});
export const cardHistoryScenariosSchema = z.object(
  Object.fromEntries(cardHistoryScenarioNames.map((n) => [n, scenarioSchema])) as Record<
    (typeof cardHistoryScenarioNames)[number],
    typeof scenarioSchema
  >,
);
export type CardHistoryScenario = z.infer<typeof scenarioSchema>;
export type CardHistoryScenarios = z.infer<typeof cardHistoryScenariosSchema>;
type ScenarioName = (typeof cardHistoryScenarioNames)[number];

/** The Eastern day of `when` as the records' integer YYYYMMDD. */
const ymdOf = (when: Date): number => Number(formatRecordTimestamp(when).slice(0, 10).replaceAll('-', ''));

interface PriorPlan {
  daysBefore: number;
  /** Which of the disputed transaction's elements this one repeats. */
  same: { payment: boolean; ip: boolean; email: boolean; address: boolean };
  disputed?: boolean;
  refunded?: boolean;
}

const all = { payment: true, ip: true, email: true, address: true };
const plans: Record<ScenarioName, { reasonCode: string; reason: string; priors: PriorPlan[] }> = {
  qualifies: {
    reasonCode: '10.4',
    reason: 'Other fraud, card-absent',
    priors: [
      { daysBefore: 150, same: all },
      { daysBefore: 300, same: all },
    ],
  },
  qualifiesPrefixed: {
    reasonCode: 'V1040',
    reason: 'Other fraud, card-absent',
    priors: [
      { daysBefore: 130, same: all },
      { daysBefore: 240, same: all },
    ],
  },
  tooRecent: {
    reasonCode: '10.4',
    reason: 'Other fraud, card-absent',
    priors: [
      { daysBefore: 30, same: all },
      { daysBefore: 90, same: all },
    ],
  },
  oneMatchOnly: {
    reasonCode: '10.4',
    reason: 'Other fraud, card-absent',
    priors: [
      { daysBefore: 150, same: { payment: true, ip: false, email: false, address: true } },
      { daysBefore: 300, same: { payment: true, ip: false, email: false, address: true } },
    ],
  },
  disputedPrior: {
    reasonCode: '10.4',
    reason: 'Other fraud, card-absent',
    priors: [
      { daysBefore: 150, same: all },
      { daysBefore: 300, same: all, disputed: true },
    ],
  },
  refundedPrior: {
    reasonCode: '10.4',
    reason: 'Other fraud, card-absent',
    priors: [
      { daysBefore: 150, same: all, refunded: true },
      { daysBefore: 300, same: all },
    ],
  },
  customerHistory: {
    reasonCode: '13.1',
    reason: 'Merchandise/services not received',
    priors: [
      { daysBefore: 40, same: all },
      { daysBefore: 100, same: { payment: false, ip: true, email: true, address: true } },
      { daysBefore: 200, same: { payment: false, ip: false, email: true, address: true } },
    ],
  },
};

const customers: Array<[string, string, string, string, string, string]> = [
  ['Rosa', 'Delgado', '41 Birch Lane', 'Springfield', 'IL', '62704'],
  ['Tomas', 'Berg', '9 Harbor View', 'Portland', 'OR', '97209'],
  ['Aiko', 'Mori', '1200 Lamar Blvd', 'Austin', 'TX', '73301'],
  ['Liam', 'Walsh', '77 Lake St', 'Madison', 'WI', '53703'],
  ['Sofia', 'Costa', '5 Church St', 'Burlington', 'VT', '05401'],
  ['Yusuf', 'Kaya', '310 Elm Ave', 'Springfield', 'IL', '62701'],
  ['Mira', 'Patel', '88 Pearl St', 'Portland', 'OR', '97205'],
];

export interface CardHistoryOptions {
  seed: number;
  anchor: Ymd;
  merchant: string;
  login: string;
}

/** Adds the scenarios' chargebacks and transactions in one transaction; answers their IDs. */
export function seedCardHistories(store: SandboxDb, opts: CardHistoryOptions): CardHistoryScenarios {
  // Its own stream: the portfolio's draws, and so its records, stay exactly as they were.
  const rng = createRng((opts.seed * 7919 + 0xce3) >>> 0);
  const at = (day: number): Date => {
    const d = addDays(opts.anchor, day);
    return new Date(Date.UTC(d.y, d.m - 1, d.d, 14 + rng.int(0, 6), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999)));
  };
  const out = {} as Record<ScenarioName, CardHistoryScenario>;
  store.transaction(() => {
    cardHistoryScenarioNames.forEach((name, i) => {
      const plan = plans[name];
      const [first, last, address1, city, state, zip] = customers[i % customers.length]!;
      const email = `${first.toLowerCase()}.${last.toLowerCase()}@example.com`;
      const ip = `198.51.100.${10 + i * 3}`;
      const disputedDay = -30 - i;
      const disputedAt = at(disputedDay);
      const payment = newId('pmt', at(disputedDay - 400), rng.hex(15));
      const person = { first, last, email, address1, city, state, zip, country: 'USA', phone: null };
      // The shop's customer account the buyer signed in with (recorded as `authTokenCustomer`).
      const account = newId('cus', at(disputedDay - 600), rng.hex(15));
      const sale = (id: string, when: Date, total: number, p: string, more: Record<string, unknown>) =>
        txnRecord({
          id,
          ts: formatRecordTimestamp(when),
          merchant: opts.merchant,
          login: opts.login,
          payment: p,
          token: rng.hex(32),
          total,
          status: 4,
          more: {
            ipCreated: '203.0.113.7',
            ipModified: '203.0.113.7',
            batch: newId('bth', when, rng.hex(15)),
            expiration: '0929',
            platform: 'VANTIV',
            authDate: ymdOf(when),
            authCode: rng.hex(6).toUpperCase(),
            settled: ymdOf(new Date(when.getTime() + 86_400_000)),
            order: `ORD-${rng.int(10000, 99999)}`,
            description: 'Online order',
            descriptor: 'CORNER SHOP',
            entryMode: 1,
            origin: 2,
            cvvStatus: 'matched',
            channel: 'web',
            ...more,
          },
        });
      const total = rng.int(40, 400) * 100 + rng.int(0, 99);
      const txnId = newId('txn', disputedAt, rng.hex(15));
      const cbCreated = at(disputedDay + 20);
      const cbId = newId('chb', cbCreated, rng.hex(15));
      store.put(
        'txn',
        txnId,
        cbId,
        sale(txnId, disputedAt, total, payment, { ...person, clientIp: ip, authTokenCustomer: account }),
      );
      const priors: string[] = [];
      let priorChargeback: string | null = null;
      for (const p of plan.priors) {
        const when = at(disputedDay - p.daysBefore);
        const id = newId('txn', when, rng.hex(15));
        const priorTotal = rng.int(20, 300) * 100 + rng.int(0, 99);
        const priorPayment = p.same.payment ? payment : newId('pmt', at(disputedDay - 500), rng.hex(15));
        const fields = {
          ...person,
          email: p.same.email ? email : `${first.charAt(0).toLowerCase()}${rng.int(100, 999)}@example.net`,
          clientIp: p.same.ip ? ip : `192.0.2.${rng.int(2, 254)}`,
          // The same customer account where the same address: the buyer signed in as before.
          ...(p.same.address
            ? { authTokenCustomer: account }
            : { address1: `${rng.int(1, 999)} Other Rd`, authTokenCustomer: null }),
          refunded: p.refunded ? priorTotal : 0,
        };
        const ownCreated = p.disputed ? at(disputedDay - p.daysBefore + 35) : undefined;
        const ownChargeback = ownCreated ? newId('chb', ownCreated, rng.hex(15)) : null;
        store.put('txn', id, ownChargeback, sale(id, when, priorTotal, priorPayment, fields));
        priors.push(id);
        if (p.refunded) {
          const refundAt = at(disputedDay - p.daysBefore + 6);
          const refundId = newId('txn', refundAt, rng.hex(15));
          store.put(
            'txn',
            refundId,
            null,
            sale(refundId, refundAt, priorTotal, priorPayment, { ...fields, refunded: 0, type: 5, fortxn: id }),
          );
        }
        if (ownChargeback && ownCreated) {
          priorChargeback = ownChargeback;
          putChargeback(store, rng, opts, {
            id: ownChargeback,
            created: ownCreated,
            txn: id,
            total: priorTotal,
            createdDay: disputedDay - p.daysBefore + 35,
            reply: addDays(opts.anchor, disputedDay - p.daysBefore + 65),
            reasonCode: '10.4',
            reason: 'Other fraud, card-absent',
            status: 'lost',
            at,
          });
        }
      }
      putChargeback(store, rng, opts, {
        id: cbId,
        created: cbCreated,
        txn: txnId,
        total,
        createdDay: disputedDay + 20,
        reply: addDays(opts.anchor, 14 + i),
        reasonCode: plan.reasonCode,
        reason: plan.reason,
        status: 'open',
        at,
      });
      out[name] = { chargeback: cbId, txn: txnId, payment, priors, priorChargeback };
    });
    store.setMeta('cardHistories', JSON.stringify(out));
  });
  return out;
}

interface ChargebackPlan {
  id: string;
  created: Date;
  txn: string;
  total: number;
  createdDay: number;
  reply: Ymd;
  reasonCode: string;
  reason: string;
  status: 'open' | 'lost';
  at: (day: number) => Date;
}

/** A chargeback as the portfolio writes one: its record, its status records and its entry. */
function putChargeback(store: SandboxDb, rng: Rng, opts: CardHistoryOptions, c: ChargebackPlan): void {
  const created = c.created;
  const ts = formatRecordTimestamp(created);
  const statusRecord = (id: string, when: string, status: string) => ({
    id,
    created: when,
    modified: when,
    creator: opts.login,
    modifier: opts.login,
    chargeback: c.id,
    chargebackMessage: null,
    status,
  });
  const openId = newId('chs', created, rng.hex(15));
  store.put('status', openId, c.id, statusRecord(openId, ts, 'open'));
  let lastStatusChange = openId;
  let modified = ts;
  if (c.status === 'lost') {
    const decided = c.at(c.createdDay + 40);
    lastStatusChange = newId('chs', decided, rng.hex(15));
    modified = formatRecordTimestamp(decided);
    store.put('status', lastStatusChange, c.id, statusRecord(lastStatusChange, modified, 'lost'));
  }
  const issued = addDays(opts.anchor, c.createdDay);
  store.put('chargeback', c.id, c.id, {
    id: c.id,
    created: ts,
    modified,
    creator: opts.login,
    modifier: opts.login,
    merchant: opts.merchant,
    txn: c.txn,
    mid: '000123456789',
    description: `${c.reason} – Online order`,
    total: c.total,
    representedTotal: null,
    paymentMethod: 2,
    cycle: 'first',
    currency: 'USD',
    platform: 'VANTIV',
    ref: `R${rng.int(1000000, 9999999)}`,
    reason: c.reason,
    reasonCode: c.reasonCode,
    issued: ymdToInt(issued),
    received: ymdToInt(addDays(issued, 1)),
    reply: ymdToInt(c.reply),
    bankRef: `BR-${rng.hex(8).toUpperCase()}`,
    chargebackRef: `CB${rng.int(100000, 999999)}`,
    status: c.status,
    lastStatusChange,
    inactive: 0,
    frozen: 0,
    actionable: c.status === 'open' ? 1 : 0,
    shadow: 0,
  });
  const entryId = newId('etr', created, rng.hex(15));
  store.put(
    'entry',
    entryId,
    c.id,
    entryRecord({
      id: entryId,
      ts,
      login: opts.login,
      entity: null,
      opposingEntry: newId('etr', created, rng.hex(15)),
      fund: null,
      event: 11,
      eventId: c.id,
      description: `Chargeback ${c.reasonCode}`,
      amount: -c.total,
      isFee: 0,
      pendingEntry: newId('per', created, rng.hex(15)),
      chargeback: c.id,
    }),
  );
}

/** The scenarios, seeded now (dated from `anchor`) unless the sandbox already has them: at start
 * with `cardHistories: true`, or later through the admin surface (`POST /_sandbox/card-histories`). */
export function ensureCardHistories(store: SandboxDb, anchor: Ymd): CardHistoryScenarios {
  return (
    readCardHistories(store) ??
    seedCardHistories(store, {
      seed: Number(store.meta('seed') ?? 1),
      anchor,
      merchant: store.meta('merchant') ?? '',
      login: store.meta('login') ?? '',
    })
  );
}

/** The scenarios a sandbox was seeded with, or undefined when it was started without them. */
export function readCardHistories(store: SandboxDb): CardHistoryScenarios | undefined {
  const raw = store.meta('cardHistories');
  return raw === undefined ? undefined : cardHistoryScenariosSchema.parse(JSON.parse(raw));
}
