// The sandbox's transactions and the card-history scenarios: every transaction in the recorded
// fields, `GET /txns` searched and paged like every listing, and each scenario's earlier
// purchases as a client reading `/txns` by `payment` or `email` finds them.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, cardHistoryScenarios, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { parseServiceTimestamp } from '../../../shared/domain/dates.ts';

type Rec = Record<string, unknown>;
const recordedTxnFields = [
  'payment',
  'token',
  'clientIp',
  'ipCreated',
  'email',
  'first',
  'last',
  'address1',
  'city',
  'state',
  'zip',
  'country',
  'created',
  'total',
  'status',
  'type',
  'order',
  'descriptor',
  'authCode',
  'authDate',
  'cvvStatus',
  'authentication',
  'authenticationId',
  'origin',
  'entryMode',
  'refunded',
  'fortxn',
];

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({
    seed: 7,
    chargebacks: 60,
    anchorDate: '2026-11-20',
    decisionDelayMs: null,
    cardHistories: true,
    rateLimit: { max: 1e6 },
  });
});
after(() => sb.close());

async function list(path: string, search = ''): Promise<{ data: Rec[]; page: Rec; errors: Rec[] }> {
  const res = await fetch(sb.url + path, { headers: { APIKEY: sb.apiKey, ...(search ? { SEARCH: search } : {}) } });
  const body = (await res.json()) as { response: { data: Rec[]; details: { page: Rec }; errors: Rec[] } };
  return { data: body.response.data, page: body.response.details.page, errors: body.response.errors };
}

const daysBetween = (later: unknown, earlier: unknown): number =>
  (parseServiceTimestamp(String(later))!.getTime() - parseServiceTimestamp(String(earlier))!.getTime()) / 86_400_000;

test('the portfolio of a seed is the same with the card histories as without: they only add', async () => {
  const plain = await startSandbox({ seed: 7, chargebacks: 60, anchorDate: '2026-11-20', decisionDelayMs: null });
  try {
    const read = async (s: Sandbox): Promise<Rec[]> => {
      const res = await fetch(`${s.url}/chargebacks?page[limit]=100`, { headers: { APIKEY: s.apiKey } });
      return ((await res.json()) as { response: { data: Rec[] } }).response.data;
    };
    const without = await read(plain);
    const ids = new Set(Object.values(cardHistoryScenarios(sb)).flatMap((s) => [s.chargeback, s.priorChargeback]));
    const withHistories = await read(sb);
    assert.equal(without.length, 60);
    assert.deepEqual(
      withHistories.filter((c) => !ids.has(String(c.id))),
      without,
    );
    assert.equal(withHistories.length, 60 + 8, 'seven scenarios and the disputed prior purchase’s own chargeback');
    assert.equal(plain.cardHistories, undefined);
    assert.throws(() => cardHistoryScenarios(plain), /without cardHistories/);
  } finally {
    await plain.close();
  }
});

test('every transaction the core API serves carries the recorded fields, in pages', async () => {
  const first = await list('/txns?page[limit]=50');
  assert.equal(first.errors.length, 0);
  assert.deepEqual(first.page, { current: 1, last: 2, hasMore: true });
  const second = await list('/txns?page[number]=2&page[limit]=50');
  assert.deepEqual(second.page, { current: 2, last: 2, hasMore: false });
  const all = [...first.data, ...second.data];
  for (const t of all) for (const f of recordedTxnFields) assert.ok(f in t, `${String(t.id)} has ${f}`);
  // One card, one payment ID: the portfolio's cards are each used once, the scenarios' again.
  const { qualifies } = cardHistoryScenarios(sb);
  assert.equal(all.filter((t) => t.payment === qualifies.payment).length, 3);

  const one = await list(`/txns/${qualifies.txn}`);
  assert.equal(one.data.length, 1);
  assert.equal(one.data[0]!.payment, qualifies.payment);
  assert.deepEqual((await list('/txns/t1_txn_00000000000000000000000')).data, []);
});

test('a chargeback the admin opens has a transaction in the recorded fields too', async () => {
  const admin = createSandboxAdmin(sb.url, sb.adminToken);
  const cb = await admin.createChargeback();
  const [txn] = (await list(`/txns/${String(cb.txn)}`)).data;
  for (const f of recordedTxnFields) assert.ok(f in txn!, `has ${f}`);
  assert.match(String(txn!.payment), /^t1_pmt_/);
  assert.match(String(txn!.token), /^[0-9a-f]{32}$/);
});

test('the micro-service has no /txns resource, as its contract names none', async () => {
  const micro = await startSandbox({ dialect: 'microservice', seed: 7, chargebacks: 2, cardHistories: true });
  try {
    const res = await fetch(`${micro.url}/txns`, { headers: { APIKEY: micro.apiKey } });
    const body = (await res.json()) as { response: { errors: Rec[] } };
    assert.equal(body.response.errors[0]!.errorCode, 'invalid_resource');
  } finally {
    await micro.close();
  }
});

test('a qualifying card: two undisputed purchases 120 to 365 days before, same IP, email and address', async () => {
  const s = cardHistoryScenarios(sb);
  for (const name of ['qualifies', 'qualifiesPrefixed'] as const) {
    const { txn, payment, priors } = s[name];
    const [disputed] = (await list(`/txns/${txn}`)).data;
    const found = await list(
      '/txns',
      `payment[equals]=${payment}&created[less]=${String(disputed!.created)}&created[sort]=desc`,
    );
    assert.deepEqual(
      found.data.map((t) => t.id),
      priors,
    );
    for (const p of found.data) {
      const days = daysBetween(disputed!.created, p.created);
      assert.ok(days >= 120 && days <= 366, `${name}: ${days} days before`);
      for (const f of ['clientIp', 'email', 'address1', 'zip']) assert.equal(p[f], disputed![f], `${name}: same ${f}`);
      assert.deepEqual((await list('/chargebacks', `txn[equals]=${String(p.id)}`)).data, []);
      assert.equal(p.refunded, 0);
    }
  }
  const [prefixed] = (await list(`/chargebacks/${s.qualifiesPrefixed.chargeback}`)).data;
  assert.equal(prefixed!.reasonCode, 'V1040');
  const [plain] = (await list(`/chargebacks/${s.qualifies.chargeback}`)).data;
  // The core API writes Visa's codes prefixed, minor part in two digits (13.5 is V1305).
  assert.equal(plain!.reasonCode, 'V1004');
});

test('the cards that do not qualify: too recent, one element only, a disputed or a refunded prior', async () => {
  const s = cardHistoryScenarios(sb);
  const history = async (name: keyof typeof s) => {
    const [disputed] = (await list(`/txns/${s[name].txn}`)).data;
    const priors = (await list('/txns', `payment[equals]=${s[name].payment}&id[in]=${s[name].priors.join(',')}`)).data;
    return { disputed: disputed!, priors };
  };
  const recent = await history('tooRecent');
  assert.deepEqual(
    recent.priors.map((p) => Math.round(daysBetween(recent.disputed.created, p.created))).sort((a, b) => a - b),
    [30, 90],
  );

  const one = await history('oneMatchOnly');
  for (const p of one.priors) {
    assert.notEqual(p.clientIp, one.disputed.clientIp);
    assert.notEqual(p.email, one.disputed.email);
    assert.equal(p.address1, one.disputed.address1);
    assert.equal(p.ipCreated, one.disputed.ipCreated, 'the server’s IP is the merchant’s, the same for all');
  }

  const disputed = s.disputedPrior;
  assert.ok(disputed.priorChargeback);
  const own = await list('/chargebacks', `txn[equals]=${disputed.priors[1]!}`);
  assert.deepEqual(
    own.data.map((c) => [c.id, c.status, c.reasonCode]),
    [[disputed.priorChargeback, 'lost', 'V1004']],
  );

  const refunded = await history('refundedPrior');
  const refundedPrior = refunded.priors.find((p) => p.id === s.refundedPrior.priors[0])!;
  assert.equal(refundedPrior.refunded, refundedPrior.total);
  const refunds = await list('/txns', `fortxn[equals]=${String(refundedPrior.id)}`);
  assert.deepEqual(
    refunds.data.map((r) => [r.type, r.total, r.payment]),
    [[5, refundedPrior.total, s.refundedPrior.payment]],
  );
});

test('a customer’s earlier orders are found by email, on more than one card', async () => {
  const { customerHistory } = cardHistoryScenarios(sb);
  const [disputed] = (await list(`/txns/${customerHistory.txn}`)).data;
  const orders = await list('/txns', `email[equals]=${String(disputed!.email)}&created[sort]=desc`);
  assert.deepEqual(
    orders.data.map((t) => t.id),
    [customerHistory.txn, ...customerHistory.priors],
  );
  assert.ok(new Set(orders.data.map((t) => t.payment)).size > 1);
  const [cb] = (await list(`/chargebacks/${customerHistory.chargeback}`)).data;
  assert.equal(cb!.reasonCode, 'V1301');
  for (const p of customerHistory.priors) assert.deepEqual((await list('/chargebacks', `txn[equals]=${p}`)).data, []);
});

test('the scenarios are the same for the same seed, and readable through the admin surface', async () => {
  const again = await startSandbox({ seed: 7, chargebacks: 60, anchorDate: '2026-11-20', cardHistories: true });
  try {
    assert.deepEqual(again.cardHistories, sb.cardHistories);
    assert.deepEqual(await createSandboxAdmin(sb.url, sb.adminToken).cardHistories(), sb.cardHistories);
  } finally {
    await again.close();
  }
});
