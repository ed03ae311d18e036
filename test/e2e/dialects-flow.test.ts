// Through the real UI on a demo of each dialect: the inbox syncs, a dispute shows its status
// history, and represent goes with its evidence where the service takes documents first (the
// core API) and alone where it takes them after the message (the micro-service).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath } from './support/browser-bridge.ts';
import { chooseAnswer, confirmReview, meanUnusual, openFirstAnswerable } from './support/flows.ts';
import { scanJpeg } from '../integration/evidence/corpus.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

for (const dialect of ['core', 'microservice'] as const) {
  test(
    `${dialect}: the inbox syncs, the dispute shows its history, represent goes ` +
      `${dialect === 'core' ? 'with its evidence first' : 'without documents'}`,
    async (t) => {
      if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
      const files = mkdtempSync(join(tmpdir(), 'dd-e2e-dialect-'));
      const app = await openBrowserApp({ browser });
      try {
        const { page } = app;
        await app.services.startDemo({ dialect });
        await page.reload();
        await page.locator('.vrow .cell.main .id').first().waitFor({ timeout: 60_000 });
        const noShot = async (): Promise<void> => undefined;
        const chargebackId = await openFirstAnswerable(page, noShot);
        const history = page
          .locator('section, div')
          .filter({ has: page.getByRole('heading', { name: 'History' }) })
          .last();
        await history.getByText('Opened', { exact: true }).first().waitFor();
        await chooseAnswer(page, 'represent');
        const sandbox = app.services.demoSandbox()!;
        const admin = createSandboxAdmin(sandbox.url, sandbox.adminToken);
        if (dialect === 'core') {
          await scanJpeg(join(files, 'delivery.jpg'), { width: 1000, height: 1400 });
          app.dialogs.answerFiles([join(files, 'delivery.jpg')]);
          await page.getByRole('button', { name: 'Add files…' }).click();
          await page.locator('.page-tile').first().waitFor();
          await page.getByRole('button', { name: 'Add to outbox' }).click();
          await meanUnusual(page);
          await page.getByRole('alert').filter({ hasText: 'cannot be undone' }).waitFor();
          await confirmReview(page);
        } else {
          assert.equal(
            await page.getByRole('button', { name: 'Add files…' }).count(),
            0,
            'no evidence offered where it cannot be delivered',
          );
          // Represent re-presents on what the processor holds: the note says why, and with no
          // evidence to carry here it is the whole message, so it is not called optional.
          await page
            .getByLabel('Note for the processor', { exact: true })
            .fill('The charge was authorized and captured.');
          await page.getByRole('button', { name: 'Send' }).click();
          await meanUnusual(page);
          await confirmReview(page);
        }
        await page.getByRole('heading', { name: 'Outbox' }).waitFor();
        await page.locator('.job .state.done').first().waitFor({ timeout: 30_000 });
        await app.shot(`dialect-${dialect}-outbox`);
        const got = (await admin.received(chargebackId))[0]!;
        assert.deepEqual(
          got.messages.map((m) => m.type),
          ['represent'],
        );
        assert.equal(got.documents.length, dialect === 'core' ? 1 : 0);
        if (dialect === 'core') {
          assert.ok(
            got.documents[0]!.sha256 !== null && got.documents[0]!.status === 'processed',
            'the record has its file',
          );
          assert.ok(
            Number(got.documents[0]!.fileAt) <= Number(got.messages[0]!.receivedAt),
            'the file before the message',
          );
        }
        // After the sync that follows a sent answer, the history shows the close.
        await app.services.sync.syncChargeback(app.services.store.profiles.list()[0]!.id, chargebackId);
        await page
          .locator('.vrow .cell.main .id', { hasText: chargebackId })
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        const detail = app.services.store.portfolio.detail(app.services.store.profiles.list()[0]!.id, chargebackId)!;
        assert.deepEqual(
          detail.statuses.map((s) => s.status),
          ['open', 'closed'],
        );
        if (dialect === 'core') {
          // The dispute's history lists the document the answer carried with its moment, in time
          // order with the status steps and the message (a document line had no date, and came last).
          await page.getByRole('button', { name: 'Inbox', exact: true }).click();
          await page.getByLabel('Search').fill(chargebackId);
          await page.locator('.vrow').filter({ hasText: chargebackId }).first().click();
          const lines = page.locator('ol.timeline > li');
          await lines.filter({ hasText: 'Document' }).first().waitFor();
          const texts = await lines.allInnerTexts();
          const moment = /[A-Z][a-z]{2}, .*\d{4}, \d{1,2}:\d{2}/;
          assert.ok(texts.length >= 3, texts.join(' | '));
          for (const t of texts) assert.match(t, moment, `every line has its moment: ${t}`);
          const at = (t: string): number => Date.parse(moment.exec(t)![0].replace(/ [A-Z]{2,4}$/, ''));
          const times = texts.map(at);
          assert.ok(times.every(Number.isFinite), `each moment reads as a time: ${texts.join(' | ')}`);
          assert.deepEqual(
            [...times].sort((a, b) => a - b),
            times,
            `oldest first: ${texts.join(' | ')}`,
          );
        }
      } finally {
        await app.close();
        rmSync(files, { recursive: true, force: true });
      }
    },
  );
}
