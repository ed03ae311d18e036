// The customer's earlier orders as an exhibit the merchant adds (issue 22): for a not-received
// chargeback, a packet holds them only once the merchant chose to add them (the page's checkbox,
// kept per chargeback), titled, after the merchant's own files, and cited by the letter; without
// that choice, or for a reason where they do not help, nothing is added or claimed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { syncFixture } from '../sync/support.ts';
import { cardHistoryScenarios } from '../../../electron/sandbox/index.ts';
import { wholeFiles } from '../../../electron/app/answer/packets.ts';
import { customerHistoryExhibitTitle } from '../../../shared/views/card-history-view.ts';
import { pdfWithPages } from '../evidence/corpus.ts';
import { readPdf } from '../evidence/pdf-read.ts';

test('the customer’s orders go in the packet only when the merchant adds them', async () => {
  const f = await syncFixture({ seed: 59, chargebacks: 1, cardHistories: true });
  try {
    const sc = cardHistoryScenarios(f.sb);
    await f.h.sync.syncProfile(f.profile.id);
    const receiptPath = join(f.home, 'receipt.pdf');
    await pdfWithPages(receiptPath, 1);
    const [imported] = await f.h.evidence.importPaths([receiptPath]);
    assert.ok(imported?.ok);
    const arrangement = wholeFiles([imported.item]);
    const cb = f.h.store.portfolio.getChargeback(f.profile.id, sc.customerHistory.chargeback)!;

    const plain = await f.h.packets.plan(f.profile, cb, { arrangement });
    assert.equal(plain.arrangement.pages.length, 1, 'not chosen: only the merchant’s file');
    assert.ok(!Object.values(plain.letter.exhibitTitles ?? {}).includes(customerHistoryExhibitTitle));

    f.h.store.cardHistory.chooseCustomerHistory(f.profile.id, cb.id, true);
    const view = await f.h.cardHistory.view(f.profile, cb.id);
    assert.equal(view?.customerHistoryInPacket, true, 'the page shows the choice');
    const chosen = await f.h.packets.plan(f.profile, cb, { arrangement });
    assert.equal(chosen.arrangement.pages.length, 2, 'the exhibit follows the merchant’s file');
    const exhibitId = chosen.arrangement.pages[1]!.itemId;
    assert.equal(chosen.letter.exhibitTitles?.[exhibitId], customerHistoryExhibitTitle);
    const item = await f.h.evidence.get(exhibitId);
    const text = (await readPdf(f.h.evidence.pathOf(item!.id))).map((p) => p.plain).join('\n');
    for (const id of sc.customerHistory.priors) assert.ok(text.includes(id), `${id} is listed`);
    assert.notEqual(chosen.key, plain.key, 'a different packet, a different key');
    // The letter cites the exhibit by its number and names the orders it lists; without it, it
    // claims no history.
    assert.match(chosen.letter.rebuttal, /Exhibit 2 \(the customer’s earlier undisputed orders\)/);
    for (const id of sc.customerHistory.priors) assert.ok(chosen.letter.rebuttal.includes(id), `${id} is cited`);
    assert.doesNotMatch(plain.letter.rebuttal, /earlier undisputed orders/);

    // Chosen for a fraud chargeback, they are not offered: nothing is added.
    const fraud = f.h.store.portfolio.getChargeback(f.profile.id, sc.tooRecent.chargeback)!;
    f.h.store.cardHistory.chooseCustomerHistory(f.profile.id, fraud.id, true);
    const none = await f.h.packets.plan(f.profile, fraud, { arrangement });
    assert.equal(none.arrangement.pages.length, 1);
  } finally {
    await f.close();
  }
});
