// The search and expand forms the vendor's public clients send (the Ruby gem's groups and dotted
// linked fields, the Rust client's operators and nested expands), each against the running core
// sandbox, with the refusals a malformed search gets.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, cardHistoryScenarios, type Sandbox } from '../../../electron/sandbox/index.ts';

type Rec = Record<string, unknown>;
interface Answer {
  data: Rec[];
  page: Rec | undefined;
  errors: Array<{ errorCode: string; msg: string }>;
}

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

async function get(path: string, search?: string): Promise<Answer> {
  const res = await fetch(sb.url + path, { headers: { APIKEY: sb.apiKey, ...(search ? { SEARCH: search } : {}) } });
  const body = (await res.json()) as { response: { data: Rec[]; details: { page?: Rec }; errors: Answer['errors'] } };
  return { data: body.response.data, page: body.response.details.page, errors: body.response.errors };
}

/** Every record of a listing (the search applied), over its pages. */
async function all(path: string, search?: string): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let n = 1; ; n++) {
    const sep = path.includes('?') ? '&' : '?';
    const a = await get(`${path}${sep}page[number]=${n}&page[limit]=100`, search);
    assert.deepEqual(a.errors, [], `${path} ${search ?? ''}`);
    out.push(...a.data);
    if (!a.page?.hasMore) return out;
  }
}

const ids = (rs: Rec[]): string[] => rs.map((r) => String(r.id)).sort();

test('equals is loose (any case; an empty value finds the records without one), exact is not', async () => {
  const open = await all('/chargebacks', 'status[equals]=open');
  assert.ok(open.length > 10);
  assert.ok(open.every((c) => c.status === 'open'));
  assert.deepEqual(ids(await all('/chargebacks', 'status[equals]=OPEN')), ids(open));
  assert.deepEqual(ids(await all('/chargebacks', 'status[exact]=open')), ids(open));
  assert.deepEqual(await all('/chargebacks', 'status[exact]=OPEN'), []);
  const noCompany = await all('/txns', "company[equals]=''");
  assert.ok(noCompany.length > 0 && noCompany.every((t) => t.company === null || t.company === ''));
});

test('diff, notin and notlike are the negations of equals, in and like', async () => {
  const every = await all('/chargebacks');
  const open = await all('/chargebacks', 'status[equals]=open');
  const notOpen = await all('/chargebacks', 'status[diff]=open');
  assert.equal(open.length + notOpen.length, every.length);
  assert.ok(notOpen.every((c) => c.status !== 'open'));

  const decided = await all('/chargebacks', 'status[in]=won,lost');
  const rest = await all('/chargebacks', 'status[notin]=won,lost');
  assert.ok(decided.length > 0 && decided.every((c) => c.status === 'won' || c.status === 'lost'));
  assert.equal(decided.length + rest.length, every.length);

  const fraud = await all('/chargebacks', 'reason[like]=%fraud%');
  const notFraud = await all('/chargebacks', 'reason[notlike]=%fraud%');
  assert.ok(fraud.length > 0 && fraud.every((c) => /fraud/i.test(String(c.reason))));
  assert.equal(fraud.length + notFraud.length, every.length);
});

test('greater and less compare numbers as numbers and dates in either form; sort orders', async () => {
  const mid = await all('/chargebacks', 'total[greater]=20000&total[less]=50000&total[sort]=desc');
  assert.ok(mid.length > 0);
  assert.ok(mid.every((c) => Number(c.total) > 20000 && Number(c.total) < 50000));
  assert.deepEqual(
    mid.map((c) => c.total),
    mid.map((c) => c.total).sort((a, b) => Number(b) - Number(a)),
  );
  const recent = await all('/chargebacks', 'created[greater]=20261101');
  assert.deepEqual(ids(await all('/chargebacks', 'created[greater]=2026-11-01 00:00:00')), ids(recent));
  assert.ok(recent.every((c) => String(c.created) > '2026-11-01'));
});

test('groups: and[i][...], or[i][...] and one inside the other', async () => {
  const flat = await all('/chargebacks', 'status[equals]=open&created[greater]=20261101');
  assert.deepEqual(
    ids(await all('/chargebacks', 'and[0][status][equals]=open&and[1][created][greater]=20261101')),
    ids(flat),
  );

  const decided = await all('/chargebacks', 'status[in]=won,lost');
  assert.deepEqual(
    ids(await all('/chargebacks', 'or[0][status][equals]=won&or[1][status][equals]=lost')),
    ids(decided),
  );

  const nested = await all(
    '/chargebacks',
    'and[0][or][0][status][equals]=won&and[0][or][1][status][equals]=lost&and[1][currency][equals]=USD',
  );
  assert.deepEqual(ids(nested), ids(decided.filter((c) => c.currency === 'USD')));
  assert.ok(nested.length > 0 && nested.length < decided.length);
});

test('a linked record’s field: chargeback[status][equals]=open on /entries, bracketed or dotted', async () => {
  const open = new Set((await all('/chargebacks', 'status[equals]=open')).map((c) => c.id));
  const entries = await all('/entries');
  const ofOpen = await all('/entries', 'chargeback[status][equals]=open');
  assert.ok(ofOpen.length > 0);
  assert.deepEqual(ids(ofOpen), ids(entries.filter((e) => open.has(e.chargeback))));
  assert.deepEqual(ids(await all('/entries', 'chargeback.status[equals]=open')), ids(ofOpen));
  // The gem's dotted field inside a group is bracketed after the group.
  const fees = await all('/entries', 'and[0][chargeback][status][equals]=open&and[1][isFee][equals]=1');
  assert.deepEqual(ids(fees), ids(ofOpen.filter((e) => e.isFee === 1)));

  // A chargeback found by its transaction's card.
  const { qualifies, disputedPrior } = cardHistoryScenarios(sb);
  const byCard = await all('/chargebacks', `txn[payment][equals]=${qualifies.payment}`);
  assert.deepEqual(ids(byCard), [qualifies.chargeback]);
  const statuses = await all('/chargebackStatuses', `chargeback[txn][equals]=${disputedPrior.priors[1]!}`);
  assert.deepEqual(
    statuses.map((s) => s.status),
    ['open', 'lost'],
  );
});

test('retrieve by search, as the Ruby gem does: id[equals]=...', async () => {
  const { qualifies } = cardHistoryScenarios(sb);
  const found = await get('/chargebacks', `id[equals]=${qualifies.chargeback}`);
  assert.deepEqual(
    found.data.map((c) => c.id),
    [qualifies.chargeback],
  );
  assert.deepEqual(found.data, (await get(`/chargebacks/${qualifies.chargeback}`)).data);
});

test('expand: the linked record where its ID stood, on chargebacks, transactions, statuses and entries', async () => {
  const { qualifies } = cardHistoryScenarios(sb);
  const [plain] = (await get(`/chargebacks/${qualifies.chargeback}`)).data;
  assert.equal(plain!.txn, qualifies.txn);
  const [withTxn] = (await get(`/chargebacks?expand[txn][]`, `id[equals]=${qualifies.chargeback}`)).data;
  const txn = withTxn!.txn as Rec;
  assert.equal(txn.id, qualifies.txn);
  assert.equal(txn.payment, qualifies.payment, 'one level only: the payment stays an ID');
  const [deeper] = (await get(`/chargebacks/${qualifies.chargeback}?expand[txn][payment][]`)).data;
  assert.equal(((deeper!.txn as Rec).payment as Rec).id, qualifies.payment);

  const [t] = (await get(`/txns/${qualifies.txn}?expand[payment][]&expand[token][]`)).data;
  const payment = t!.payment as Rec;
  const token = t!.token as Rec;
  assert.equal(payment.id, qualifies.payment);
  assert.equal(payment.method, 2, 'a Visa card, as the chargeback’s network');
  assert.match(String(payment.number), /^\d{4}$/);
  assert.match(String(token.id), /^t1_tok_/);
  assert.match(String(token.customer), /^t1_cus_/, 'the customer stays an ID unless asked');
  const [withCustomer] = (await get(`/txns/${qualifies.txn}?expand[token][][customer][]`)).data;
  const customer = (withCustomer!.token as Rec).customer as Rec;
  assert.equal(customer.email, t!.email);
  assert.equal(customer.id, token.customer);
  assert.equal(withCustomer!.payment, qualifies.payment);

  const open = (await get('/chargebacks', 'status[equals]=open&actionable[equals]=1')).data[0]!;
  const sent = await fetch(`${sb.url}/chargebackMessages`, {
    method: 'POST',
    headers: { APIKEY: sb.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ chargeback: open.id, type: 'represent' }),
  });
  const message = ((await sent.json()) as { response: { data: Rec[] } }).response.data[0]!;
  const statuses = await get(
    `/chargebackStatuses?expand[chargebackMessage][]`,
    `chargeback[equals]=${String(open.id)}`,
  );
  const closed = statuses.data.find((s) => s.status === 'closed')!;
  assert.equal((closed.chargebackMessage as Rec).id, message.id);
  assert.equal((closed.chargebackMessage as Rec).type, 'represent');
  assert.equal(statuses.data.find((s) => s.status === 'open')!.chargebackMessage, null);
  const messages = await get('/chargebackMessages?expand[chargeback][txn][]', `id[equals]=${String(message.id)}`);
  const messageChargeback = messages.data[0]!.chargeback as Rec;
  assert.equal(messageChargeback.id, open.id);
  assert.equal((messageChargeback.txn as Rec).id, open.txn);

  const entries = await get('/entries?expand[chargeback][txn][]', `chargeback[equals]=${qualifies.chargeback}`);
  assert.equal(((entries.data[0]!.chargeback as Rec).txn as Rec).id, qualifies.txn);
  // A link to no record the sandbox holds keeps its ID.
  const [merchant] = (await get(`/chargebacks/${qualifies.chargeback}?expand[merchant][]`)).data;
  assert.equal(typeof merchant!.merchant, 'string');
});

test('GET /chargebackMessageResults answers the recorded empty list with its page', async () => {
  const a = await get('/chargebackMessageResults');
  assert.deepEqual(a, { data: [], page: { current: 1, last: 1, hasMore: false }, errors: [] });
});

test('a malformed clause, an unknown operator or field, a sort by a linked field: query_error', async () => {
  const refusals = [
    'status=open',
    'status[equals]open',
    'status[equal]=open',
    'status[EQUALS]=open',
    'colour[equals]=red',
    'chargeback[colour][equals]=red',
    'and[0][status][equals]=open&and[1][colour][greater]=1',
    'chargeback[status][sort]=asc',
    'status[equals]=open&',
  ];
  for (const search of refusals) {
    const a = await get('/entries', search);
    assert.deepEqual(a.data, [], search);
    assert.deepEqual(
      a.errors.map((e) => e.errorCode),
      ['query_error'],
      search,
    );
  }
  // Read by ID, a bad search is refused as well.
  const { qualifies } = cardHistoryScenarios(sb);
  assert.equal((await get(`/txns/${qualifies.txn}`, 'payment[matches]=x')).errors[0]!.errorCode, 'query_error');
});

test('values travel unencoded: an encoded colon matches nothing', async () => {
  const { qualifies } = cardHistoryScenarios(sb);
  const [t] = (await get(`/txns/${qualifies.txn}`)).data;
  const created = String(t!.created);
  assert.deepEqual(ids(await all('/txns', `created[equals]=${created}`)), [qualifies.txn]);
  const encoded = await get('/txns', `created[equals]=${created.replaceAll(':', '%3A')}`);
  assert.deepEqual(encoded, { data: [], page: { current: 1, last: 1, hasMore: false }, errors: [] });
});
