// The findings of issue 13 as a new merchant meets them in demo mode, through the real renderer
// and the real IPC handlers: each test does what hurt the merchant and checks it no longer can.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { exploreDemo, openFirstAnswerable, disputedAmountText } from './support/flows.ts';
import { formatAmount, majorToMinor } from '../../shared/domain/money.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test('finding 1: conceding 999999 on a chargeback is refused where it is typed and by the handler; the confirmation restates the amount', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({ browser });
  try {
    const { page, services } = app;
    await exploreDemo(page, async () => undefined);
    const chargebackId = await openFirstAnswerable(page, async () => undefined);
    const profile = services.store.profiles.list()[0]!;
    const cb = services.store.portfolio.getChargeback(profile.id, chargebackId)!;
    const total = formatAmount(cb.total, cb.currency);

    await page.getByLabel('Response').selectOption('acceptLiability');
    await page.getByLabel(/Amount conceded/).fill('999999');
    await page.getByRole('button', { name: 'Send' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'is more than' });
    await refusal.waitFor();
    const typed = formatAmount(majorToMinor('999999', cb.currency)!, cb.currency);
    assert.equal(await refusal.textContent(), `${typed} is more than the ${total} disputed: you can concede at most ${total}.`);
    assert.equal(await page.getByRole('button', { name: 'Confirm and send' }).count(), 0, 'no confirmation is offered for an amount that cannot be sent');
    await app.shot('13-over-concession-refused');

    // A window that skipped its own check is stopped by the handler, and by the outbox under it.
    const direct = await page.evaluate(([p, c]) => (globalThis as unknown as { disputeDesk: { submitResponse(r: unknown): Promise<{ ok: boolean; error?: { message: string } }> } }).disputeDesk
      .submitResponse({ profileId: p, chargebackId: c, messageType: 'acceptLiability', amount: 99_999_900, confirmed: true }), [profile.id, chargebackId] as const);
    assert.equal(direct.ok, false);
    assert.match(direct.error!.message, /is more than the .* disputed/);
    await assert.rejects(services.outbox.submit({ profileId: profile.id, chargebackId, messageType: 'acceptLiability', amount: cb.total + 1, currency: cb.currency, documents: [] }), /is more than/);
    assert.deepEqual(services.outbox.list(), [], 'nothing was queued');

    // The right amount: the confirmation says what is conceded, in which currency, and what it means.
    await page.getByLabel(/Amount conceded/).fill(await disputedAmountText(page));
    assert.equal(await refusal.count(), 0, 'the refusal goes once the amount is changed');
    await page.getByRole('button', { name: 'Send' }).click();
    const confirm = page.getByRole('alert').filter({ hasText: 'cannot be undone' });
    await confirm.waitFor();
    assert.match((await confirm.textContent()) ?? '', new RegExp(`You concede ${total.replace(/[$.()]/g, '\\$&')} \\(${cb.currency}\\), the whole amount disputed\\. The cardholder keeps it`));
    assert.equal(await page.locator('.toast').count(), 0, 'no stale toast is left on screen');
    await app.shot('13-concession-confirmation');
    await page.getByRole('button', { name: 'Confirm and send' }).click();
    await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
    const received = services.outbox.list();
    assert.deepEqual(received.map((j) => [j.messageType, j.amount, j.currency]), [['acceptLiability', cb.total, cb.currency]]);
  } finally {
    await app.close();
  }
});
