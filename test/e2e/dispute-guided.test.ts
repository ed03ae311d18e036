// The dispute page as a guided answer (issue 15), at 1280×800 in a merchant's own locale and zone
// (en-GB, Europe/Berlin): the answers that fit first as radio cards, the rest behind "More
// answers"; Send under a summary of what it sends, beside the work; technical settings behind
// "Advanced"; values in words, the reply deadline with its time and zone; structured evidence
// slots whose files get real titles and write the letter. And the merchant's mistakes: a file of
// the wrong kind in a slot, a tracking number typed with spaces and in lower case, switching the
// answer after filling slots, a draft saved by the old version, Send with blanks in the letter; typed
// facts with no file (the section is not "Empty", the letter states them), a sentence the record
// does not support (marked in the letter as it will be sent, with why), focus on the exhibit just
// added, and an exhibit renamed (the packet lists it by that title).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { chooseAnswer, confirmReview, exploreDemo, openAdvanced } from './support/flows.ts';
import { scanJpeg, pdfWithPages } from '../integration/evidence/corpus.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { readPdf } from '../integration/evidence/pdf-read.ts';
import { explainReasonCode } from '../../shared/domain/reason-codes.ts';
import { suggestedAnswers, messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { describeReplyBy } from '../../shared/domain/merchant-format.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

const merchant = { locale: 'en-GB', timezoneId: 'Europe/Berlin' };

/** An open, answerable "not received" chargeback of the demo with days to go, and its records. */
function notReceived(app: BrowserApp) {
  const { store } = app.services;
  const profile = store.profiles.list()[0]!;
  const rows = store.portfolio.listWorklist({ profileId: profile.id, offset: 0, limit: 500 }).rows;
  for (const r of rows) {
    if (r.status !== 'open' || !r.actionable || (r.daysLeft ?? -1) < 2) continue;
    const d = store.portfolio.detail(profile.id, r.id)!;
    if (explainReasonCode(d.chargeback.reasonCode).category === 'not-received' && d.chargeback.cycle === 'first')
      return { profile, cb: d.chargeback };
  }
  throw new Error('the demo portfolio has no open "not received" chargeback at its first cycle');
}

async function open(page: Page, id: string): Promise<void> {
  await page.getByLabel('Search').fill(id);
  await page.locator('.vrow').filter({ hasText: id }).click();
  await page.getByRole('heading', { name: 'Evidence that wins' }).waitFor();
}

/** Whether the element is inside the window as it is scrolled now. */
async function inView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= 800;
}

test(
  'the dispute page guides the answer: fitting answers first, Send beside what it sends, ' +
    'values in words and the merchant’s locale, evidence slots that title the exhibits and write the letter',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-guided-'));
    const app = await openBrowserApp({ browser, viewport: { width: 1280, height: 800 }, ...merchant });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const { profile, cb } = notReceived(app);
      // A draft the previous version saved: no slots, its own letter and preset.
      services.store.drafts.save(profile.id, cb.id, {
        items: [],
        arrangement: { pages: [] },
        preset: 'photo',
        pageSize: 'a4',
        rebuttal: 'Our customer received the parcel. We ask the issuer to reverse this chargeback.',
        output: 'pdf',
      });
      await open(page, cb.id);
      await app.shot('dispute-guided-01-first-view');

      // 1. The answers that fit this stage and reason first, as radio cards with their meaning.
      const group = page.getByRole('radiogroup', { name: 'Response' });
      const fitting = suggestedAnswers(cb.cycle, 'not-received');
      assert.ok(fitting.length >= 2 && fitting.length <= 3);
      const visibleRadios = group.locator('input[type="radio"]:visible');
      const valuesShown = await Promise.all((await visibleRadios.all()).map((r) => r.getAttribute('value')));
      assert.deepEqual(valuesShown, fitting);
      for (const type of fitting)
        await group
          .getByRole('radio', { name: messageTypeRules[type].label, exact: true })
          .and(page.locator(`[aria-describedby="answer-${type}-meaning"]`))
          .waitFor();
      assert.equal(await page.getByText(messageTypeRules.respond.meaning).isVisible(), true, 'its plain meaning');
      assert.equal(
        await page
          .getByText(/unusual at this stage/i)
          .filter({ visible: true })
          .count(),
        0,
        'the others are not on show',
      );
      const more = group.getByText(/^More answers \(\d+\)$/);
      assert.equal(await group.locator('input[value="requestArbitration"]').isVisible(), false);
      // A real radio group: Tab reaches it, the arrows move the choice, the labels name each one.
      await group.locator(`input[value="${fitting[0]}"]`).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      assert.equal(await group.locator(`input[value="${fitting[1]}"]`).isChecked(), true, 'arrow keys choose');
      await page.keyboard.press('Tab');
      assert.notEqual(await page.locator(':focus').getAttribute('type'), 'radio', 'Tab leaves the group in one step');
      await more.click();
      assert.equal(await group.locator('input[value="notate"]').isVisible(), true, 'the others that fit');
      assert.equal(
        await group.locator('input[value="requestArbitration"]').isVisible(),
        false,
        'not yet those the stage does not usually take',
      );
      const unusual = group.getByText(/^Answers this stage does not usually take \(\d+\)$/);
      await unusual.click();
      assert.equal(await group.locator('input[value="requestArbitration"]').isVisible(), true);
      assert.equal(await group.locator('input[value="unaccept"]').count(), 0, 'nothing to withdraw: not offered');
      await app.shot('dispute-guided-02-more-answers');
      await unusual.click();
      await more.click();

      // 4. Values in words: the reply deadline with its time and zone, dates in the merchant's locale.
      const due = describeReplyBy(cb.reply, new Date(), { locale: 'en-GB', timeZone: 'Europe/Berlin' })!;
      const deadline = page.getByTestId('reply-by');
      assert.equal(await deadline.locator('time').textContent(), due.text);
      // The service's reply day with its zone, and the same moment on the merchant's clock (Berlin).
      assert.match(due.text, /^Reply by \w{3}, \d{1,2} \w{3} \d{4}, end of day US Eastern$/);
      assert.match(due.yourClock ?? '', /^\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} (CET|CEST)$/);
      assert.equal(await page.getByTestId('reply-your-clock').textContent(), `${due.yourClock} on your clock`);
      assert.match((await deadline.textContent()) ?? '', /in \d+ days|tomorrow/);
      const shown = (await page.locator('section.dispute').innerText()).replace(/t1_chb_\w+/g, '');
      assert.doesNotMatch(shown, /\b20\d{6}\b/, 'no YYYYMMDD');
      assert.doesNotMatch(shown, /\b(Origin|Mode|Event) \d+\b/, 'no bare codes');
      assert.doesNotMatch(shown, /Message \w+ – \w+/, 'no raw message lines');
      assert.doesNotMatch(shown, /\b(requested|processed|acceptLiability|respondToDispute)\b/, 'no enum values');
      const authorized = page.locator('.facts div').filter({ has: page.locator('dt', { hasText: /^Authorized$/ }) });
      if (await authorized.count())
        assert.match((await authorized.locator('dd').textContent()) ?? '', /^\w{3}, \d{1,2} \w{3} \d{4}$/);
      const history = page.locator('ol.timeline');
      await history.getByText('Opened', { exact: true }).first().waitFor();
      assert.match(await history.innerText(), /\d{1,2} \w{3} \d{4}, \d{2}:\d{2} (CET|CEST)/);

      // 3. Send under a summary of what it sends, in view beside the answer.
      await chooseAnswer(page, 'respond');
      const summary = page.getByRole('article', { name: 'What will be sent' });
      await summary.getByTestId('summary-answer').filter({ hasText: 'Respond with evidence' }).waitFor();
      assert.equal(await summary.getByRole('button', { name: 'Send' }).count(), 1, 'Send is in the summary');
      assert.equal(await page.getByRole('button', { name: /^(Send|Add to outbox)$/ }).count(), 1, 'and only there');
      assert.ok(await inView(page, '.summary-card .send'), 'Send is on the first screen');
      const answerBox = (await page.locator('.answer-card').boundingBox())!;
      const sendBox = (await page.locator('.summary-card .send').boundingBox())!;
      assert.ok(Math.abs(sendBox.y - answerBox.y) < 400, 'beside the answer, not 1,000 px below it');
      // Technical settings are behind "Advanced".
      for (const technical of ['Resolution', 'JPEG quality', 'PDF pages', 'Preset'])
        assert.equal(await page.getByLabel(technical, { exact: true }).isVisible(), false, technical);
      assert.equal(await page.getByText('Keep as they are when they fit').isVisible(), false);

      // The old version's draft loaded as it was, with empty slots.
      const letter = page.getByRole('textbox', { name: 'Cover letter' });
      assert.equal(
        await letter.inputValue(),
        'Our customer received the parcel. We ask the issuer to reverse this chargeback.',
      );
      await openAdvanced(page);
      assert.equal(await page.getByLabel('Preset', { exact: true }).inputValue(), 'photo');
      assert.equal(await page.getByLabel('Page size', { exact: true }).inputValue(), 'a4');
      await page.locator('details.advanced summary').click();

      // 2. Slots for a "not received" dispute, with structured fields.
      const slots = page.locator('.slots section.slot');
      assert.deepEqual(await slots.locator('.slot-head strong').allTextContents(), [
        'Tracking and carrier',
        'Proof of delivery',
        'Receipt or invoice',
        'Customer communication',
      ]);
      const tracking = page.getByRole('region', { name: 'Tracking and carrier' });
      await tracking.getByLabel('Carrier', { exact: true }).fill('UPS');
      const number = tracking.getByLabel('Tracking number', { exact: true });
      await number.fill(' 1z 999 aa1 0123 456784 ');
      await number.blur();
      assert.equal(await number.inputValue(), '1Z999AA10123456784', 'normalised as the carrier prints it');
      // Typed facts alone, no file: the section is not "Empty", and they are in the letter as it will be sent.
      await tracking
        .getByTestId('slot-state-tracking')
        .filter({ hasText: '✓ Typed: carrier, tracking number' })
        .waitFor();
      await summary.getByTestId('summary-slots').filter({ hasText: '1 of 4 filled' }).waitFor();
      const asSent = page.getByTestId('letter-as-sent');
      await asSent
        .getByText('Carrier tracking: the order was shipped with UPS under tracking number 1Z999AA10123456784.')
        .waitFor();
      // A generated sentence this record or packet does not support, pasted in: marked where it
      // stands, with why, and not in the letter as sent.
      const before3ds = await letter.inputValue();
      const claim3ds = 'The enclosed 3-D Secure result shows the cardholder authenticated the payment.';
      await letter.fill(`${before3ds} ${claim3ds}`);
      const marked = asSent.getByTestId('left-out').filter({ hasText: claim3ds });
      await marked.waitFor();
      const origin = Number(services.store.portfolio.detail(profile.id, cb.id)?.txn?.origin);
      assert.equal(
        (await marked.locator('small').textContent()) ?? '',
        'Left out: ' +
          (origin === 5
            ? 'no exhibit in the packet is a 3-D Secure result (name or title one so, or add it).'
            : origin === 6
              ? 'the transaction record says 3-D Secure was only attempted, not that the cardholder was authenticated.'
              : 'the transaction record shows no 3-D Secure authentication.'),
      );
      await page.getByText(/^The letter as it will be sent \(1 sentence of your draft left out/).waitFor();
      await marked.scrollIntoViewIfNeeded();
      await app.shot('dispute-guided-02b-left-out-marked');
      await letter.fill(before3ds);
      await marked.waitFor({ state: 'detached' });

      // A file of the wrong kind is refused by name; the others go into the slot.
      await pdfWithPages(join(files, 'label.pdf'), 1);
      writeFileSync(join(files, 'notes.txt'), 'called the customer on Tuesday');
      await scanJpeg(join(files, 'IMG_2232.jpg'), { width: 1000, height: 1400 });
      app.dialogs.answerFiles([join(files, 'notes.txt'), join(files, 'label.pdf')]);
      await tracking.getByRole('button', { name: 'Add files to Tracking and carrier…' }).click();
      await tracking.getByTestId('slot-state-tracking').filter({ hasText: '✓ Exhibit 1' }).waitFor();
      assert.match(
        (await tracking.getByRole('list', { name: 'Not added to Tracking and carrier' }).textContent()) ?? '',
        /notes\.txt/,
      );
      const delivery = page.getByRole('region', { name: 'Proof of delivery' });
      app.dialogs.answerFiles([join(files, 'IMG_2232.jpg')]);
      await delivery.getByRole('button', { name: 'Add files to Proof of delivery…' }).click();
      await delivery.getByTestId('slot-state-delivery').filter({ hasText: '✓ Exhibit 2' }).waitFor();
      // Focus lands on what was added: the new exhibit's title, to check or rename.
      const added = page.getByRole('textbox', { name: /^Exhibit 2 IMG_2232\.jpg$/ });
      // Playwright's own check: the field is the focused element once the title is drawn.
      await added.and(page.locator(':focus')).waitFor();
      assert.equal(await added.inputValue(), 'Proof of delivery (UPS 1Z999AA10123456784)');
      await delivery.getByLabel('Delivery date', { exact: true }).fill('2026-10-05');
      // Exhibits are titled by what they prove, not by file name.
      assert.deepEqual(await page.locator('.page-name').allTextContents(), [
        '1. Carrier tracking (UPS 1Z999AA10123456784)',
        '2. Proof of delivery (UPS 1Z999AA10123456784)',
      ]);
      // A filled slot ticks its checklist item; an empty one does not.
      const item = (label: string) => page.locator('.checklist li').filter({ hasText: label });
      assert.equal(await item('Carrier and tracking number').locator('input').isChecked(), true);
      await item('Carrier and tracking number').getByText('In the packet: Tracking and carrier').waitFor();
      assert.equal(await item('Delivery confirmation').locator('input').isChecked(), true);
      assert.equal(await item('Customer messages').count(), 0, 'not on this reason’s checklist');
      assert.equal(await item('Receipt or invoice').locator('input').isChecked(), false, 'its slot is empty');
      // The letter is written from what was provided.
      const written = asSent;
      await written
        .getByText(
          'Exhibit 1 (carrier tracking): the order was shipped with UPS under tracking number 1Z999AA10123456784.',
        )
        .waitFor();
      await written.getByText('Exhibit 2 (proof of delivery): the order was delivered on Mon, Oct 5, 2026.').waitFor();
      assert.doesNotMatch(
        await written.innerText(),
        /\((receipt or invoice|customer communication)\)/,
        'nothing for an empty slot',
      );
      await summary
        .getByTestId('summary-exhibits')
        .filter({ hasText: /^2 files$/ })
        .waitFor();
      await summary.getByTestId('summary-slots').filter({ hasText: '2 of 4 filled' }).waitFor();
      await summary
        .getByTestId('summary-size')
        .filter({ hasText: /KB of 10 MB|MB of 10 MB/ })
        .waitFor();
      await summary.getByTestId('summary-letter').filter({ hasText: 'ready' }).waitFor();
      await page.locator('.slots').scrollIntoViewIfNeeded();
      assert.ok(await inView(page, '.summary-card .send'), 'Send stays in view beside the slots');
      await app.shot('dispute-guided-03-slots-filled');

      // Switching the answer after filling the slots loses nothing.
      await chooseAnswer(page, 'acceptLiability');
      await page.getByLabel(/Amount conceded/).waitFor();
      await chooseAnswer(page, 'respond');
      await tracking.getByTestId('slot-state-tracking').filter({ hasText: '✓ Exhibit 1' }).waitFor();
      assert.equal(await tracking.getByLabel('Tracking number', { exact: true }).inputValue(), '1Z999AA10123456784');
      assert.equal(await delivery.getByLabel('Delivery date', { exact: true }).inputValue(), '2026-10-05');
      assert.equal(await page.locator('.page-tile').count(), 2);

      // Send with a blank in the letter: refused, saying which.
      const own = await letter.inputValue();
      await letter.fill(`${own}\n\nOrder [order number] was packed on time.`);
      const blank = summary.getByRole('alert').filter({ hasText: 'still has a blank to fill: [order number]' });
      await blank.waitFor();
      await summary.getByTestId('summary-letter').filter({ hasText: '1 blank to fill' }).waitFor();
      assert.equal(await summary.getByRole('button', { name: 'Add to outbox' }).isDisabled(), true);
      await app.shot('dispute-guided-04-blank-refused');
      await letter.fill(own);
      await blank.waitFor({ state: 'detached' });

      // The merchant renames an exhibit: the pages and the letter's list say the new title.
      await added.fill('Doorstep photo from the UPS driver');
      await added.blur();
      await page.locator('.page-name').filter({ hasText: '2. Doorstep photo from the UPS driver' }).waitFor();

      // Sent: the packet's letter cites the slots' exhibits and lists them by title.
      await services.outbox.stop();
      await summary.getByRole('button', { name: 'Add to outbox' }).click();
      await confirmReview(page);
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      const [job] = services.outbox.list();
      const doc = job!.steps.find((s) => s.kind === 'document')!;
      const text = (await readPdf(join(services.home, 'outbox', job!.id, `${doc.position}-${doc.name}`)))
        .map((p) => p.plain)
        .join(' ');
      assert.match(text, /Our customer received the parcel\./, 'the merchant’s own words stay');
      assert.match(
        text,
        /Exhibit 1 \(carrier tracking\): the order was shipped with UPS under tracking number 1Z999AA10123456784\./,
      );
      assert.match(text, /Exhibit 2 \(proof of delivery\): the order was delivered on Mon, Oct 5, 2026\./);
      assert.match(text, /1\. Carrier tracking \(UPS 1Z999AA10123456784\) – page 2/);
      assert.match(text, /2\. Doorstep photo from the UPS driver – page 3/, 'the title the merchant wrote');
      assert.doesNotMatch(text, /label\.pdf|IMG_2232/, 'no file names for titled exhibits');
      assert.doesNotMatch(text, /customer communication|receipt or invoice\)/i, 'no paragraph for an empty slot');
      services.outbox.start();
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test('the guided dispute page in dark mode', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const app = await openBrowserApp({
    browser,
    colorScheme: 'dark',
    viewport: { width: 1280, height: 800 },
    ...merchant,
  });
  try {
    const { page } = app;
    await exploreDemo(page, async () => undefined);
    const { cb } = notReceived(app);
    await open(page, cb.id);
    await chooseAnswer(page, 'respond');
    await page.getByRole('region', { name: 'Tracking and carrier' }).waitFor();
    const background = await page.evaluate("getComputedStyle(document.querySelector('.slot')).borderColor");
    assert.notEqual(background, 'rgb(227, 228, 224)', 'the dark palette, not the light one');
    await app.shot('dispute-guided-05-dark');
  } finally {
    await app.close();
  }
});

test(
  'issue 21: an empty Send is refused, a decided chargeback offers no Send, an unusual and a late answer ' +
    'each ask their own question, and the final review queues once, even on a double click',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser, viewport: { width: 1280, height: 800 }, ...merchant });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const { profile, cb } = notReceived(app);
      const sandbox = services.demoSandbox()!;
      const admin = createSandboxAdmin(sandbox.url, sandbox.adminToken);
      const late = await admin.createChargeback({ reply: 20200101, cycle: 'first' });
      const won = await admin.createChargeback();
      await admin.decide(won.id, 'won');
      await services.sync.syncChargeback(profile.id, late.id);
      await services.sync.syncChargeback(profile.id, won.id);
      const jobs = (id: string) => services.outbox.list().filter((j) => j.chargebackId === id);
      const summary = page.getByRole('article', { name: 'What will be sent' });
      const review = page.getByRole('dialog', { name: 'Review before sending' });

      // A decided chargeback: no Send at all, and why, in words. Focus is on the page just opened.
      await open(page, won.id);
      assert.equal(
        await page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document
              .activeElement?.tagName,
        ),
        'H1',
        'focus lands on the dispute opened, not the page behind',
      );
      await page.getByText(/is won: the issuer has decided it, and the processor accepts no more responses/).waitFor();
      assert.equal(await page.getByRole('button', { name: /^(Send|Add to outbox)$/ }).count(), 0);
      assert.equal(await page.getByRole('radiogroup', { name: 'Response' }).count(), 0);

      // Nothing to send: refused with why, no review, nothing queued.
      await page.getByRole('button', { name: '← Inbox' }).click();
      await open(page, cb.id);
      await chooseAnswer(page, 'respond');
      await summary.getByRole('button', { name: 'Send' }).click();
      const refused = summary.getByTestId('answer-refused');
      await refused.filter({ hasText: 'Respond with evidence has nothing in it' }).waitFor();
      assert.equal(await review.count(), 0, 'no review of an answer that says nothing');
      await app.shot('issue21-01-empty-refused');
      assert.deepEqual(jobs(cb.id), [], 'nothing was queued');

      // An answer the stage does not usually take: its own question first.
      await chooseAnswer(page, 'requestArbitration');
      await page.getByLabel('Note for the processor (optional)').fill('Let the network decide.');
      await summary.getByRole('button', { name: 'Send' }).click();
      const question = summary.getByTestId('answer-question');
      await question
        .filter({ hasText: /"Request arbitration" is not an answer this stage .* usually takes/ })
        .waitFor();
      assert.equal(await review.count(), 0);

      // With a note, the plain answer: the review restates it; going back queues nothing.
      await chooseAnswer(page, 'respond');
      await page.getByLabel('Note for the processor (optional)').fill('Delivered on 5 October, signed for.');
      assert.equal(await refused.count(), 0, 'the refusal goes once there is something to send');
      await summary.getByRole('button', { name: 'Send' }).click();
      await review.waitFor();
      const restated = (await review.getByTestId('answer-review').innerText()).replace(/\s+/g, ' ');
      assert.match(restated, new RegExp(`Respond with evidence to chargeback ${cb.id}`));
      assert.match(restated, /Delivered on 5 October, signed for\./);
      assert.match(restated, /disputed/);
      assert.match(restated, /No evidence goes with it\./);
      assert.match(await review.innerText(), /goes to the issuer once, and cannot be changed after it is sent/);
      await app.shot('issue21-02-review');
      await review.getByRole('button', { name: 'Go back' }).click();
      await review.waitFor({ state: 'detached' });
      assert.deepEqual(jobs(cb.id), [], 'nothing was queued by the review alone');

      // A double click on "Confirm and send" (two clicks before the page can redraw) queues once.
      await services.outbox.stop();
      await summary.getByRole('button', { name: 'Send' }).click();
      await review.getByRole('button', { name: 'Confirm and send' }).evaluate((b) => {
        const button = b as unknown as { click(): void };
        button.click();
        button.click();
      });
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      await page.waitForTimeout(500);
      assert.equal(jobs(cb.id).length, 1, 'one click queued once');

      // Past the reply date: a separate confirmation that the processor will likely refuse it.
      await page.getByRole('button', { name: 'Inbox' }).click();
      // Past its reply date it sits in the folded "Past the deadline" section: unfolded to open it.
      await page.getByLabel('Search').fill(late.id);
      const pastHead = page.getByTestId('section-past-deadline');
      await pastHead.waitFor();
      if (!(await page.locator('.vrow').filter({ hasText: late.id }).isVisible())) await pastHead.click();
      await open(page, late.id);
      await chooseAnswer(page, 'respond');
      await page.getByLabel('Note for the processor (optional)').fill('Delivered on time.');
      await summary.getByRole('button', { name: 'Send' }).click();
      await question.filter({ hasText: /The reply date .* has passed: the processor will likely refuse/ }).waitFor();
      assert.equal(await review.count(), 0, 'no review before the late question is answered');
      assert.equal(
        await question.evaluate(
          (q) => q === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        ),
        true,
        'the keyboard is on the question just asked',
      );
      await app.shot('issue21-03-late-question');
      assert.deepEqual(jobs(late.id), []);
      await question.getByRole('button', { name: 'Send it late anyway' }).click();
      await review.waitFor();
      assert.match(await review.innerText(), /It goes after the reply date: the processor will likely refuse it\./);
      await review.getByRole('button', { name: 'Confirm and send' }).click();
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      assert.deepEqual(
        jobs(late.id).map((j) => j.sendLate),
        [true],
      );
      services.outbox.start();
    } finally {
      await app.close();
    }
  },
);

test(
  'walk findings 1, 5, 6, 7, 14: Send pressed straight from the title of the exhibit just added opens the review; ' +
    'the review names the chargeback by customer and order and the exhibits by title, with the one page count ' +
    'the summary and the builder give; typed facts alone can be previewed and their letter counted',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-send-click-'));
    const app = await openBrowserApp({ browser, viewport: { width: 1280, height: 800 }, ...merchant });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const { profile, cb } = notReceived(app);
      const txn = services.store.portfolio.detail(profile.id, cb.id)?.txn;
      await services.outbox.stop();
      await open(page, cb.id);
      await chooseAnswer(page, 'respond');
      const summary = page.getByRole('article', { name: 'What will be sent' });
      const review = page.getByRole('dialog', { name: 'Review before sending' });
      const send = summary.getByRole('button', { name: 'Add to outbox' });
      const figures = page.getByTestId('size-figures');
      const counted = async (): Promise<number> => {
        await figures.filter({ hasText: /^\d+ pages? \(limit/ }).waitFor();
        return Number(/^(\d+)/.exec((await figures.textContent()) ?? '')![1]);
      };

      // Typed facts alone: the packet is the letter that states them; it has its pages, counted
      // alike in the builder and the summary, and it can be previewed before it goes.
      const tracking = page.getByRole('region', { name: 'Tracking and carrier' });
      await tracking.getByLabel('Carrier', { exact: true }).fill('UPS');
      await tracking.getByLabel('Tracking number', { exact: true }).fill('1Z999AA10123456784');
      const letterOnly = await counted();
      assert.ok(letterOnly >= 1, 'the letter has pages');
      const pagesWord = (n: number) => `${n} page${n === 1 ? '' : 's'}, the cover letter’s included`;
      await summary
        .getByTestId('summary-pages')
        .filter({ hasText: pagesWord(letterOnly) })
        .waitFor();
      const preview = page.getByRole('button', { name: 'Preview the packet' });
      assert.equal(await preview.isEnabled(), true, 'typed facts alone can be previewed');
      await preview.click();
      const shown = page.getByRole('dialog', { name: 'Preview of the packet' });
      await shown.locator('.preview-page').first().waitFor({ timeout: 120_000 });
      await shown.getByRole('button', { name: 'Close' }).click();
      await shown.waitFor({ state: 'detached' });
      await page.locator('#packet-hold').waitFor({ state: 'detached' });
      await send.click();
      await review.waitFor();
      const customer = [txn?.first, txn?.middle, txn?.last].filter(Boolean).join(' ');
      const whose = [customer || undefined, txn?.order ? `order ${String(txn.order)}` : undefined]
        .filter(Boolean)
        .join(', ');
      assert.ok(whose, 'the demo record names a customer or an order');
      const restated = (await review.getByTestId('answer-review').innerText()).replace(/\s+/g, ' ');
      assert.ok(restated.includes(`to chargeback ${cb.id} (${whose}):`), restated);
      assert.equal(
        await review.getByTestId('review-evidence').innerText(),
        `A cover letter, ${letterOnly} page${letterOnly === 1 ? '' : 's'} in all, the cover letter’s included. ` +
          'What you typed about: Tracking and carrier.',
      );
      await review.getByRole('button', { name: 'Go back' }).click();
      await review.waitFor({ state: 'detached' });

      // A file in its section: focus lands in its title; once the packet is sized, Send is pressed
      // straight away (leaving the title field is part of that press) and the review opens.
      await pdfWithPages(join(files, 'label.pdf'), 2);
      app.dialogs.answerFiles([join(files, 'label.pdf')]);
      await tracking.getByRole('button', { name: 'Add files to Tracking and carrier…' }).click();
      const title = page.getByRole('textbox', { name: /^Exhibit 1 label\.pdf$/ });
      await title.and(page.locator(':focus')).waitFor();
      await figures.filter({ hasText: new RegExp(`^${letterOnly + 2} pages`) }).waitFor();
      const all = await counted();
      await summary
        .getByTestId('summary-exhibits')
        .filter({ hasText: /^1 file$/ })
        .waitFor();
      await summary
        .getByTestId('summary-pages')
        .filter({ hasText: pagesWord(all) })
        .waitFor();
      assert.equal(
        await title.evaluate(
          (e) => e === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        ),
        true,
        'the focus is still in the title field when Send is pressed',
      );
      await send.click();
      await review.waitFor({ timeout: 5_000 });
      assert.equal(await page.locator('#packet-hold').count(), 0, 'leaving the unchanged title re-sized nothing');
      assert.equal(
        await review.getByTestId('review-evidence').innerText(),
        `1 exhibit after a cover letter, ${all} pages in all, the cover letter’s included: ` +
          'Carrier tracking (UPS 1Z999AA10123456784). What you typed about: Tracking and carrier.',
      );
      assert.equal(await review.getByRole('button', { name: 'Confirm and send' }).isEnabled(), true);
      await review.getByRole('button', { name: 'Confirm and send' }).click();
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      assert.equal(services.outbox.list().filter((j) => j.chargebackId === cb.id).length, 1, 'queued once');
      services.outbox.start();
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);
