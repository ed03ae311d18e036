// The payment's facts on the dispute page (issue 22), in Chromium at 1280×800 in a merchant's
// locale: a Visa card-absent fraud chargeback whose transaction, in the recorded core API shape,
// says 3-D Secure was only attempted, the security code matched and gives the customer's IP. The
// page names the network, shows each fact in the record's words with a verdict, ticks the IP box
// from the record and leaves the 3-D Secure box to the merchant; the merchant's correction goes in
// the letter as theirs, and nothing on the page or in the letter says the cardholder was
// authenticated. The inbox's network filter lists the networks by name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { chooseAnswer, exploreDemo } from './support/flows.ts';
import { txnSchema } from '../../shared/api/index.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

const recorded = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('../fixtures/recorded/txns-expanded.json', import.meta.url), 'utf8')).response
    .data[0];
const authenticatedWords = /3-D Secure succeeded|cardholder was authenticated|authenticated with 3-D Secure/i;

/** An open, answerable chargeback of the demo at its first stage, made a Visa card-absent fraud
 * one as the core API sends it (`V1040`) and linked to a transaction, as a sync of one would. */
function visaFraud(app: BrowserApp) {
  const { store } = app.services;
  const profile = store.profiles.list()[0]!;
  const rows = store.portfolio.listWorklist({ profileId: profile.id, offset: 0, limit: 500 }).rows;
  const row = rows.find(
    (r) => r.status === 'open' && r.actionable && (r.sendByDaysLeft ?? -1) >= 2 && r.cycle === 'first',
  );
  if (!row) throw new Error('the demo portfolio has no open chargeback at its first stage');
  const d = store.portfolio.detail(profile.id, row.id)!;
  const cb = { ...d.chargeback, reasonCode: 'V1040', reason: 'Other fraud', txn: d.chargeback.txn ?? 't1_txn_facts' };
  store.portfolio.upsertChargebacks(profile.id, [cb]);
  return { profile, cb: { ...cb, txn: cb.txn } };
}

test('the payment facts: the record’s words, its verdicts and ticks, the merchant’s statement as theirs', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({
    browser,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  });
  try {
    const { page, services } = app;
    await exploreDemo(page, async () => undefined);

    // The inbox's network filter names the networks; "Network 1" is gone.
    const network = page.getByLabel('Network');
    const options = await network.locator('option').allTextContents();
    assert.deepEqual(options, ['All', 'Visa', 'Mastercard', 'American Express', 'Discover']);
    await network.selectOption({ label: 'American Express' });
    await page.waitForTimeout(300);
    await app.shot('payment-facts-01-inbox-amex');
    await network.selectOption({ label: 'All' });

    const { profile, cb } = visaFraud(app);
    services.store.portfolio.saveTxn(
      profile.id,
      txnSchema.parse({
        ...recorded(),
        id: cb.txn,
        origin: 6,
        cvvStatus: 'M',
        clientIp: '203.0.113.7',
        address1: '12 Harbour Lane',
        city: 'Portland',
        zip: '04101',
      }),
    );
    await page.getByLabel('Search').fill(cb.id);
    await page.locator('.vrow').filter({ hasText: cb.id }).click();
    await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
    assert.equal(await page.getByTestId('card-network').textContent(), 'Visa');

    const card = page.getByRole('article', { name: "The payment's facts" });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await app.shot('payment-facts-02-record');
    assert.equal(
      await card.getByTestId('payment-three-d-secure-record').textContent(),
      '3-D Secure attempted, not authenticated',
    );
    assert.equal(
      await card.getByTestId('payment-three-d-secure-verdict').textContent(),
      'As recorded, not proof on its own',
    );
    assert.equal(
      await card.getByTestId('payment-ip-device-record').textContent(),
      'Customer IP 203.0.113.7; no device ID in the record',
    );
    // An IP alone proves nothing until it matches earlier orders (the CE 3.0 check's work).
    assert.equal(
      await card.getByTestId('payment-ip-device-verdict').textContent(),
      'As recorded, not proof on its own',
    );
    assert.equal(
      await card.getByTestId('payment-billing-address-record').textContent(),
      '12 Harbour Lane, Portland, 04101',
    );
    assert.equal(await card.getByTestId('payment-delivery-address-verdict').textContent(), 'Not in the record');

    // The checklist: an IP alone ticks nothing (it supports the case when it matches earlier orders,
    // the CE 3.0 check's work); the 3-D Secure box is left to the merchant.
    const checklist = page.locator('ul.checklist');
    const ipItem = checklist.locator('li').filter({ hasText: 'Customer IP address and device' });
    assert.equal(await ipItem.locator('input').isChecked(), false);
    assert.equal(await ipItem.locator('input').isDisabled(), false);
    assert.doesNotMatch((await ipItem.textContent()) ?? '', /The transaction record/);
    const secureItem = checklist.locator('li').filter({ hasText: '3-D Secure authentication' });
    assert.equal(await secureItem.locator('input').isDisabled(), false, 'not ticked by an attempted 3-D Secure');
    assert.doesNotMatch(await page.locator('section.dispute').innerText(), authenticatedWords);

    // Choosing an answer that sends evidence: the merchant confirms one fact and corrects another.
    await chooseAnswer(page, 'respond');
    await card.getByRole('button', { name: 'Correct it…' }).first().waitFor();
    const secure = card.getByTestId('payment-three-d-secure');
    await secure.getByRole('button', { name: 'Correct it…' }).click();
    await secure.getByRole('textbox').fill('Our checkout logged the cardholder completing the bank’s challenge');
    // Kept in the draft the builder holds: the box shows ticked once the draft has it.
    const right = card.getByTestId('payment-ip-device').getByRole('checkbox', { name: 'This is right' });
    await right.click();
    await page.waitForFunction(
      `document.querySelector('[data-testid="payment-ip-device"] input[type="checkbox"]')?.checked === true`,
    );
    await secure.getByLabel(/^You state \(the letter says this is yours, not the record's\)/).waitFor();
    assert.match(await secure.getByTestId('payment-three-d-secure-yours').inputValue(), /^Our checkout logged/);
    // The record's words stay the record's.
    assert.equal(
      await card.getByTestId('payment-three-d-secure-record').textContent(),
      '3-D Secure attempted, not authenticated',
    );
    await app.shot('payment-facts-03-corrected');

    const letter = page.getByTestId('letter-as-sent');
    await letter.scrollIntoViewIfNeeded();
    await letter.getByText('We state the following ourselves').waitFor();
    const text = (await letter.innerText()).replace(/\s+/g, ' ');
    await app.shot('payment-facts-04-letter');
    assert.match(text, /3-D Secure authentication of the cardholder was attempted for this payment\./);
    assert.match(
      text,
      /We state the following ourselves; it is not from the transaction record\. 3-D Secure: Our checkout logged the cardholder completing the bank’s challenge\./,
    );
    assert.match(text, /The order was placed from IP address 203\.0\.113\.7\./);
    assert.doesNotMatch(text.replace(/We state the following ourselves[^]*?challenge\./, ''), authenticatedWords);
    assert.match(text, /a payment authorized on|for \$|for €|for £/);
    assert.doesNotMatch(text, /authorized on \d{4}-\d{2}-\d{2}/, 'the authorization day in words');

    // The review before sending names them among what the merchant wrote.
    const send = page.getByRole('button', { name: 'Add to outbox' });
    await page.locator('button.send:not([disabled])').waitFor();
    await send.click();
    const review = page.getByRole('dialog', { name: 'Review before sending' });
    await review.waitFor();
    assert.match((await review.innerText()).replace(/\s+/g, ' '), /What you typed about: the payment's facts\./);
    await app.shot('payment-facts-05-review');
    await page.keyboard.press('Escape');

    // Kept with the draft: reopened, the statement and the confirmation are still there.
    await page.waitForTimeout(600);
    const saved = services.store.drafts.get(profile.id, cb.id);
    assert.deepEqual(saved?.slots?.payment?.confirmed, ['ip-device']);
    assert.match(saved?.slots?.payment?.statements?.['three-d-secure'] ?? '', /^Our checkout logged/);
  } finally {
    await app.close();
  }
});
