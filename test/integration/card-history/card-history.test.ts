// The card's earlier purchases read from the sandbox's /txns in the recorded shapes (issue 22): each
// scenario's verdict as main judges it, kept an hour in the store, the service down said as such
// with nothing claimed, and the micro-service told it has no transactions.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from '../sync/support.ts';
import { cardHistoryScenarios, type CardHistoryScenarios } from '../../../electron/sandbox/index.ts';
import type { Ce3Check } from '../../../shared/views/card-history-view.ts';

let fx: Awaited<ReturnType<typeof syncFixture>>;
let sc: CardHistoryScenarios;

before(async () => {
  fx = await syncFixture({ seed: 11, chargebacks: 5, anchorDate: '2026-11-20', cardHistories: true });
  sc = cardHistoryScenarios(fx.sb)!;
  await fx.h.sync.syncProfile(fx.profile.id);
});
after(() => fx.close());

const ce3Of = async (name: keyof CardHistoryScenarios): Promise<Ce3Check> => {
  const v = await fx.h.cardHistory.view(fx.profile, sc[name].chargeback, { fresh: 'fresh' });
  assert.ok(v, `${name} is in the store`);
  return v.compellingEvidence;
};
const verdictOf = async (name: keyof CardHistoryScenarios) => {
  const c = await ce3Of(name);
  assert.equal(c.state, 'checked', JSON.stringify(c));
  return c.state === 'checked' ? c.verdict : undefined;
};

test('a 10.4 chargeback with two matching purchases 150 and 300 days before qualifies, both named', async () => {
  const v = await verdictOf('qualifies');
  assert.equal(v?.kind, 'qualifies', JSON.stringify(v));
  if (v?.kind !== 'qualifies') return;
  assert.deepEqual(
    v.priors.map((p) => p.id),
    sc.qualifies.priors,
  );
  assert.deepEqual(
    v.priors.map((p) => p.daysBefore),
    [150, 300],
  );
  assert.deepEqual(v.elements, ['ip', 'account']);
  assert.ok(
    v.priors.every((p) => p.amount !== null && p.sameEmail),
    'amounts and the same email are read',
  );
});

test('the prefixed code V1040 qualifies the same way', async () => {
  assert.equal((await verdictOf('qualifiesPrefixed'))?.kind, 'qualifies');
});

test('too recent, one match only, a disputed or refunded prior: each told why, nothing qualifies', async () => {
  const reasons = async (name: keyof CardHistoryScenarios): Promise<string[]> => {
    const v = await verdictOf(name);
    assert.equal(v?.kind, 'does-not-qualify', `${name}: ${JSON.stringify(v)}`);
    return v?.kind === 'does-not-qualify' ? v.reasons : [];
  };
  const recent = await reasons('tooRecent');
  assert.match(recent[0]!, /^No earlier undisputed purchase on this card 120–365 days before/);
  assert.ok(recent.some((r) => r.includes(sc.tooRecent.priors[0]!) && r.includes('30 days before, too recent')));

  const oneMatch = await reasons('oneMatchOnly');
  assert.ok(oneMatch.includes(`IP address differs on ${sc.oneMatchOnly.priors[0]}.`), oneMatch.join('\n'));

  const disputed = await reasons('disputedPrior');
  assert.match(disputed[0]!, /^Only one earlier purchase \(t1_txn_\w+, \w{3}, \w{3} \d+, \d{4}\) 120–365 days before/);
  assert.ok(disputed.some((r) => r.includes(sc.disputedPrior.priors[1]!) && r.endsWith('has its own chargeback.')));

  const refunded = await reasons('refundedPrior');
  assert.ok(refunded.some((r) => r.includes(sc.refundedPrior.priors[0]!) && r.endsWith('was refunded.')));
});

test('a not-received chargeback: the customer’s earlier undisputed orders by email, on any card, newest first', async () => {
  const v = await fx.h.cardHistory.view(fx.profile, sc.customerHistory.chargeback, { fresh: 'fresh' });
  assert.equal(v?.compellingEvidence.state, 'not-applicable', 'CE 3.0 is for Visa 10.4 only: nothing read for it');
  const c = v?.customerHistory;
  assert.equal(c?.state, 'checked', JSON.stringify(c));
  if (c?.state !== 'checked') return;
  assert.deepEqual(
    c.orders.map((o) => o.id),
    sc.customerHistory.priors,
  );
  assert.ok(c.orders.every((o) => o.order && o.amount !== null));
  const fraud = await fx.h.cardHistory.view(fx.profile, sc.qualifies.chargeback);
  assert.equal(fraud?.customerHistory.state, 'not-applicable', 'a fraud reason is answered by CE 3.0 instead');
});

test('the micro-service has no /txns: it says so and claims nothing', async () => {
  const micro = { ...fx.profile, id: 'prof_micro', deployment: 'microservice' as const };
  fx.h.store.profiles.save(micro);
  await fx.h.vault.setKey(micro.id, fx.sb.apiKey, { sessionOnly: true });
  const cb = fx.h.store.portfolio.detail(fx.profile.id, sc.qualifies.chargeback)!.chargeback;
  const c = await fx.h.cardHistory.compellingEvidence(micro, cb, { fresh: 'fresh' });
  assert.equal(c.state, 'unavailable');
  if (c.state === 'unavailable') assert.match(c.reason, /micro-service\) has no transaction search/);
});

test('a caller that gives up is answered at once; the read goes on, is shared and kept', async () => {
  const id = sc.refundedPrior.chargeback;
  const before = fx.h.store.cardHistory.get(fx.profile.id, id, 'ce3')!.at;
  const stop = new AbortController();
  const given = fx.h.cardHistory.view(fx.profile, id, { fresh: 'fresh', signal: stop.signal });
  const other = fx.h.cardHistory.compellingEvidence(
    fx.profile,
    fx.h.store.portfolio.getChargeback(fx.profile.id, id)!,
    { fresh: 'fresh' },
  );
  stop.abort();
  await assert.rejects(given, (e: unknown) => e instanceof Error && e.name === 'AbortError');
  const shared = await other;
  assert.equal(shared.state, 'checked', 'the read went on for the caller that waited');
  assert.ok(fx.h.store.cardHistory.get(fx.profile.id, id, 'ce3')!.at >= before, 'and it was kept');
});

test('a check is kept an hour: looking again asks the service nothing; the service down claims nothing', async () => {
  const id = sc.qualifies.chargeback;
  await fx.h.cardHistory.view(fx.profile, id, { fresh: 'fresh' });
  await fx.sb.close();
  {
    const kept = await fx.h.cardHistory.view(fx.profile, id);
    assert.equal(kept?.compellingEvidence.state, 'checked', 'the kept check answers without the service');
    const down = await fx.h.cardHistory.view(fx.profile, sc.disputedPrior.chargeback, { fresh: 'fresh' });
    assert.equal(down?.compellingEvidence.state, 'could-not-check');
    if (down?.compellingEvidence.state === 'could-not-check') assert.ok(down.compellingEvidence.reason.length > 10);
  }
});
