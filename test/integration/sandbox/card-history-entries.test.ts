// The card-history scenarios' chargebacks move money as the seed's own do: the service writes a
// chargeback's entry (event 11, its total debited) for every chargeback but a retrieval (the
// contract: retrievals are fee-only, not represented by entries), whatever its status. So Insights
// (what was disputed) and the Ledger (what was charged back) agree, per currency.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from '../sync/support.ts';
import { cardHistoryScenarios, cardHistoryScenarioNames } from '../../../electron/sandbox/index.ts';
import { readInsights } from '../../../electron/views/read-insights.ts';

let fx: Awaited<ReturnType<typeof syncFixture>>;
before(async () => {
  fx = await syncFixture({ seed: 11, chargebacks: 40, anchorDate: '2026-11-20', cardHistories: true });
  await fx.h.sync.syncProfile(fx.profile.id);
});
after(() => fx.close());

const everEntry = () => fx.h.store.ledger.window(fx.profile.id, new Date('2000-01-01'), new Date('2100-01-01'));

test("every chargeback that moved money has its chargeback entry, the scenarios' lost 10.4 among them", () => {
  const s = cardHistoryScenarios(fx.sb);
  const scenarioIds = cardHistoryScenarioNames.flatMap((n) => [s[n].chargeback, s[n].priorChargeback ?? []].flat());
  const lost = s.disputedPrior.priorChargeback!;
  assert.equal(fx.h.store.portfolio.getChargeback(fx.profile.id, lost)?.status, 'lost');
  const rows = everEntry();
  const ids = fx.h.store.portfolio.chargebackIds(fx.profile.id);
  for (const id of [...new Set([...ids, ...scenarioIds])]) {
    const cb = fx.h.store.portfolio.getChargeback(fx.profile.id, id)!;
    const own = rows.filter((r) => r.chargebackId === id && r.event === 11 && r.isFee === 0);
    if (cb.cycle === 'retrieval') assert.equal(own.length, 0, `${id}: a retrieval moves no money`);
    else
      assert.deepEqual(
        own.map((r) => [r.amount, r.currency]),
        [[-cb.total, cb.currency]],
        `${id} (${cb.status})`,
      );
  }
});

test("Insights' disputed amount, retrievals aside, is the Ledger's charged-back total in each currency", () => {
  const insights = readInsights(fx.h.store, fx.profile.id, 'all', new Date('2026-11-20T12:00:00Z'));
  const retrievals = new Map<string, number>();
  for (const id of fx.h.store.portfolio.chargebackIds(fx.profile.id)) {
    const cb = fx.h.store.portfolio.getChargeback(fx.profile.id, id)!;
    if (cb.cycle === 'retrieval') retrievals.set(cb.currency, (retrievals.get(cb.currency) ?? 0) + cb.total);
  }
  const chargedBack = new Map<string, number>();
  for (const r of everEntry())
    if (r.event === 11 && r.isFee === 0) chargedBack.set(r.currency, (chargedBack.get(r.currency) ?? 0) - r.amount);
  assert.ok(insights.overall.money.length > 1, 'several currencies to reconcile');
  for (const m of insights.overall.money)
    assert.equal(m.disputed - (retrievals.get(m.currency) ?? 0), chargedBack.get(m.currency) ?? 0, m.currency);
});
