// Issue 15, what was left of the inbox, in Chromium on a sandbox of 200 chargebacks (many past
// their deadline): the answerable ones on the first screen; saved filters (the merchant's mistakes,
// applying, renaming, deleting, one naming a status that no longer exists, kept over a reload);
// multi-select with the keyboard and by section, the selection bar's count and totals, "Accept
// liability" confirmed with the amounts of the data, skipped rows with their reasons, a double
// click queueing once, the outbox and the sandbox holding exactly those; the selection following
// the view; "Build packets" handing the answerable ones to batch upload. Screenshots at 1280×800
// under test-results/screenshots/inbox-batch-*.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright';
import { openBrowserApp, launchChromium, chromiumPath, type BrowserApp } from './support/browser-bridge.ts';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../electron/sandbox/admin-client.ts';
import { messageTypesForCycle } from '../../shared/domain/message-type-rules.ts';
import { totalsByCurrency, totalsText } from '../../shared/liability-totals.ts';
import type { InboxRow } from '../../shared/views/inbox-row.ts';
import { profileDefaults, type Profile } from '../../shared/profiles.ts';

let browser: Browser | undefined;
before(async () => {
  if (existsSync(chromiumPath)) browser = await launchChromium();
});
after(async () => browser?.close());

/** A profile for the sandbox (its key for the session: the browser tests have no keychain), synced,
 * then the window opened on it. */
async function onboard(app: BrowserApp, sb: Sandbox): Promise<string> {
  const { page, services } = app;
  const profile: Profile = {
    ...profileDefaults,
    reminderThresholdDays: [...profileDefaults.reminderThresholdDays],
    id: 'prof_busy',
    name: 'Busy shop',
    deployment: 'test',
    url: sb.url,
    merchant: 'Busy shop',
  };
  services.store.profiles.save(profile);
  await services.vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
  await services.sync.syncProfile(profile.id);
  assert.equal(services.store.portfolio.chargebackIds(profile.id).length, 200);
  await page.reload();
  await page.locator('.vrow .cell.main .id').first().waitFor({ timeout: 60_000 });
  return profile.id;
}

async function waitFor(ok: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const grid = (page: Page) => page.getByRole('grid', { name: /Chargebacks/ });

/** Scrolls the worklist from the top until `target` is drawn; false when the list ends first.
 * Each step goes to a position, not by an amount: a redraw that scrolls the list back does not
 * leave the rest of the list unread. */
async function scrollTo(page: Page, target: Locator): Promise<boolean> {
  const loading = grid(page).getByRole('gridcell', { name: 'Loading…' });
  const to = (y: number) =>
    grid(page).evaluate((el, top) => {
      const g = el as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number };
      g.scrollTop = top;
      return top < g.scrollHeight - g.clientHeight;
    }, y);
  for (let y = 0, more = true; more && (await target.count()) === 0; y += 300) {
    more = await to(y);
    // The rows scrolled to are drawn once their page is in: look only then, or the row is passed by.
    await page.waitForTimeout(30);
    await loading.first().waitFor({ state: 'detached', timeout: 10_000 });
  }
  return (await target.count()) > 0;
}

/** Scrolls the worklist until the row of `id` is drawn, then ticks its checkbox. */
async function tick(page: Page, id: string): Promise<void> {
  const box = page.getByRole('checkbox', { name: `Select ${id}`, exact: true });
  if (!(await scrollTo(page, box))) {
    const heads = await page.locator('.section-head').allTextContents();
    assert.fail(`${id} was not found in the list; its sections: ${heads.join(' | ')}`);
  }
  await box.click();
  assert.equal(await box.isChecked(), true, `${id} is selected`);
}

/** The messages the sandbox holds for a chargeback, as the API lists them. */
async function messagesOf(sb: Sandbox, id: string): Promise<Array<[string, number]>> {
  const res = await fetch(`${sb.url}/chargebackMessages`, {
    headers: { APIKEY: sb.apiKey, search: `chargeback[equals]=${id}` },
  });
  const list = ((await res.json()) as { response: { data: Array<{ type: string; amount: number }> } }).response.data;
  return list.map((m) => [m.type, m.amount]);
}

const selectionCount = async (page: Page): Promise<number> =>
  Number(await page.getByTestId('selection-count').locator('strong').textContent());

test('inbox batch: saved filters, multi-select, accept liability with confirmation, build packets', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const sb = await startSandbox({ seed: 15, chargebacks: 200, decisionDelayMs: null });
  const app = await openBrowserApp({ browser });
  try {
    const { page, services } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const profileId = await onboard(app, sb);
    const store = services.store;
    const worklist = (): InboxRow[] =>
      store.portfolio.worklistAll({ profileId, collapsed: [], answered: answeredIds() });
    const answeredIds = (): string[] =>
      services.outbox
        .list()
        .filter((j) => j.state !== 'cancelled' && j.state !== 'dismissed')
        .map((j) => j.chargebackId);
    const all = worklist();
    const past = all.filter((r) => r.section === 'past-deadline');

    // The first screen: only chargebacks that can still be answered, under "Answer now".
    assert.match((await page.locator('.vsection').first().textContent()) ?? '', /Answer now/);
    // The rows in sight (the list draws a few more below the fold).
    const bottom = await grid(page).evaluate(
      (el) => (el as unknown as { getBoundingClientRect(): { bottom: number } }).getBoundingClientRect().bottom,
    );
    const firstScreen = await page
      .locator('.vrow')
      .evaluateAll(
        (rows, below) =>
          rows
            .filter(
              (r) =>
                (r as unknown as { getBoundingClientRect(): { bottom: number } }).getBoundingClientRect().bottom <=
                below,
            )
            .map(
              (r) =>
                (r as unknown as { querySelector(s: string): { textContent: string } })
                  .querySelector('.cell.main .id')
                  .textContent.split(' ')[0]!,
            ),
        bottom,
      );
    assert.ok(firstScreen.length >= 8, `a screenful of rows (${firstScreen.length})`);
    assert.ok(
      past.length > firstScreen.length,
      `more past their deadline (${past.length}) than the first screen draws (${firstScreen.length}): ` +
        'in deadline order alone they would fill it',
    );
    const sectionOf = new Map(all.map((r) => [r.id, r.section]));
    assert.deepEqual(
      firstScreen.filter((id) => sectionOf.get(id) !== 'answer-now'),
      [],
      'every row on the first screen can still be answered',
    );

    // ——— Saved filters ———
    const saved = page.getByRole('toolbar', { name: 'Saved filters' });
    // Mistake: saving when nothing is filtered.
    await saved.getByRole('button', { name: 'Save view…' }).click();
    await saved.getByRole('alert').filter({ hasText: 'Nothing is filtered yet' }).waitFor();
    // A view: open ones, biggest first.
    await page.getByLabel('Status').selectOption('open');
    await page.getByRole('button', { name: /^Amount/ }).click();
    await page.getByRole('button', { name: /^Amount/ }).click();
    assert.equal(await page.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort'), 'descending');
    await saved.getByRole('button', { name: 'Save view…' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save this view' });
    assert.equal(await saveDialog.getByTestId('view-described').textContent(), 'Open · by Amount ↓');
    // Mistake: no name.
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await saveDialog.getByRole('alert').filter({ hasText: 'Give the filter a name.' }).waitFor();
    await saveDialog.getByLabel('Name').fill('Open, biggest first');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await saveDialog.waitFor({ state: 'detached' });
    const chip = (name: string) => saved.getByRole('button', { name, exact: true });
    await chip('Open, biggest first').waitFor();
    assert.equal(await chip('Open, biggest first').getAttribute('aria-pressed'), 'true', 'the view on screen is it');
    // Mistake: a name in use (case and spacing aside): refused in words, what was typed kept, nothing lost.
    await page.getByLabel('Stage').selectOption('first');
    await saved.getByRole('button', { name: 'Save view…' }).click();
    await saveDialog.getByLabel('Name').fill('  open,   BIGGEST first ');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await saveDialog.getByRole('alert').filter({ hasText: 'already called “Open, biggest first”' }).waitFor();
    assert.equal(await saveDialog.getByLabel('Name').inputValue(), '  open,   BIGGEST first ');
    await saveDialog.getByLabel('Name').fill('First chargebacks');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await chip('First chargebacks').waitFor();
    assert.deepEqual(
      store.savedFilters.list(profileId).map((f) => [f.name, f.view]),
      [
        ['First chargebacks', { status: 'open', cycle: 'first', sort: 'amount', dir: 'desc' }],
        ['Open, biggest first', { status: 'open', sort: 'amount', dir: 'desc' }],
      ],
    );
    // Back to everything, then one click restores the saved view.
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Stage').selectOption('');
    await page.getByRole('button', { name: /^Deadline/ }).click();
    assert.equal(await chip('Open, biggest first').getAttribute('aria-pressed'), 'false');
    await chip('Open, biggest first').click();
    assert.equal(await page.getByLabel('Status').inputValue(), 'open');
    assert.equal(await page.getByLabel('Stage').inputValue(), '');
    assert.equal(await page.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort'), 'descending');
    const biggest = store.portfolio.listWorklist({
      profileId,
      status: 'open',
      sort: 'amount',
      dir: 'desc',
      collapsed: ['past-deadline'],
      answered: answeredIds(),
      limit: 1,
    }).rows[0]!;
    await page.locator('.vrow .cell.main .id').first().filter({ hasText: biggest.id }).waitFor();
    // Rename.
    await saved.getByRole('button', { name: 'Rename or delete First chargebacks' }).click();
    const edit = page.getByRole('dialog', { name: 'Saved filter First chargebacks' });
    await edit.getByLabel('Name').fill('Open, biggest first');
    await edit.getByRole('button', { name: 'Rename' }).click();
    await edit.getByRole('alert').filter({ hasText: 'already called' }).waitFor();
    await edit.getByLabel('Name').fill('First stage');
    await edit.getByRole('button', { name: 'Rename' }).click();
    await chip('First stage').waitFor();
    await app.shot('inbox-batch-saved-filters-1280x800');

    // One saved by an older version, naming a status that no longer exists.
    store.database.db
      .prepare(
        'INSERT INTO saved_filters (profile_id, name, name_key, view, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)',
      )
      .run(profileId, 'Disputed', 'disputed', JSON.stringify({ status: 'disputed', sort: 'amount', dir: 'asc' }));
    // A reload (the window starts again): the filters come back from main.
    await page.reload();
    await page.locator('.vrow .cell.main .id').first().waitFor({ timeout: 30_000 });
    for (const name of ['Disputed (part of it no longer exists)', 'First stage', 'Open, biggest first'])
      await chip(name).waitFor();
    await chip('Disputed (part of it no longer exists)').click();
    await saved.getByRole('alert').filter({ hasText: 'the status “disputed” no longer exists' }).waitFor();
    assert.equal(await page.getByLabel('Status').inputValue(), '', 'the unknown status is left out');
    assert.equal(await page.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort'), 'ascending');
    // Delete.
    await saved.getByRole('button', { name: 'Rename or delete Disputed' }).click();
    await page.getByRole('dialog', { name: 'Saved filter Disputed' }).getByRole('button', { name: 'Delete' }).click();
    await saved.getByRole('status').filter({ hasText: 'Deleted “Disputed”.' }).waitFor();
    assert.deepEqual(
      store.savedFilters.list(profileId).map((f) => f.name),
      ['First stage', 'Open, biggest first'],
    );
    await page.getByRole('button', { name: /^Deadline/ }).click();

    // ——— Multi-select and "Accept liability" ———
    const canConcede = (r: InboxRow) => messageTypesForCycle(r.cycle).includes('acceptLiability');
    const answerNow = all.filter((r) => r.section === 'answer-now');
    const [a, b, c] = answerNow.filter(canConcede);
    const wrongStage = answerNow.find((r) => !canConcede(r))!;
    const closed = all.find((r) => r.status === 'closed')!;
    const overdue = past[0]!;
    // One already answered: its acceptance queued before (as from its dispute page).
    const answered = answerNow.filter(canConcede)[5]!;
    const earlier = await services.liability.queue(profileId, [
      { chargebackId: answered.id, amount: answered.total, currency: answered.currency },
    ]);
    assert.equal(earlier[0]!.outcome, 'queued');
    assert.ok(a && b && c && wrongStage && closed && overdue, 'the portfolio has each kind of row');

    // The keyboard: arrows to the row, Space selects it (the heading is the grid's first row).
    await page.locator('.vrow .cell.main .id').first().waitFor();
    await grid(page).focus();
    await page.keyboard.press('Home');
    for (let i = 0; i <= answerNow.indexOf(a!); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    assert.equal(await page.getByRole('checkbox', { name: `Select ${a!.id}`, exact: true }).isChecked(), true);
    await page.keyboard.press('Space');
    assert.equal(await page.getByRole('region', { name: 'Selected chargebacks' }).count(), 0, 'Space again unselects');
    await page.keyboard.press('Space');
    for (const r of [b!, c!, wrongStage]) await tick(page, r.id);
    // Folded sections are out of the view: unfold "Past the deadline" to pick one there.
    // Unfolded for sure: a click that lands while the list redraws (a sync ending) is tried again,
    // and a section already open is not folded by it.
    const pastHead = page.getByTestId('section-past-deadline');
    const pastState = pastHead.locator('.section-action');
    for (let i = 0; i < 5; i++) {
      assert.ok(await scrollTo(page, pastHead), 'the "Past the deadline" heading is in the list');
      if ((await pastState.textContent()) === 'Hide') break;
      await pastHead.click();
      await pastState
        .filter({ hasText: 'Hide' })
        .waitFor({ timeout: 2_000 })
        .catch(() => undefined);
    }
    assert.equal(await pastState.textContent(), 'Hide', '"Past the deadline" is unfolded');
    for (const r of [overdue, closed, answered]) await tick(page, r.id);
    const picked = [a!, b!, c!, wrongStage, overdue, closed, answered];
    assert.equal(await selectionCount(page), picked.length);
    const bar = page.getByRole('region', { name: 'Selected chargebacks' });
    assert.equal(
      await bar.getByTestId('selection-total').textContent(),
      `${totalsText(totalsByCurrency(picked.map((r) => ({ amount: r.total, currency: r.currency }))))} disputed`,
    );
    await grid(page).evaluate((el) => ((el as unknown as { scrollTop: number }).scrollTop = 0));
    await app.shot('inbox-batch-selection-bar-1280x800');

    await bar.getByRole('button', { name: 'Accept liability…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept liability' });
    await dialog.getByTestId('liability-restated').waitFor();
    const conceded = [a!, b!, c!];
    const expectedTotals = totalsText(
      totalsByCurrency(conceded.map((r) => ({ amount: r.total, currency: r.currency }))),
    );
    assert.equal(await dialog.getByTestId('liability-totals').textContent(), expectedTotals);
    assert.match((await dialog.getByTestId('liability-restated').textContent()) ?? '', /for 3 chargebacks/);
    assert.deepEqual(
      (await dialog.getByRole('list', { name: 'Chargebacks to concede' }).locator('li').allTextContents()).map(
        (s) => s.split(' ')[0],
      ),
      conceded.map((r) => r.id),
    );
    const skipped = dialog.getByRole('list', { name: 'Skipped' });
    const reason = async (id: string) => (await skipped.locator('li').filter({ hasText: id }).textContent()) ?? '';
    assert.match(await reason(wrongStage.id), /"Accept liability" is not an answer this stage \(.+\) usually takes/);
    assert.match(await reason(overdue.id), /reply date .* has passed/);
    assert.match(await reason(closed.id), /This chargeback is closed: the processor accepts no more responses/);
    assert.match(await reason(answered.id), /already has an answer at this stage/);
    assert.equal(
      services.outbox.list().length,
      1,
      'nothing is queued before the merchant confirms (only the earlier answer)',
    );
    await app.shot('inbox-batch-accept-liability-confirm-1280x800');

    // A double click on the confirmation: two clicks before the window can re-render.
    await dialog.getByRole('button', { name: 'Accept liability for 3 chargebacks' }).evaluate((el) => {
      const button = el as unknown as { click(): void };
      button.click();
      button.click();
    });
    await dialog.getByRole('list', { name: 'Results' }).waitFor({ timeout: 30_000 });
    const results = await dialog.getByTestId('liability-result').allTextContents();
    assert.equal(results.length, 3);
    for (const [i, r] of conceded.entries()) assert.match(results[i]!, new RegExp(`^${r.id} .*Queued`));
    const jobs = services.outbox.list().filter((j) => j.chargebackId !== answered.id);
    assert.deepEqual(
      jobs.map((j) => [j.chargebackId, j.messageType, j.amount, j.currency]).sort(),
      conceded.map((r) => [r.id, 'acceptLiability', r.total, r.currency]).sort(),
      'the outbox holds exactly those, once each, the full disputed amount',
    );
    await app.shot('inbox-batch-accept-liability-results-1280x800');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The sandbox received exactly those acceptances, once each.
    await waitFor(
      () => services.outbox.list().filter((j) => j.state === 'done').length === 4,
      'the outbox to send the answers',
      60_000,
    );
    for (const r of [...conceded, answered, wrongStage, overdue])
      assert.deepEqual(
        await messagesOf(sb, r.id),
        r === wrongStage || r === overdue ? [] : [['acceptLiability', r.total]],
        `the sandbox holds exactly the acceptance of ${r.id}, once`,
      );

    // The queued ones left the selection.
    assert.equal(await selectionCount(page), 4);
    // Accepted, each is lost now (the service decides on it): a filter on open ones drops them from
    // the view, and so from the selection, with the closed one; the others stay selected.
    await waitFor(
      () => [...conceded, answered].every((r) => store.portfolio.getChargeback(profileId, r.id)?.status === 'lost'),
      'the refresh after sending to see them lost',
      60_000,
    );
    await page.getByLabel('Status').selectOption('open');
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
        ).document.querySelector('[data-testid="selection-count"] strong')?.textContent === '2',
    );
    assert.equal(
      await page.getByRole('checkbox', { name: `Select ${wrongStage.id}`, exact: true }).isChecked(),
      true,
      'the rest stay selected',
    );

    // "Build packets": the answerable ones of the selection go to batch upload, the others are named.
    // The view's checkbox (in the Tab order, outside the grid): Space selects every row of the view, then none.
    const viewBox = page.getByRole('checkbox', { name: 'Select all in this view' });
    await viewBox.focus();
    await page.keyboard.press('Space');
    const openInView = store.portfolio.worklistAll({
      profileId,
      status: 'open',
      collapsed: [],
      answered: answeredIds(),
    });
    await page.waitForFunction(
      (n) =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
        ).document.querySelector('[data-testid="selection-count"] strong')?.textContent === String(n),
      openInView.length,
    );
    await page.keyboard.press('Space');
    await bar.waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('');
    await page.locator('.vrow').first().waitFor();
    // A section's heading takes Space too: all of "Answer now", then none.
    await grid(page).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    const answerNowNow = store.portfolio
      .worklistAll({ profileId, collapsed: [], answered: answeredIds() })
      .filter((r) => r.section === 'answer-now');
    await page.waitForFunction(
      (n) =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
        ).document.querySelector('[data-testid="selection-count"] strong')?.textContent === String(n),
      answerNowNow.length,
    );
    assert.equal(
      await page.getByRole('checkbox', { name: `Select all ${answerNowNow.length} in Answer now` }).isChecked(),
      true,
    );
    await page.keyboard.press('Space');
    await bar.waitFor({ state: 'detached' });
    const [p1, p2] = answerNow.filter((r) => ![a, b, c, answered].includes(r));
    for (const r of [p1!, p2!, closed]) await tick(page, r.id);
    await bar.getByRole('button', { name: 'Build packets (2)…' }).click();
    const chosen = page.getByRole('note', { name: 'Chargebacks chosen in the inbox' });
    await chosen.waitFor();
    assert.match((await chosen.textContent()) ?? '', /For the 2 chargebacks you selected in the inbox/);
    assert.match((await chosen.textContent()) ?? '', new RegExp(`${p1!.id}, ${p2!.id}`));
    assert.match((await chosen.textContent()) ?? '', /1 other selected chargeback was left out/);
  } finally {
    await app.close();
    await sb.close();
  }
});

test('accept liability: the amounts read are the amounts confirmed, even when a sync changes one meanwhile', async (t) => {
  if (!browser) return t.skip(`Chromium is not installed at ${chromiumPath} (apt-get install chromium)`);
  const sb = await startSandbox({ seed: 15, chargebacks: 200, decisionDelayMs: null });
  const app = await openBrowserApp({ browser });
  try {
    const { page, services } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const profileId = await onboard(app, sb);
    const rows = services.store.portfolio
      .worklistAll({ profileId, collapsed: [], answered: [] })
      .filter((r) => r.section === 'answer-now' && messageTypesForCycle(r.cycle).includes('acceptLiability'));
    const [a, b] = rows;
    assert.ok(a && b, 'two chargebacks that can take the answer');
    for (const r of [a, b]) await tick(page, r.id);
    await page
      .getByRole('region', { name: 'Selected chargebacks' })
      .getByRole('button', { name: 'Accept liability…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Accept liability' });
    await dialog.getByTestId('liability-restated').waitFor();
    const read = totalsText(totalsByCurrency([a, b].map((r) => ({ amount: r.total, currency: r.currency }))));
    assert.equal(await dialog.getByTestId('liability-totals').textContent(), read);

    // While the merchant reads, the processor raises b's disputed amount and a sync brings it in.
    await createSandboxAdmin(sb.url, sb.adminToken).modify(b.id, { total: b.total + 5_000 });
    await services.sync.syncProfile(profileId);
    await dialog.getByTestId('liability-changed').waitFor({ timeout: 30_000 });
    assert.equal(await dialog.getByTestId('liability-totals').textContent(), read, 'what was read stays on screen');

    // Confirmed as read: a goes at the amount read, b (changed since) is refused and nothing else queued.
    await dialog.getByRole('button', { name: 'Accept liability for 2 chargebacks' }).click();
    await dialog.getByRole('list', { name: 'Results' }).waitFor({ timeout: 30_000 });
    const results = await dialog.getByTestId('liability-result').allTextContents();
    assert.match(results.find((r) => r.startsWith(a.id)) ?? '', /Queued/);
    assert.match(results.find((r) => r.startsWith(b.id)) ?? '', /Refused/);
    assert.deepEqual(
      services.outbox.list().map((j) => [j.chargebackId, j.amount, j.currency]),
      [[a.id, a.total, a.currency]],
    );
  } finally {
    await app.close();
    await sb.close();
  }
});
