// The findings of issue 13 as a new merchant meets them in demo mode, through the real renderer
// and the real IPC handlers: each test does what hurt the merchant and checks it no longer can.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import {
  chooseAnswer,
  confirmReview,
  exploreDemo,
  openFirstAnswerable,
  disputedAmountText,
  definitions,
  rowsWithKind,
} from './support/flows.ts';
import { formatAmount, majorToMinor } from '../../shared/domain/money.ts';
import { scanJpeg, pdfWithPages } from '../integration/evidence/corpus.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { sandboxEntries, wireTotals, type WireEntry } from './support/sandbox-entries.ts';
import { readPdf } from '../integration/evidence/pdf-read.ts';
import sharp from 'sharp';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

test(
  'finding 1: conceding 999999 on a chargeback is refused where it ' +
    'is typed and by the handler; the confirmation restates the amount',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const chargebackId = await openFirstAnswerable(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      const cb = services.store.portfolio.getChargeback(profile.id, chargebackId)!;
      const total = formatAmount(cb.total, cb.currency);

      await chooseAnswer(page, 'acceptLiability');
      await page.getByLabel(/Amount conceded/).fill('999999');
      await page.getByRole('button', { name: 'Send' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'is more than' });
      await refusal.waitFor();
      const typed = formatAmount(majorToMinor('999999', cb.currency)!, cb.currency);
      assert.equal(
        await refusal.textContent(),
        `${typed} is more than the ${total} disputed: you can concede at most ${total}.`,
      );
      assert.equal(
        await page.getByRole('button', { name: 'Confirm and send' }).count(),
        0,
        'no confirmation is offered for an amount that cannot be sent',
      );
      await app.shot('13-over-concession-refused');

      // A window that skipped its own check is stopped by the handler, and by the outbox under it.
      const direct = await page.evaluate(
        ([p, c]) =>
          (
            globalThis as unknown as {
              disputeDesk: { submitResponse(r: unknown): Promise<{ ok: boolean; error?: { message: string } }> };
            }
          ).disputeDesk.submitResponse({
            profileId: p,
            chargebackId: c,
            messageType: 'acceptLiability',
            amount: 99_999_900,
            confirmed: true,
          }),
        [profile.id, chargebackId] as const,
      );
      assert.equal(direct.ok, false);
      assert.match(direct.error!.message, /is more than the .* disputed/);
      await assert.rejects(
        services.outbox.submit({
          profileId: profile.id,
          chargebackId,
          messageType: 'acceptLiability',
          amount: cb.total + 1,
          currency: cb.currency,
          documents: [],
        }),
        /is more than/,
      );
      assert.deepEqual(services.outbox.list(), [], 'nothing was queued');

      // The right amount: the confirmation says what is conceded, in which currency, and what it means.
      await page.getByLabel(/Amount conceded/).fill(await disputedAmountText(page));
      assert.equal(await refusal.count(), 0, 'the refusal goes once the amount is changed');
      await page.getByRole('button', { name: 'Send' }).click();
      const confirm = page.getByRole('alert').filter({ hasText: 'cannot be undone' });
      await confirm.waitFor();
      assert.match(
        (await confirm.textContent()) ?? '',
        new RegExp(
          `You concede ${total.replace(/[$.()]/g, '\\$&')} \\(${cb.currency}\\), ` +
            `the whole amount disputed\\. The cardholder keeps it`,
        ),
      );
      assert.equal(await page.locator('.toast').count(), 0, 'no stale toast is left on screen');
      await app.shot('13-concession-confirmation');
      await confirmReview(page);
      await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
      const received = services.outbox.list();
      assert.deepEqual(
        received.map((j) => [j.messageType, j.amount, j.currency]),
        [['acceptLiability', cb.total, cb.currency]],
      );
    } finally {
      await app.close();
    }
  },
);

test(
  'finding 3: after a send the inbox, dispute and outbox say where ' +
    'the answer stands; a second answer asks first, with what was sent',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-second-'));
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await scanJpeg(join(files, 'receipt.jpg'), { width: 1000, height: 1400 });
      await exploreDemo(page, async () => undefined);
      const chargebackId = await openFirstAnswerable(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      const stage = page.getByTestId('answer-stage');
      assert.equal(await stage.textContent(), 'Not answered');
      await chooseAnswer(page, 'respond');
      app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await page.locator('.page-tile').first().waitFor();
      await page.getByRole('button', { name: 'Add to outbox' }).click();
      await confirmReview(page);
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      const card = page.locator('.job').filter({ hasText: chargebackId });
      // The card's state in words (was a separate "answer-stage" line reading "Sent, awaiting the issuer").
      await card
        .getByTestId('job-state')
        .filter({ hasText: 'Sent — awaiting the issuer' })
        .waitFor({ timeout: 30_000 });

      // The inbox no longer says the deadline is pending: the answer is with the issuer.
      await page.getByRole('button', { name: 'Inbox' }).click();
      await page.getByLabel('Search').fill(chargebackId);
      const row = page.locator('.vrow').filter({ hasText: chargebackId });
      // A short badge ("Sent"), its full words in its title.
      await row
        .locator('[data-testid="days-left"][title^="Sent, awaiting the issuer"]')
        .filter({ hasText: /^Sent$/ })
        .waitFor();
      await app.shot('13-inbox-answered');

      // The dispute says what was sent; the draft went with it, so the builder starts empty.
      await row.click();
      await stage.filter({ hasText: 'Sent, awaiting the issuer' }).waitFor();
      assert.match(
        (await page.getByRole('list', { name: 'Answers at this stage' }).textContent()) ?? '',
        // The receipt's page and the cover letter's: the packet's pages as built (it said 1).
        /Respond with evidence with 1 document, sent .* UTC · its packet: 2 pages/,
      );
      await chooseAnswer(page, 'respond');
      await page.getByRole('button', { name: 'Add files…' }).waitFor();
      assert.equal(await page.locator('.page-tile').count(), 0, 'the sent draft is archived, not offered again');
      assert.equal(services.store.drafts.sent(profile.id, chargebackId).length, 1, 'kept with the answer it went with');

      // A second answer is asked about first, naming what was sent; nothing goes until the merchant says so.
      await page.getByLabel('Note for the processor (optional)').fill('The tracking shows delivery.');
      await page.getByRole('button', { name: 'Send' }).click();
      const ask = page.getByRole('alert').filter({ hasText: 'already has an answer at this stage' });
      await ask.waitFor();
      assert.match((await ask.textContent()) ?? '', /Respond with evidence with 1 document, sent/);
      await app.shot('13-second-answer-asks');
      const direct = await page.evaluate(
        ([p, c]) =>
          (
            globalThis as unknown as {
              disputeDesk: { submitResponse(r: unknown): Promise<{ ok: boolean; error?: { kind: string } }> };
            }
          ).disputeDesk.submitResponse({
            profileId: p,
            chargebackId: c,
            messageType: 'respond',
            note: 'Again.',
            confirmed: true,
          }),
        [profile.id, chargebackId] as const,
      );
      assert.deepEqual(
        [direct.ok, direct.error?.kind],
        [false, 'conflict'],
        'the handler refuses a second answer nobody confirmed',
      );
      assert.equal(services.outbox.list().length, 1, 'nothing more was queued');
      const admin = createSandboxAdmin(services.demoSandbox()!.url, services.demoSandbox()!.adminToken);
      assert.equal((await admin.received(chargebackId))[0]?.messages.length, 1);

      await page.getByRole('button', { name: 'Send another answer' }).click();
      await page
        .getByRole('dialog', { name: 'Review before sending' })
        .getByText('It is a second answer at this stage: the issuer gets both.')
        .waitFor();
      await confirmReview(page);
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      await page.locator('.job .state.done').nth(1).waitFor({ timeout: 30_000 });
      assert.equal((await admin.received(chargebackId))[0]?.messages.length, 2, 'sent once the merchant meant it');
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'finding 2: a blank in the letter cannot be sent; with terms.png ' +
    'the only exhibit the sent letter claims no authorization record',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-letter-'));
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#ffffff' } })
        .png()
        .toFile(join(files, 'terms.png'));
      await exploreDemo(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      // A card-absent fraud claim: its letter argues from the authorization record.
      const target = services.store.portfolio
        .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 500 })
        .rows.find((r) => r.actionable && (r.daysLeft ?? -1) >= 0 && r.category === 'fraud-card-absent');
      assert.ok(target, 'the demo portfolio has an open card-absent fraud chargeback');
      await page.getByLabel('Search').fill(target.id);
      await page.locator('.vrow').filter({ hasText: target.id }).click();
      await chooseAnswer(page, 'respond');
      app.dialogs.answerFiles([join(files, 'terms.png')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await page.locator('.page-tile').first().waitFor();
      const letter = page.getByRole('textbox', { name: 'Cover letter' });
      await page.getByTestId('letter-as-sent').waitFor();
      const generated = await letter.inputValue();
      // The draft the app writes, untouched, claims no record the packet does not hold: it
      // strikes out none of its own sentences (walk finding 4).
      assert.doesNotMatch(generated, /The enclosed authorization record shows/, 'terms.png is no authorization record');
      assert.equal(await page.getByTestId('left-out').count(), 0);
      assert.doesNotMatch(generated, /\[/, 'no blank in a generated letter');
      // The merchant writes the claim in: the editor shows the letter as it will be sent, that
      // claim struck through, with why.
      await letter.fill(`${generated} The enclosed authorization record shows the issuer approved the payment.`);
      await page
        .getByTestId('letter-as-sent')
        .getByTestId('left-out')
        .filter({ hasText: 'The enclosed authorization record shows the issuer approved the payment.' })
        .filter({ hasText: 'Left out: no exhibit in the packet is an authorization record' })
        .waitFor();

      await letter.fill(`${generated}\n\nTracking number [tracking number].`);
      const blank = page.getByRole('alert').filter({ hasText: 'still has a blank to fill: [tracking number]' });
      await blank.waitFor();
      assert.equal(await page.getByRole('button', { name: 'Add to outbox' }).isDisabled(), true);
      await app.shot('13-letter-blank');
      // A window that skipped its own check: the handler refuses the same letter.
      const [imported] = await services.evidence.importPaths([join(files, 'terms.png')]);
      assert.ok(imported?.ok);
      const evidence = {
        arrangement: { pages: [{ itemId: imported.item.id, page: 0, rotation: 0 }] },
        settings: {
          preset: 'document',
          limits: profile.limits,
          pageSize: 'letter',
          output: 'pdf',
          baseName: 'evidence',
        },
        rebuttal: `${generated} [tracking number]`,
      };
      const direct = await page.evaluate(
        ([p, c, e]) =>
          (
            globalThis as unknown as {
              disputeDesk: { submitResponse(r: unknown): Promise<{ ok: boolean; error?: { message: string } }> };
            }
          ).disputeDesk.submitResponse({
            profileId: p,
            chargebackId: c,
            messageType: 'respond',
            confirmed: true,
            evidence: e,
          }),
        [profile.id, target.id, evidence] as const,
      );
      assert.equal(direct.ok, false);
      assert.match(direct.error!.message, /still has a blank to fill: \[tracking number\]\. .*nothing was queued/);
      assert.deepEqual(services.outbox.list(), []);

      // The letter as generated: queued with the sender held back, so the packet can be read as it will go.
      await services.outbox.stop();
      await letter.fill(generated);
      await blank.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add to outbox' }).click();
      await confirmReview(page);
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      const [job] = services.outbox.list();
      const sent = job!.steps.find((s) => s.kind === 'document')!;
      const packet = join(services.home, 'outbox', job!.id, `${sent.position}-${sent.name}`);
      const text = (await readPdf(packet)).map((p) => p.plain).join(' ');
      assert.match(text, /did not authorize this purchase/);
      assert.doesNotMatch(
        text,
        /authorization record|enclosed 3-D Secure|delivery record/,
        'no claim without its exhibit (what the transaction record states may be said)',
      );
      // Listed by its title (suggested from what its name says it shows), not by the file name.
      assert.match(text, /Exhibits 1\. Terms and policy – page 2/);
      assert.doesNotMatch(text, /terms\.png/);
      services.outbox.start();
      await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'finding 4: batch review shows every letter, holds back a lost chargeback for good and an overdue ' +
    'one unless the merchant insists; an arbitration-stage one goes with the answer its stage takes',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-batch-holds-'));
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      const rows = services.store.portfolio.listWorklist({ profileId: profile.id, offset: 0, limit: 500 }).rows;
      const lost = rows.find((r) => r.status === 'lost');
      const [fine, arb, late] = rows.filter((r) => r.status === 'open' && r.actionable && (r.daysLeft ?? -1) >= 1);
      assert.ok(lost && fine && arb && late, 'the demo portfolio has a lost chargeback and three open ones');
      const sandbox = services.demoSandbox()!;
      const admin = createSandboxAdmin(sandbox.url, sandbox.adminToken);
      await admin.modify(arb.id, { cycle: 'arbitration' });
      await admin.modify(late.id, { reply: 20200101 });
      await services.sync.syncChargeback(profile.id, arb.id);
      await services.sync.syncChargeback(profile.id, late.id);
      for (const id of [lost.id, arb.id, fine.id, late.id])
        await scanJpeg(join(files, `receipt ${id}.jpg`), { width: 700, height: 1000 });

      await page.getByRole('button', { name: 'Batch upload' }).click();
      app.dialogs.answerFolder(files);
      await page.getByRole('button', { name: 'Choose a folder…' }).click();
      const packets = page.getByRole('list', { name: 'Packets and their letters' });
      await packets.waitFor({ timeout: 30_000 });
      const card = (id: string) => packets.getByRole('listitem', { name: `Packet for ${id}` });
      assert.equal(await card(lost.id).getByTestId('packet-state').textContent(), 'Cannot be answered');
      assert.match(
        (await card(lost.id).textContent()) ?? '',
        /is lost: the issuer has decided it, and the processor accepts no more responses\./,
      );
      assert.equal(await card(lost.id).getByRole('checkbox').count(), 0, 'a decided chargeback cannot be insisted on');
      assert.equal(await card(late.id).getByTestId('packet-state').textContent(), 'Held back');
      assert.match((await card(late.id).textContent()) ?? '', /The reply date \(2020-01-01\) has passed/);
      // Not held back as "unusual" (issue 24): it goes with the answer its stage takes.
      assert.equal(await card(arb.id).getByTestId('packet-state').textContent(), 'Will be queued');
      assert.equal(await card(arb.id).getByLabel(`Answer for ${arb.id}`).inputValue(), 'requestArbitration');
      assert.equal(await card(fine.id).getByTestId('packet-state').textContent(), 'Will be queued');
      // Every letter is there to read, exactly as it will be written.
      const letter = (await card(fine.id).getByLabel(`Cover letter for ${fine.id}`).textContent()) ?? '';
      assert.match(letter, new RegExp(`^We respond to chargeback ${fine.id}`));
      assert.doesNotMatch(letter, /\[/);
      assert.equal(
        await page.getByTestId('held').count(),
        2,
        'the files matched to held chargebacks say so in the table',
      );
      await page.getByRole('button', { name: 'Queue 2 packets…' }).waitFor();
      await app.shot('13-batch-holds');

      await card(late.id)
        .getByRole('checkbox', { name: `Include ${late.id} anyway` })
        .check();
      await page.getByRole('button', { name: 'Queue 3 packets…' }).click();
      await page.getByRole('alert').filter({ hasText: '1 chargeback held back is left out' }).waitFor();
      await page.getByRole('button', { name: 'Confirm and queue' }).click();
      await page.getByLabel('Batch report').waitFor({ timeout: 60_000 });
      const queued = services.outbox
        .list()
        .map((j) => j.chargebackId)
        .sort();
      assert.deepEqual(
        queued,
        [arb.id, fine.id, late.id].sort(),
        'the lost chargeback was left out; the insisted one went',
      );
      assert.equal(services.outbox.list().find((j) => j.chargebackId === arb.id)!.messageType, 'requestArbitration');
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  "finding 5: the money card and its totals use the service's " +
    'entry descriptions: a fee is a fee, not a chargeback',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      const entries = await sandboxEntries(services.demoSandbox()!, (await services.vault.getKey(profile.id))!);
      // An open chargeback whose entries hold the disputed amount and a fee the service calls "Chargeback fee".
      const ofChargeback = (id: string) => entries.filter((e) => e.chargeback.id === id);
      const target = [...new Set(entries.map((e) => e.chargeback.id))].find((id) => {
        const own = ofChargeback(id);
        return (
          services.store.portfolio.getChargeback(profile.id, id)?.status === 'open' &&
          own.some((e) => e.description === 'Chargeback fee' && e.isFee === 1 && e.event === 11) &&
          own.some((e) => e.isFee === 0 && e.amount < 0)
        );
      });
      assert.ok(target, 'the demo has an open chargeback with a chargeback fee');
      const own = ofChargeback(target);
      const currency = own[0]!.chargeback.currency;

      await page.getByLabel('Search').fill(target);
      await page.locator('.vrow').filter({ hasText: target }).click();
      const card = page
        .locator('article.card')
        .filter({ has: page.getByRole('heading', { name: 'Money', exact: true }) });
      await card.locator('tbody tr').first().waitFor();
      await card.scrollIntoViewIfNeeded();
      await app.shot('13-money-card');
      const rows = (await rowsWithKind(card.locator('tbody tr'))).map((r) => [r.cells[1], r.kind]);
      const kindOf = (e: WireEntry): string =>
        e.isFee === 1 ? 'fee' : e.amount < 0 ? 'disputed' : e.amount > 0 ? 'reversal' : 'record';
      const order = (a: unknown[], b: unknown[]): number => String(a).localeCompare(String(b));
      assert.deepEqual(rows.sort(order), own.map((e) => [e.description, kindOf(e)]).sort(order));

      const shown = await definitions(card.locator('dl'));
      const w = wireTotals(own).get(currency)!;
      const money = (n: number): string => formatAmount(n, currency);
      assert.deepEqual(shown, {
        'Charged back': money(w.chargedBack),
        Fees: money(w.fees),
        Reversed: money(w.reversed),
        Net: money(w.net),
      });
      assert.notEqual(w.chargedBack, w.net, 'the fees are not counted as charged back');
    } finally {
      await app.close();
    }
  },
);

test(
  'finding 6: with the service down the outbox card shows its error ' +
    'and next try, steadily, and the status bar never says "Up to date"',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await exploreDemo(page, async () => undefined);
      await page.getByText(/^Up to date/).waitFor();
      const profile = services.store.profiles.list()[0]!;
      const [target] = services.store.portfolio
        .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 100 })
        .rows.filter((r) => r.actionable && (r.daysLeft ?? -1) >= 1);
      const sandbox = services.demoSandbox()!;
      await createSandboxAdmin(sandbox.url, sandbox.adminToken).setFaults({ rate: 1, kinds: ['500'] });
      const job = await services.outbox.submit({
        profileId: profile.id,
        chargebackId: target!.id,
        messageType: 'notate',
        note: 'Service down test.',
        documents: [],
      });
      await services.outbox.runOnce();
      await page.getByRole('button', { name: 'Outbox' }).click();
      const card = page.locator('.job').filter({ hasText: target!.id });
      // The state says it failed, when it tries again and why (was a separate "Last attempt failed" line).
      const retry = card.getByTestId('job-state').filter({ hasText: /^Failed — / });
      await retry.waitFor();
      assert.match((await retry.textContent()) ?? '', /^Failed — (will retry at .+|trying again now): .+$/);
      // The status bar says sending is failing, on the outbox screen too.
      await page
        .locator('.statusbar')
        .getByText(/Sending failed: /)
        .waitFor();
      // Attempt after attempt, the card keeps one state: no flipping between sending and queued (the
      // words carry the next try's time, so the state is read from the card's class).
      const seen = new Set<string>();
      for (let i = 0; i < 3; i++) {
        services.outbox.retry(job.id);
        await services.outbox.runOnce();
        seen.add((await card.getByTestId('job-state').getAttribute('class')) ?? '');
        assert.match((await card.getByTestId('job-state').textContent()) ?? '', /^Failed — /);
      }
      assert.deepEqual([...seen], ['state retrying']);
      await app.shot('13-outbox-retrying');

      // A failed "Sync now" says so, with how old the data is.
      await page.getByRole('button', { name: 'Sync now' }).click();
      const bar = page.locator('.statusbar');
      await bar
        .getByText(/^Last sync failed just now: .* What you see was last synced .*\./)
        .waitFor({ timeout: 60_000 });
      assert.doesNotMatch((await bar.textContent()) ?? '', /Up to date/);
    } finally {
      await app.close();
    }
  },
);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test(
  'finding 8: a toast leaves with the screen that raised ' + 'it, and an error toast never lies over "Add to outbox"',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-toast-'));
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await scanJpeg(join(files, 'receipt.jpg'), { width: 1000, height: 1400 });
      await exploreDemo(page, async () => undefined);
      // News goes by itself (after 6 s).
      const news = page.locator('.toast').filter({ hasText: 'Demo data is ready' });
      await news.waitFor();
      await news.waitFor({ state: 'detached', timeout: 10_000 });

      // An error raised on the Ledger (a window that ends before it starts) is gone on the Inbox.
      await page.getByRole('button', { name: 'Ledger' }).click();
      await page.getByLabel('From').fill('2026-06-01');
      await page.getByLabel('To').fill('2026-01-01');
      const windowError = page.locator('.toast.error').filter({ hasText: 'end is on or after its start' });
      await windowError.waitFor();
      await page.getByRole('button', { name: 'Inbox' }).click();
      await page.locator('.vrow').first().waitFor();
      assert.equal(await page.locator('.toast').count(), 0, "the Ledger's error did not follow to the Inbox");

      // On a dispute with evidence, scrolled to its end as a merchant does to send, an error arrives.
      await openFirstAnswerable(page, async () => undefined);
      await chooseAnswer(page, 'respond');
      app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      const addToOutbox = page.getByRole('button', { name: 'Add to outbox' });
      await addToOutbox.and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
      await page.locator('.content').evaluate((el) => {
        const box = el as unknown as { scrollTop: number; scrollHeight: number };
        box.scrollTop = box.scrollHeight;
      });
      // A failed sync is said by the status bar alone; a Sync now refused outright (sync stopped,
      // as while the app closes) is no sync failure the bar shows, so it comes as a toast.
      await services.sync.stop();
      await page.getByRole('button', { name: 'Sync now' }).click();
      const toast = page.locator('.toast.error');
      await toast.waitFor({ timeout: 120_000 });
      // The merchant scrolls to the button again (a toast takes its own room in the layout).
      await page.locator('.content').evaluate((el) => {
        const box = el as unknown as { scrollTop: number; scrollHeight: number };
        box.scrollTop = box.scrollHeight;
      });
      await app.shot('13-error-toast-beside-add-to-outbox');
      const [toastBox, buttonBox] = [await toast.boundingBox(), await addToOutbox.boundingBox()];
      assert.ok(toastBox && buttonBox);
      assert.ok(
        !overlaps(toastBox, buttonBox),
        `the toast ${JSON.stringify(toastBox)} lies over the button ${JSON.stringify(buttonBox)}`,
      );
      // The button takes the click itself (Playwright refuses when another element would receive it).
      await addToOutbox.click({ trial: true, timeout: 5_000 });

      // It can be dismissed, and it leaves with its screen.
      await toast.getByRole('button', { name: 'Dismiss' }).click();
      assert.equal(await toast.count(), 0);
      await page.getByRole('button', { name: 'Sync now' }).click();
      await toast.waitFor({ timeout: 120_000 });
      services.sync.restart();
      await page.getByRole('button', { name: 'Outbox', exact: true }).click();
      await page.getByRole('heading', { name: 'Outbox' }).waitFor();
      assert.equal(await page.locator('.toast').count(), 0, "the dispute's error did not follow to the Outbox");
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'finding 8: the size meter says "calculating" until the new arrangement is sized, and ' +
    '"Add to outbox" waits; over the limits it is refused with the reason, by the handler too',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-meter-'));
    const app = await openBrowserApp({ browser });
    try {
      const { page, services } = app;
      await scanJpeg(join(files, 'receipt.jpg'), { width: 1000, height: 1400 });
      // A large scan: a 600 dpi A4 page takes the estimate a while.
      await scanJpeg(join(files, 'large scan.jpg'), { width: 4960, height: 7016, density: 600 });
      await pdfWithPages(join(files, 'statement.pdf'), 20);
      await exploreDemo(page, async () => undefined);
      const chargebackId = await openFirstAnswerable(page, async () => undefined);
      const profile = services.store.profiles.list()[0]!;
      await chooseAnswer(page, 'respond');
      const figures = page.getByRole('status', { name: 'Size against the limits' });
      const addToOutbox = page.getByRole('button', { name: 'Add to outbox' });

      app.dialogs.answerFiles([join(files, 'receipt.jpg')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await figures.filter({ hasText: /^2 pages/ }).waitFor({ timeout: 60_000 });
      const before = (await figures.textContent())!;
      assert.equal(await addToOutbox.isEnabled(), true);

      // From here on, every state the window shows: pages on screen, the meter's words, the button.
      await page.evaluate(`(() => {
      const seen = [];
      const note = () => {
        const tiles = document.querySelectorAll('.page-tile').length;
        const meter = document.querySelector('[aria-label="Size against the limits"]')?.textContent ?? '';
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Add to outbox');
        const hold = document.getElementById('packet-hold')?.textContent ?? '';
        seen.push({ tiles, meter, hold, disabled: button ? button.disabled : null });
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      globalThis.__seen = seen;
    })()`);
      app.dialogs.answerFiles([join(files, 'large scan.jpg')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await figures.filter({ hasText: /calculating/i }).waitFor();
      await app.shot('13-meter-calculating');
      await figures.filter({ hasText: /^3 pages/ }).waitFor({ timeout: 120_000 });
      assert.equal(await addToOutbox.isEnabled(), true);
      const seen = (await page.evaluate('globalThis.__seen')) as Array<{
        tiles: number;
        meter: string;
        hold: string;
        disabled: boolean | null;
      }>;
      const afterAdd = seen.filter((s) => s.tiles === 2);
      assert.ok(
        afterAdd.some(
          (s) => /calculating/i.test(s.meter) && s.disabled === true && /still being calculated/.test(s.hold),
        ),
        'while the new arrangement is sized, the meter says so and the button waits, saying why',
      );
      assert.deepEqual(
        afterAdd.filter((s) => s.meter === before),
        [],
        'the old figures are never shown for the new arrangement',
      );
      assert.deepEqual(
        afterAdd.filter((s) => !/^3 pages/.test(s.meter) && s.disabled === false),
        [],
        'never enabled until sized',
      );

      // Over the limits (23 pages with the letter, 19 allowed): the button stays disabled, saying why.
      app.dialogs.answerFiles([join(files, 'statement.pdf')]);
      await page.getByRole('button', { name: 'Add files…' }).click();
      await figures.filter({ hasText: /^23 pages/ }).waitFor({ timeout: 120_000 });
      assert.equal(await addToOutbox.isDisabled(), true);
      assert.match(
        (await page.locator('#packet-hold').textContent()) ?? '',
        /^The packet is over the limits: The packet has 23 pages with the cover letter; the limit is 19\./,
      );
      await page.locator('#packet-hold').scrollIntoViewIfNeeded();
      await app.shot('13-meter-over-limits');

      // A window that skips the check (or claims larger limits) is refused by the handler, nothing queued.
      const direct = (await page.evaluate(`(async () => {
      const dd = globalThis.disputeDesk;
      const ids = { profileId: ${JSON.stringify(profile.id)}, chargebackId: ${JSON.stringify(chargebackId)} };
      const draft = (await dd.getDraft(ids)).value;
      const limits = {
        maxFileBytes: 50_000_000, maxTotalBytes: 50_000_000, maxPages: 500, maxDpi: 600, colour: 'colour',
      };
      const settings = { preset: draft.preset, limits, pageSize: draft.pageSize, output: 'pdf', baseName: 'evidence' };
      return dd.submitResponse({ ...ids, messageType: 'respond',
        confirmed: true, evidence: { arrangement: draft.arrangement, settings, rebuttal: draft.rebuttal } });
    })()`)) as { ok: boolean; error?: { message: string } };
      assert.equal(direct.ok, false);
      assert.match(direct.error!.message, /the limit is 19/);
      assert.deepEqual(services.outbox.list(), [], 'nothing was queued');
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);
