// Steps a merchant takes, written against the page alone, so the same steps run in Chromium
// through the browser bridge and in the real Electron app.
import type { Locator, Page } from 'playwright';

export type Shot = (name: string) => Promise<void>;

/** First run → "Explore with demo data" → the inbox with its rows. */
export async function exploreDemo(page: Page, shot: Shot): Promise<void> {
  await page.getByRole('button', { name: 'Explore with demo data' }).waitFor();
  await shot('01-onboarding');
  await page.getByRole('button', { name: 'Explore with demo data' }).click();
  await page.getByRole('grid', { name: /Chargebacks/ }).waitFor({ timeout: 60_000 });
  await page.locator('.vrow .cell.main .id').first().waitFor();
  await shot('02-inbox');
}

/** The chargeback IDs the inbox shows first, in its order. */
export async function inboxIds(page: Page, count: number): Promise<string[]> {
  return (await page.locator('.vrow .cell.main .id').allTextContents()).slice(0, count).map((t) => t.split(' ')[0]!);
}

/** Opens the first chargeback that can still be answered; returns its ID. */
export async function openFirstAnswerable(page: Page, shot: Shot): Promise<string> {
  const target = page
    .locator('.vrow')
    .filter({
      has: page.locator('[data-testid="days-left"]', {
        hasNotText: /Overdue|Not answerable|Queued|Sending|Sent|Waiting to send|Failed|Held in the outbox/,
      }),
    })
    .first();
  const chargebackId = ((await target.locator('.cell.main .id').textContent()) ?? '').split(' ')[0]!;
  await target.click();
  await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
  await shot('03-dispute');
  return chargebackId;
}

/** Chooses an answer in the dispute page's "Response" radio group by its message type, opening
 * "More answers" (or the answers the stage does not usually take) when it is not among the ones
 * offered first. */
export async function chooseAnswer(page: Page, type: string): Promise<void> {
  const group = page.getByRole('radiogroup', { name: 'Response' });
  const radio = group.locator(`input[type="radio"][value="${type}"]`);
  for (const more of [/^More answers/, /^Answers this stage does not usually take/]) {
    if (await radio.isVisible()) break;
    const summary = group.getByText(more);
    if ((await summary.count()) > 0 && (await radio.isHidden())) await summary.click();
  }
  await radio.check();
}

/** After Send: says yes when the page asks whether an answer the stage does not usually take is
 * meant (the demo's first answerable chargeback may be at any stage), then waits for the review. */
export async function meanUnusual(page: Page): Promise<void> {
  const question = page.getByTestId('answer-question').filter({ hasText: 'usually takes' });
  const review = page.getByRole('dialog', { name: 'Review before sending' });
  await question.or(review).first().waitFor();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Yes, I mean this answer' }).click();
  await review.waitFor();
}

/** The final review before an answer is queued: waits for it and presses "Confirm and send". */
export async function confirmReview(page: Page): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review before sending' });
  await review.waitFor();
  await review.getByRole('button', { name: 'Confirm and send' }).click();
}

/** Opens the evidence builder's "Advanced: file settings" disclosure, where the preset, resolution,
 * colour, JPEG quality, page size and file kind are set. */
export async function openAdvanced(page: Page): Promise<void> {
  const advanced = page.locator('details.advanced');
  if ((await advanced.getAttribute('open')) === null) await advanced.locator('summary').click();
}

/** Accept liability for `amountText`, through the confirmation, until the outbox has sent it. */
export async function acceptLiability(page: Page, amountText: string, shot: Shot): Promise<void> {
  await chooseAnswer(page, 'acceptLiability');
  await page.getByLabel(/Amount conceded/).fill(amountText);
  await page.getByRole('button', { name: 'Send' }).click();
  await meanUnusual(page);
  await page.getByRole('alert').filter({ hasText: 'cannot be undone' }).waitFor();
  await shot('04-confirm-accept-liability');
  await confirmReview(page);
  await page.getByRole('heading', { name: 'Outbox' }).waitFor();
  await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
  await shot('05-outbox');
}

/** The amount the dispute screen shows in its heading, as typed in the amount field. */
export async function disputedAmountText(page: Page): Promise<string> {
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  const m = /[\d.,]+/.exec(heading.replace(/\s/g, ''));
  return (m?.[0] ?? '').replace(/,/g, '');
}

/** A description list's terms and their values, e.g. a totals card: { 'Charged back': '-$12.00', … }. */
export async function definitions(list: Locator): Promise<Record<string, string>> {
  const terms = await list.locator('dt').allTextContents();
  const values = await list.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((t, i) => [t, values[i] ?? '']));
}

/** Each table row's cell texts and its data-kind, in the order shown. */
export async function rowsWithKind(rows: Locator): Promise<Array<{ cells: string[]; kind: string | null }>> {
  const out: Array<{ cells: string[]; kind: string | null }> = [];
  for (const row of await rows.all())
    out.push({ cells: await row.locator('td').allTextContents(), kind: await row.getAttribute('data-kind') });
  return out;
}
