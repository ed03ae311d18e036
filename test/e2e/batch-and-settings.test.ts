// Batch upload and Settings in Chromium through the browser bridge: a folder of receipts with
// one file that matches nothing → review → assign nothing, confirm → report → the outbox sends
// one packet per chargeback and the sandbox holds them; settings saved and in force at once (the
// alert receiver listens where it says), a second profile to switch to, and its removal.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { scanJpeg } from '../integration/evidence/corpus.ts';
import { receiptCard, receiptLines, receiptScan } from '../support/receipts.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { formatYmd } from '../../shared/domain/dates.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { packetAnswers } from '../../shared/batch.ts';
import { deadlineBadge } from '../../shared/domain/deadline-words.ts';
import { formatReplyDay } from '../../shared/domain/merchant-format.ts';
import { sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

async function demo(app: BrowserApp): Promise<void> {
  await app.page.getByRole('button', { name: 'Explore with demo data' }).click();
  await app.page.getByRole('grid', { name: /Chargebacks/ }).waitFor({ timeout: 60_000 });
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test(
  'batch upload: a folder with one unmatched file → review → confirm → report → sent, ' + 'one packet per chargeback',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-batch-'));
    const app = await openBrowserApp({ browser });
    try {
      await demo(app);
      const { page, services } = app;
      const profile = services.store.profiles.list()[0]!;
      const answerable = services.store.portfolio
        .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 100 })
        .rows.filter((r) => r.actionable && (r.daysLeft ?? -1) >= 0);
      assert.ok(answerable.length >= 2, 'the demo portfolio has chargebacks still inside their deadline');
      const [a, b] = answerable as [(typeof answerable)[number], (typeof answerable)[number]];
      await scanJpeg(join(files, `receipt ${a.id}.jpg`), { width: 700, height: 1000 });
      await scanJpeg(join(files, `delivery ${a.id}.jpg`), { width: 720, height: 1000 });
      await scanJpeg(join(files, `${b.id}.jpg`), { width: 740, height: 1000 });
      await scanJpeg(join(files, 'IMG_0042.jpg'), { width: 760, height: 1000 });
      writeFileSync(join(files, '.DS_Store'), 'Bud1 finder data');

      await page.getByRole('button', { name: 'Batch upload' }).click();
      app.dialogs.answerFolder(files);
      await page.getByRole('button', { name: 'Choose a folder…' }).click();
      const table = page.getByRole('table', { name: 'Files and their chargebacks' });
      await table.waitFor();
      assert.equal(await table.locator('tbody tr').count(), 5);
      const last = table.locator('tbody tr').last();
      assert.equal(await last.locator('.file').textContent(), '.DS_Store');
      assert.equal(
        await last.locator('.state').textContent(),
        'Skipped',
        'system files are listed as skipped, not refused',
      );
      await page.getByText('1 skipped').waitFor();
      // What needs the merchant comes first, with the reason.
      const first = table.locator('tbody tr').first();
      assert.equal(await first.locator('.file').textContent(), 'IMG_0042.jpg');
      assert.equal(await first.locator('.state').textContent(), 'No match');
      assert.match((await first.locator('.why').textContent()) ?? '', /\S/);
      await page.getByText('1 waiting for you').waitFor();
      await page.getByText('3 files for 2 chargebacks').waitFor();
      // Each chargeback reads as its inbox row does: the reply day with its zone and the days to send
      // (the walk read "2026-11-08 · reply by 2027-01-10 (45 days left)" beside "39 days to send").
      const inboxRow = services.store.portfolio
        .worklistAll({ profileId: profile.id, sendByBusinessDays: sendByBusinessDaysOf(profile) })
        .find((r) => r.id === b.id)!;
      const plainText = (x: string | null): string => (x ?? '').replace(/\s+/g, ' ');
      const said = plainText(
        await table
          .locator('tbody tr', { hasText: `${b.id}.jpg` })
          .locator('.candidate')
          .first()
          .textContent(),
      );
      assert.ok(
        said.includes(plainText(`reply by ${formatReplyDay(inboxRow.reply)} (${deadlineBadge(inboxRow).text})`)),
        said,
      );
      assert.doesNotMatch(said, /\d{4}-\d{2}-\d{2}|days? left/);
      assert.equal(services.outbox.list().length, 0, 'nothing is queued before the merchant confirms');
      await app.shot('11-batch-review');
      // A match can be left out, and put back.
      await page.getByRole('button', { name: `Leave ${b.id}.jpg out` }).click();
      await page.getByText('2 files for 1 chargeback').waitFor();
      await page.getByRole('button', { name: `Put ${b.id}.jpg back` }).click();
      await page.getByText('3 files for 2 chargebacks').waitFor();

      await page.getByRole('button', { name: 'Queue 2 packets…' }).click();
      await page.getByRole('alert').filter({ hasText: '1 file waiting for you is left out' }).waitFor();
      await page.getByRole('button', { name: 'Confirm and queue' }).click();
      const report = page.getByLabel('Batch report');
      await report.waitFor({ timeout: 60_000 });
      // The report follows the outbox until every packet is sent.
      await report.getByText('2 chargebacks answered; 2 files left out.').waitFor({ timeout: 60_000 });
      await app.shot('12-batch-report');
      const reportText = (await report.textContent()) ?? '';
      assert.equal(await report.locator('.state', { hasText: /^sent$/ }).count(), 2);
      assert.match(reportText, /IMG_0042\.jpg/);
      assert.match(reportText, /unmatched/);
      // After the batch nothing is assigned on this screen: the report says what can still be done.
      assert.doesNotMatch(reportText, /Assign it by hand/);
      assert.match(reportText, /add it from its chargeback's own page, or run a batch again with it/);
      await page.getByRole('button', { name: 'Open the outbox' }).click();
      await page.locator('.job .state.done').nth(1).waitFor({ timeout: 60_000 });
      const key = (await services.vault.getKey(profile.id))!;
      const docs = async (id: string) =>
        (
          (await (
            await fetch(`${profile.url}/chargebackDocuments`, {
              headers: { APIKEY: key, search: `chargeback[equals]=${id}` },
            })
          ).json()) as { response: { data: Array<{ name: string }> } }
        ).response.data;
      const msgs = async (id: string) =>
        (
          (await (
            await fetch(`${profile.url}/chargebackMessages`, {
              headers: { APIKEY: key, search: `chargeback[equals]=${id}` },
            })
          ).json()) as { response: { data: Array<{ type: string }> } }
        ).response.data;
      for (const id of [a.id, b.id]) {
        assert.deepEqual(
          (await msgs(id)).map((m) => m.type),
          ['respond'],
          `one response for ${id}`,
        );
        const d = await docs(id);
        assert.equal(d.length, 1, `one packet for ${id}`);
        assert.match(d[0]!.name, /\.pdf$/);
      }
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'batch upload reads scans whose names say nothing: progress, a ' +
    'match with its reason from the scan, and Stop reading keeps the plan',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-ocr-'));
    const app = await openBrowserApp({ browser });
    try {
      await demo(app);
      const { page, services } = app;
      const profile = services.store.profiles.list()[0]!;
      const rows = services.store.portfolio
        .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 100 })
        .rows.filter((r) => r.actionable);
      const printed = rows.slice(0, 3).map((r, i) => {
        const d = services.store.portfolio.detail(profile.id, r.id)!;
        const issued = String(d.chargeback.issued);
        return receiptLines({
          // The shop's own name on its receipts (another shop's name is a reason against).
          merchant: profile.merchant ?? profile.name,
          order: d.txn?.order ?? undefined,
          total: formatAmount(d.chargeback.total, d.chargeback.currency),
          date: `${issued.slice(0, 4)}-${issued.slice(4, 6)}-${issued.slice(6)}`,
          items: 10,
          seed: i + 1,
        });
      });
      for (const [i, lines] of printed.entries())
        writeFileSync(join(files, `Scan 000${i + 1}.jpg`), await receiptScan(lines, { seed: i + 1 }));

      await page.getByRole('button', { name: 'Batch upload' }).click();
      app.dialogs.answerFolder(files);
      await page.getByRole('button', { name: 'Choose a folder…' }).click();
      const progress = page.getByRole('status', { name: 'Batch progress' });
      await progress.getByText('Reading the scans whose names say nothing…').waitFor({ timeout: 60_000 });
      // The first scan read, the merchant stops the rest.
      await progress.getByText('1 of 3').waitFor({ timeout: 120_000 });
      await app.shot('13-batch-reading');
      await page.getByRole('button', { name: 'Stop reading' }).click();
      const table = page.getByRole('table', { name: 'Files and their chargebacks' });
      await table.waitFor({ timeout: 120_000 });
      assert.equal(await table.locator('tbody tr').count(), 3, 'every file stays in the plan');
      const row = (name: string) => table.locator('tbody tr').filter({ has: page.locator('.file', { hasText: name }) });
      assert.equal(await row('Scan 0001.jpg').locator('.state').first().textContent(), 'Matched');
      assert.match(
        (await row('Scan 0001.jpg').locator('.why').textContent()) ?? '',
        /match this chargeback's transaction\. \(read from the scan, \d+% sure\)/,
      );
      assert.match((await row('Scan 0003.jpg').locator('.why').textContent()) ?? '', /reading the scans was stopped/);
      await app.shot('14-batch-read-and-stopped');
      assert.equal(services.outbox.list().length, 0, 'nothing is queued before the merchant confirms');
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  "batch upload with a shoebox: a sideways scan, a '#' order, an OCR-confused code and another shop's " +
    'receipt read as a person would; a file assigned by its order number; a pre-arbitration answered',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const files = mkdtempSync(join(tmpdir(), 'dd-e2e-shoebox-'));
    const app = await openBrowserApp({ browser });
    try {
      await demo(app);
      const { page, services } = app;
      const profile = services.store.profiles.list()[0]!;
      const sb = services.demoSandbox()!;
      const admin = createSandboxAdmin(sb.url, sb.adminToken);
      // The demo's own chargebacks carry the till's authorization code and the shop's descriptor
      // (CORNER SHOP); the pre-arbitration one is made for this test.
      const pre0 = await admin.createChargeback({ total: 21000, cycle: 'preArbitration' });
      await services.sync.syncProfile(profile.id);
      const facts = (id: string) => {
        const d = services.store.portfolio.detail(profile.id, id)!;
        return {
          id,
          order: d.txn?.order ?? '',
          auth: d.txn?.authCode ?? '',
          total: formatAmount(d.chargeback.total, d.chargeback.currency),
          cents: d.chargeback.total,
          date: formatYmd(d.chargeback.issued),
          // The answer its stage and reason take, by the dispute page's rule.
          answer: packetAnswers(d.chargeback.cycle, d.chargeback.reasonCode, 'core')[0],
        };
      };
      const open = services.store.portfolio
        .listWorklist({ profileId: profile.id, status: 'open', offset: 0, limit: 200 })
        .rows.filter((r) => r.actionable && (r.daysLeft ?? -1) >= 0 && r.cycle === 'first')
        .map((r) => facts(r.id))
        .filter((x) => x.order && /[0158]/.test(x.auth));
      const totals = new Map<number, number>();
      for (const x of open) totals.set(x.cents, (totals.get(x.cents) ?? 0) + 1);
      const unique = open.filter((x) => totals.get(x.cents) === 1);
      assert.ok(unique.length >= 3, 'the demo has open chargebacks with an order and a code');
      const [a, b, c] = unique as [(typeof open)[0], (typeof open)[0], (typeof open)[0]];
      const pre = facts(pre0.id);
      // Lying sideways, its order printed "#40449"-style: the digits without the ORD- prefix.
      const card = (lines: string[], turn = 0) => receiptCard(['CORNER SHOP', ...lines], { turn });
      writeFileSync(
        join(files, 'Scan 0001.jpg'),
        await card([`Order #${a.order.replace(/\D/g, '')}`, `Date: ${a.date}`, `Total ${a.total}`], 270),
      );
      // The authorization code as OCR misreads it: 0 as Q, 5 as S, 1 as l, 8 as B.
      const confused = b.auth.replace(/0/g, 'Q').replace(/5/g, 'S').replace(/1/g, 'l').replace(/8/g, 'B');
      writeFileSync(join(files, 'Scan 0002.jpg'), await card([`Auth code: ${confused}`, `Total ${b.total}`]));
      // Another shop's receipt with c's amount and date.
      writeFileSync(
        join(files, 'Scan 0003.jpg'),
        await receiptCard(["BOB'S DINER", '221 Elm Road, Springfield', `Date: ${c.date}`, `Total ${c.total}`]),
      );
      // A delivery note that names nothing the matcher knows: the merchant assigns it by order number.
      writeFileSync(join(files, 'Scan 0004.jpg'), await card(['Delivery note', 'Left at the front door']));

      await page.getByRole('button', { name: 'Batch upload' }).click();
      app.dialogs.answerFolder(files);
      await page.getByRole('button', { name: 'Choose a folder…' }).click();
      const table = page.getByRole('table', { name: 'Files and their chargebacks' });
      await table.waitFor({ timeout: 240_000 });
      const row = (name: string) => table.locator('tbody tr').filter({ has: page.locator('.file', { hasText: name }) });
      const why = async (name: string) => (await row(name).locator('.why').textContent()) ?? '';

      assert.equal(
        await row('Scan 0001.jpg').locator('.state').first().textContent(),
        'Matched',
        await why('Scan 0001.jpg'),
      );
      assert.match(await why('Scan 0001.jpg'), new RegExp(`Order ${a.order}`));
      assert.match(await why('Scan 0001.jpg'), /Read turned 90°; it goes upright in the packet/);
      assert.match((await row('Scan 0001.jpg').locator('.assigned').textContent()) ?? '', new RegExp(a.id));
      assert.equal(
        await row('Scan 0002.jpg').locator('.state').first().textContent(),
        'Matched',
        await why('Scan 0002.jpg'),
      );
      assert.match(await why('Scan 0002.jpg'), new RegExp(`authorization code ${b.auth}`));
      assert.equal(
        await row('Scan 0003.jpg').locator('.state').first().textContent(),
        'No match',
        await why('Scan 0003.jpg'),
      );
      assert.match(await why('Scan 0003.jpg'), /the receipt is from BOB'S DINER/);
      assert.equal(await row('Scan 0004.jpg').locator('.state').first().textContent(), 'No match');
      await app.shot('15-batch-shoebox-review');

      // Assigned by the order number, with the chargeback suggested as it is typed.
      await row('Scan 0004.jpg').getByLabel('Chargeback for Scan 0004.jpg').fill(pre.order);
      const suggested = page.getByRole('listbox', { name: `Chargebacks that fit “${pre.order}”` });
      await suggested.getByRole('option').first().waitFor();
      assert.equal(await suggested.getByRole('option').count(), 1);
      assert.match((await suggested.textContent()) ?? '', new RegExp(`order ${pre.order}.*${pre.id}`));
      await row('Scan 0004.jpg').getByRole('button', { name: 'Assign' }).click();
      await row('Scan 0004.jpg').getByText('Assigned by you').waitFor();

      // The pre-arbitration's packet goes with the answer its stage takes, not held back.
      const packet = page.getByRole('listitem', { name: `Packet for ${pre.id}` });
      await packet.waitFor();
      assert.equal(await packet.getByLabel(`Answer for ${pre.id}`).inputValue(), 'repsondToPreArbitration');
      assert.equal(await packet.getByTestId('packet-state').textContent(), 'Will be queued');
      await app.shot('16-batch-pre-arbitration-packet');
      await page.getByRole('button', { name: /^Queue 3 packets/ }).click();
      await page.getByRole('button', { name: 'Confirm and queue' }).click();
      await page.getByLabel('Batch report').waitFor({ timeout: 120_000 });
      const jobs = services.outbox.list();
      assert.deepEqual(
        jobs.map((j) => [j.chargebackId, j.messageType]).sort(),
        [
          [a.id, a.answer],
          [b.id, b.answer],
          [pre.id, 'repsondToPreArbitration'],
        ].sort(),
        "another shop's receipt went nowhere",
      );
    } finally {
      await app.close();
      rmSync(files, { recursive: true, force: true });
    }
  },
);

test(
  'settings: limits, reminders and interval saved; the alert receiver ' +
    'listens where it says; a second profile to switch to and remove',
  async (t) => {
    if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
    const app = await openBrowserApp({ browser });
    try {
      await demo(app);
      const { page, services } = app;
      const demoProfile = services.store.profiles.list()[0]!;
      await page.getByRole('button', { name: 'Settings' }).click();
      const form = page.getByRole('form', { name: `Settings of ${demoProfile.name}` });
      await form.waitFor();

      // A mistake is named, and nothing is saved.
      await form.getByLabel('Largest file (MB)').fill('20');
      await form.getByLabel('Largest packet (MB)').fill('10');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await form.getByRole('alert').filter({ hasText: 'cannot be allowed more than the whole packet' }).waitFor();
      assert.equal(services.store.profiles.get(demoProfile.id)!.limits.maxFileBytes, demoProfile.limits.maxFileBytes);
      // The field to mend is marked, described by the refusal, and has the focus; no other is marked.
      const fileField = form.getByLabel('Largest file (MB)');
      assert.equal(await fileField.getAttribute('aria-invalid'), 'true');
      assert.equal(await fileField.getAttribute('aria-describedby'), 'settings-error');
      assert.equal(await form.locator('[aria-invalid="true"]:focus').count(), 1, 'the refused field has the focus');
      assert.equal(await form.locator('[aria-invalid="true"]').count(), 1);
      // A town alone is no address a receipt could be matched with: named, nothing saved.
      await form.getByLabel('Largest file (MB)').fill('1.5');
      await form.getByLabel(/Shop address on your receipts/).fill('Portsmouth');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await form.getByRole('alert').filter({ hasText: 'no street number and street name in "Portsmouth"' }).waitFor();
      assert.equal(services.store.profiles.get(demoProfile.id)!.merchantAddress, undefined);
      const address = form.getByLabel(/Shop address on your receipts/);
      assert.equal(await address.getAttribute('aria-invalid'), 'true');
      assert.equal(await address.getAttribute('aria-describedby'), 'address-help settings-error');
      assert.equal(await fileField.getAttribute('aria-invalid'), null, 'the mended field is no longer marked');
      await form.getByLabel(/Shop address on your receipts/).fill('14 Quay Street, Portsmouth PO1 3AH');

      const port = await freePort();
      await form.getByLabel('Merchant name on cover letters').fill('');
      await form.getByLabel('Largest file (MB)').fill('1.5');
      await form.getByLabel('Most pages').fill('25');
      await form.getByLabel('Colour accepted').selectOption('grayscale');
      // The label counts to the date the reminders count to (electron/sync/reminders.ts: the send-by
      // date), as its help does; the walk read "days before the deadline" beside "before the send-by date".
      const remind = form.getByLabel('Remind me (days before the send-by date)', { exact: true });
      const remindHelp = (await form.locator('#reminders-help').textContent()) ?? '';
      assert.match(remindHelp, /each of these days before the send-by date/);
      assert.equal(await remind.getAttribute('aria-describedby'), 'reminders-help');
      await remind.fill('5, 2');
      await form.getByLabel('Sync every (minutes)').fill('30');
      await form.getByLabel(/Receive the processor's alerts/).check();
      await form.getByLabel('Port').fill(String(port));
      await form.getByRole('button', { name: 'Save settings' }).click();
      const url = form.getByTestId('receiver-address');
      await url.waitFor();
      await app.shot('13-settings');
      const saved = services.store.profiles.get(demoProfile.id)!;
      assert.equal(saved.limits.maxFileBytes, Math.round(1.5 * 1024 * 1024));
      assert.equal(saved.limits.maxPages, 25);
      assert.equal(saved.limits.colour, 'grayscale');
      assert.deepEqual(saved.reminderThresholdDays, [5, 2]);
      assert.equal(saved.syncIntervalMinutes, 30);
      assert.equal(saved.merchant, undefined, 'a cleared merchant name stays cleared');
      assert.equal(saved.merchantAddress, '14 Quay Street, Portsmouth PO1 3AH');
      assert.equal(saved.alertReceiver?.port, port);
      assert.ok((saved.alertReceiver?.secret.length ?? 0) >= 16, 'a random secret was made in main');
      const receiverUrl = (await url.textContent())!;
      assert.equal(receiverUrl, `http://127.0.0.1:${port}/alerts`, 'the secret is not in the address');
      assert.equal(
        await form.getByTestId('receiver-header').textContent(),
        `X-Alert-Secret: ${saved.alertReceiver!.secret}`,
      );
      // It listens and checks what it gets: a post that is not an alert is refused.
      const refused = await fetch(receiverUrl, {
        method: 'POST',
        body: '{"hello":1}',
        headers: { 'content-type': 'application/json', 'X-Alert-Secret': saved.alertReceiver!.secret },
      });
      assert.equal(refused.status, 400);
      const log = readFileSync(join(services.home, 'logs', 'alerts-refused.log'), 'utf8');
      assert.match(log, /Demo shop: alert refused: 400 not an alert payload/);
      assert.ok(
        !log.includes(saved.alertReceiver!.secret) && !log.includes('hello'),
        'neither the secret path nor the body is logged',
      );

      // A port already in use is named, and the receiver that worked keeps working.
      const blocker = createServer();
      const busyPort = await freePort();
      await new Promise<void>((r) => blocker.listen(busyPort, '127.0.0.1', () => r()));
      try {
        await form.getByLabel('Port').fill(String(busyPort));
        await form.getByRole('button', { name: 'Save settings' }).click();
        await form
          .getByRole('alert')
          .filter({ hasText: `port ${busyPort} is already used by another program` })
          .waitFor();
        assert.equal(
          services.store.profiles.get(demoProfile.id)!.alertReceiver?.port,
          port,
          'the working settings were kept',
        );
        const secret = { 'X-Alert-Secret': saved.alertReceiver!.secret };
        assert.equal(
          (await fetch(receiverUrl, { method: 'POST', body: '{}', headers: secret })).status,
          400,
          'the old receiver still listens',
        );
      } finally {
        await new Promise<void>((r) => blocker.close(() => r()));
      }

      // A second account (here: the same sandbox under another name), then switch and remove it.
      await page.getByText('Add another processor account').click();
      const add = page.locator('details form');
      await add.getByLabel('Profile name').fill('Second shop');
      await add.getByLabel('Deployment').selectOption('test');
      await add.getByLabel('Service URL').fill(demoProfile.url);
      await add.getByLabel('API key').fill((await services.vault.getKey(demoProfile.id))!);
      // These tests have no keychain: the form says so and offers to keep the key until quit.
      await add.getByLabel(/Keep the key for this session only/).check();
      await add.getByRole('button', { name: 'Add profile' }).click();
      const switcher = page.getByRole('combobox', { name: 'Profile' });
      await switcher.waitFor();
      assert.equal(
        await switcher.inputValue(),
        services.store.profiles.findByName('Second shop')!.id,
        'the new profile is in use',
      );
      await page.getByRole('form', { name: 'Settings of Second shop' }).waitFor();
      await app.shot('14-settings-two-profiles');
      await switcher.selectOption({ label: `${demoProfile.name} (demo)` });
      await page.getByRole('form', { name: `Settings of ${demoProfile.name}` }).waitFor();

      const second = page.getByRole('listitem', { name: 'Profile Second shop' });
      await second.getByRole('button', { name: 'Remove…' }).click();
      await second.getByRole('alert').filter({ hasText: 'The processor keeps everything it has' }).waitFor();
      await second.getByRole('button', { name: 'Remove the profile' }).click();
      await switcher.waitFor({ state: 'detached' });
      assert.equal(services.store.profiles.findByName('Second shop'), undefined);
      assert.equal(await services.vault.status(demoProfile.id), 'session');

      // Removing the demo too leads back to the first screen, from which the demo starts again.
      const demoCard = page.getByRole('listitem', { name: `Profile ${demoProfile.name}` });
      await demoCard.getByRole('button', { name: 'Remove…' }).click();
      await demoCard.getByRole('button', { name: 'Remove the profile' }).click();
      await page.getByRole('button', { name: 'Explore with demo data' }).click();
      await page.getByRole('grid', { name: /Chargebacks/ }).waitFor({ timeout: 60_000 });
      assert.equal(services.store.profiles.list().length, 1);
    } finally {
      await app.close();
    }
  },
);
