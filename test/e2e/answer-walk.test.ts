// Issue 21's walk of the whole answer flow, on the demo portfolio through the real renderer in
// Chromium (the bridge to the real handlers), light then dark, at 1280×800: the inbox's row states,
// send-by and reply dates and totals; an answerable dispute's send-by line, suggested answers in
// plain words and checklist before the builder; typed facts and a note; Send, any question, the
// final review; the row kept in "Answer now" while its answer waits; the outbox sending it; the row
// moved to "Sent, awaiting the issuer" once delivered; and the status bar, before and after the
// service goes away. Each stop is pictured (test-results/screenshots/answer-walk-<step>-<theme>-
// 1280x800.png) and held to the words a merchant would read there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { chooseAnswer, exploreDemo } from './support/flows.ts';
import { pdfWithPages } from '../integration/evidence/corpus.ts';
import { explainReasonCode } from '../../shared/domain/reason-codes.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { convertedTotal, describeRatesAge } from '../../shared/domain/reference-rates.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { formatCalendarDate, formatReplyDay } from '../../shared/domain/merchant-format.ts';
import { sendByMeaning } from '../../shared/domain/send-by.ts';
import { addDays, parseYmd, ymdToInt } from '../../shared/domain/dates.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

/** Intl writes narrow and no-break spaces; the page and Node may not pick the same one. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();
/** 20261128 → "2026-11-28", as the row writes a date. */
const iso = (ymd: number): string => String(ymd).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
const textOf = async (l: Locator): Promise<string> => plain(await l.innerText());

/** An open "not received" chargeback at its first stage with more than a day to its send-by date:
 * the walk's answer, with evidence sections to type into. */
function notReceived(app: BrowserApp) {
  const { store } = app.services;
  const profile = store.profiles.list()[0]!;
  const rows = store.portfolio.worklistAll({ profileId: profile.id, sendByBusinessDays: 5 });
  for (const r of rows) {
    if (r.section !== 'answer-now' || (r.sendByDaysLeft ?? -1) < 2 || !r.sendBy || r.sendBy === r.reply) continue;
    const cb = store.portfolio.getChargeback(profile.id, r.id)!;
    if (explainReasonCode(cb.reasonCode).category === 'not-received' && cb.cycle === 'first')
      return { profile, row: r, cb };
  }
  throw new Error('the demo portfolio has no open "not received" chargeback at its first stage a day from send-by');
}

for (const theme of ['light', 'dark'] as const)
  test(`${theme}: the whole answer flow at 1280×800, from the inbox to "Sent, awaiting the issuer" and a failed sync`, async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser, colorScheme: theme, viewport: { width: 1280, height: 800 } });
    const shot = (step: string) => app.shot(`answer-walk-${step}-${theme}-1280x800`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-walk-'));
    try {
      const { page, services } = app;
      const bar = page.locator('footer.statusbar');

      // 1. Start: the first run offers the demo.
      await exploreDemo(page, async (name) => (name === '01-onboarding' ? shot('01-start') : undefined));
      const { profile, row, cb } = notReceived(app);
      // Delivered four days after the payment was authorized, as the record dates it.
      const authorized = parseYmd(services.store.portfolio.detail(profile.id, cb.id)?.txn?.authDate)!;
      const deliveredOn = addDays(authorized, 4);
      const delivered = { iso: iso(ymdToInt(deliveredOn)) };
      const note = `Delivered on ${formatCalendarDate(ymdToInt(deliveredOn))}, signed for at the door.`;

      // 2. The inbox: "Answer now" first, its total in the main currency with the rates, each row's
      // urgency in words, the reply date on the row, the send-by date in the badge's words.
      await page.getByTestId('section-answer-now').getByTestId('section-total').waitFor();
      assert.match(await textOf(page.locator('.vsection').first()), /^▾ ?Answer now/);
      const head = page.getByTestId('section-answer-now');
      assert.match(await textOf(head.getByTestId('section-total')), /^≈ \$[\d,]+\.\d{2} at risk$/);
      const answerNow = services.store.portfolio.listWorklist({ profileId: profile.id, limit: 1 }).sections[0]!;
      const total = convertedTotal(answerNow.amounts, 'USD');
      assert.equal(
        await textOf(head.getByTestId('section-total')),
        plain(`≈ ${formatAmount(total.total, 'USD')} at risk`),
      );
      // The rates behind the ≈ figures, whole in a disclosure, with their month and age.
      const ratesBox = page.getByTestId('rates');
      assert.ok((await textOf(ratesBox.locator('summary'))).endsWith(describeRatesAge(new Date())));
      await ratesBox.locator('summary').click();
      const rates = (await ratesBox.locator('li').allTextContents()).map(plain);
      for (const r of total.rates) assert.ok(rates.includes(plain(r.text)), `${r.text} in ${rates.join(', ')}`);
      await ratesBox.locator('summary').click();
      const badges = await page.locator('.vrow [data-testid="days-left"]').allTextContents();
      assert.ok(badges.length >= 8, `rows on the first screen (${badges.length})`);
      for (const b of badges)
        assert.match(b, /^(\d+ days? to send|Send today|Late · .+|Due today|\d+ days? left|Waiting to send)$/, b);
      assert.ok(!badges.some((b) => /Overdue/.test(b)), 'nothing overdue on the first screen');
      const target = page.locator('.vrow').filter({ hasText: cb.id });
      await page.getByLabel('Search').fill(cb.id);
      await target.waitFor();
      const badge = target.getByTestId('days-left');
      assert.equal(await badge.textContent(), `${row.sendByDaysLeft} days to send`);
      assert.equal(
        await badge.getAttribute('title'),
        `${row.sendByDaysLeft} days to send · send by ${formatCalendarDate(row.sendBy!)} ` +
          `(${sendByMeaning(row.sendBy, row.reply)}) · reply by ${formatReplyDay(row.reply!)}`,
      );
      assert.equal(
        await textOf(target.locator('.cell.main .id')),
        plain(`${cb.id} · reply by ${formatReplyDay(row.reply!)}`),
      );
      await page.getByLabel('Search').fill('');
      await page.locator('.vrow').nth(8).waitFor();
      await shot('02-inbox');

      // The first row, past its send-by date: its page says so beside the reply date.
      const first = page.locator('.vrow').first();
      // The badge's full words (its title, before the dates) end the page's send-by line.
      const firstWords = ((await first.getByTestId('days-left').getAttribute('title')) ?? '').split(' · send by ')[0]!;
      await first.click();
      await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
      assert.ok((await textOf(page.getByTestId('send-by'))).endsWith(plain(firstWords)), firstWords);
      await shot('02b-dispute-first-row');
      await page.getByRole('button', { name: '← Inbox' }).click();
      await page.locator('.vrow').nth(8).waitFor();

      // 3. The dispute: the reply date and the send-by date side by side, the suggested answers in
      // plain words with what happens next, the checklist before the evidence builder.
      await page.getByLabel('Search').fill(cb.id);
      await target.click();
      await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
      const deadline = page.getByTestId('reply-by');
      assert.match(await textOf(deadline), /^Reply by .+ (in \d+ days|tomorrow) Send by .+ · \d+ days? to send$/);
      assert.equal(
        await textOf(page.getByTestId('send-by')),
        plain(`Send by ${formatCalendarDate(row.sendBy!)} (US Eastern) · ${row.sendByDaysLeft} days to send`),
      );
      const group = page.getByRole('radiogroup', { name: 'Response' });
      const shownAnswers = await group.locator('.answer-cards input[type="radio"]').all();
      assert.ok(shownAnswers.length >= 2, 'suggested answers as cards');
      for (const radio of shownAnswers) {
        const type = (await radio.getAttribute('value')) as keyof typeof messageTypeRules;
        const r = messageTypeRules[type];
        assert.equal(
          await textOf(page.locator(`#answer-${type}-meaning`)),
          plain(`${r.meaning} Then: ${r.next} Costs: ${r.cost}`),
          `${type} says what it means, what happens next and what it costs`,
        );
      }
      assert.doesNotMatch(await textOf(group), /\b(respond|acceptLiability|represent|notate)\b/, 'no API names');
      await shot('03-dispute');

      // 4. The answer: typed facts in the evidence sections and a note; the checklist sits above the builder.
      await chooseAnswer(page, 'respond');
      const checklist = (await page.locator('.checklist').boundingBox())!;
      const builder = (await page.getByRole('article', { name: 'Evidence packet' }).boundingBox())!;
      assert.ok(checklist.y + checklist.height <= builder.y, 'the checklist comes before the builder');
      const tracking = page.getByRole('region', { name: 'Tracking and carrier' });
      await tracking.getByLabel('Carrier', { exact: true }).fill('UPS');
      await tracking.getByLabel('Tracking number', { exact: true }).fill('1Z999AA10123456784');
      const delivery = page.getByRole('region', { name: 'Proof of delivery' });
      await delivery.getByLabel('Delivery date', { exact: true }).fill(delivered.iso);
      await page.getByLabel('Note for the processor (optional)').fill(note);
      const summary = page.getByRole('article', { name: 'What will be sent' });
      await summary.getByTestId('summary-slots').filter({ hasText: '2 of 4 filled' }).waitFor();
      await page
        .getByTestId('letter-as-sent')
        .getByText('the order was shipped with UPS under tracking number 1Z999AA10123456784', { exact: false })
        .waitFor();
      await shot('04-answer-typed');
      await page.getByTestId('letter-as-sent').scrollIntoViewIfNeeded();
      await shot('04b-letter-as-sent');

      // 5. Send: any question first (none is expected for a plain answer in time), then the review.
      // Typed facts alone first: the review says what goes; Go back queues nothing.
      await services.outbox.stop();
      const send = summary.getByRole('button', { name: /^(Send|Add to outbox)$/ });
      const review = page.getByRole('dialog', { name: 'Review before sending' });
      const question = summary.getByTestId('answer-question');
      const pressSend = async (): Promise<string> => {
        // Send is pressed once the packet's size is known, with the focus wherever it was put (the
        // title of an exhibit just added): leaving that field as it was re-sizes nothing.
        await page.locator('#packet-hold').waitFor({ state: 'detached' });
        if (await summary.getByTestId('summary-size').count())
          await summary.getByTestId('summary-size').filter({ hasText: / of / }).waitFor();
        await send.click();
        await question.or(review).or(summary.getByTestId('answer-refused')).first().waitFor();
        if (await question.isVisible()) {
          await shot('05-question');
          await question.getByRole('button').click();
        }
        await review.waitFor();
        const restated = await textOf(review);
        assert.match(restated, new RegExp(`Respond with evidence to chargeback ${cb.id}`));
        assert.ok(restated.includes(plain(`${formatAmount(cb.total, cb.currency)} disputed`)), restated);
        assert.ok(restated.includes(`“${plain(note)}”`), 'the note, in its words');
        assert.match(restated, /What you typed about: Tracking and carrier, Proof of delivery\./);
        assert.match(restated, /goes to the issuer once, and cannot be changed after it is sent/);
        return restated;
      };
      await pressSend();
      await shot('05-review-typed-only');
      await review.getByRole('button', { name: 'Go back' }).click();
      await review.waitFor({ state: 'detached' });
      assert.deepEqual(
        services.outbox.list().filter((j) => j.chargebackId === cb.id),
        [],
        'nothing is queued by the review',
      );

      // The carrier's label as a file in its section: the review counts the exhibit and its pages.
      await pdfWithPages(join(files, 'label.pdf'), 2);
      app.dialogs.answerFiles([join(files, 'label.pdf')]);
      await tracking.getByRole('button', { name: 'Add files to Tracking and carrier…' }).click();
      await tracking.getByTestId('slot-state-tracking').filter({ hasText: '✓ Exhibit 1' }).waitFor();
      await summary
        .getByTestId('summary-exhibits')
        .filter({ hasText: /^1 file$/ })
        .waitFor();
      const restated = await pressSend();
      const pagesInAll = /^(\d+) pages? \(limit/.exec(await textOf(page.getByTestId('size-figures')))?.[1];
      assert.ok(Number(pagesInAll) >= 3, 'the label’s 2 pages and the letter');
      assert.ok(
        restated.includes(
          `Evidence 1 exhibit after a cover letter, ${pagesInAll} pages in all, the cover letter’s included: ` +
            'Carrier tracking (UPS 1Z999AA10123456784).',
        ),
        'the exhibit by its title, and the packet’s pages as the builder counts them',
      );
      await shot('06-review');

      // 6. Confirm and send: queued once; the outbox holds it, waiting.
      await review.getByRole('button', { name: 'Confirm and send' }).click();
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      const jobs = services.outbox.list().filter((j) => j.chargebackId === cb.id);
      assert.equal(jobs.length, 1, 'queued once');
      const card = page.locator('.job').filter({ hasText: cb.id });
      await card.waitFor();
      assert.match(await textOf(card.getByTestId('job-state')), /^(Queued|Waiting)/);
      assert.equal(await textOf(card.getByTestId('job-sent')), '—');
      await shot('07-outbox-waiting');

      // 7. Back to the inbox: the row stays in "Answer now", saying its answer waits to be sent.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Inbox', exact: true }).click();
      await page.getByLabel('Search').fill(cb.id);
      await target
        .getByTestId('days-left')
        .filter({ hasText: /^Waiting to send$/ })
        .waitFor();
      assert.equal(await page.getByTestId('section-answer-now').getByTestId('section-count').textContent(), '1');
      assert.equal(await page.getByTestId('section-awaiting-issuer').count(), 0);
      assert.match((await target.getByTestId('days-left').getAttribute('title')) ?? '', /^Answer: /);
      await shot('08-inbox-waiting');

      // 8. The outbox sends it; a sync brings the processor's record of it.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox', exact: true }).click();
      services.outbox.start();
      await card
        .getByTestId('job-state')
        .filter({ hasText: 'Sent — awaiting the issuer' })
        .waitFor({ timeout: 30_000 });
      assert.notEqual(await textOf(card.getByTestId('job-sent')), '—');
      await bar.getByRole('button', { name: 'Sync now' }).click();
      await bar.getByText(/^Up to date · last synced just now/).waitFor({ timeout: 30_000 });
      await shot('09-outbox-sent');

      // 9. The inbox: the row has moved to "Sent, awaiting the issuer"; the bar says the sync worked.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Inbox', exact: true }).click();
      await page.getByLabel('Search').fill(cb.id);
      await page.getByTestId('section-awaiting-issuer').waitFor();
      assert.equal(await page.getByTestId('section-answer-now').count(), 0, 'no longer to answer');
      assert.doesNotMatch(await textOf(target.getByTestId('days-left')), /Waiting|Failed|days? to send/);
      assert.match(await textOf(bar), /^Up to date · last synced just now/);
      await shot('10-inbox-sent');

      // 10. The service goes away: the next sync fails, and the bar says why, what to do, and the
      // last sync that worked; never "Up to date".
      await services.demoSandbox()!.close();
      await bar.getByRole('button', { name: 'Sync now' }).click();
      await bar.getByText(/^Last sync failed/).waitFor({ timeout: 30_000 });
      const failed = await textOf(bar);
      assert.doesNotMatch(failed, /Up to date/);
      assert.match(
        failed,
        /Could not reach the chargeback service on this computer\. If it is the demo, quit and reopen/,
      );
      assert.match(failed, /What you see was last synced just now\./);
      await page.getByLabel('Search').fill('');
      await page.locator('.vrow').nth(8).waitFor();
      await shot('11-status-failed');
      assert.equal(profile.id, services.store.profiles.list()[0]!.id);
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  });
