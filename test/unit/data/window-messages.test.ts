// The window's one message (renderer/state/app-store.ts): the merchant's own action replaces what
// is shown; news from main waits its turn instead of wiping out the outcome of what the merchant
// just did (the demo decided a concession within a second, and "… is queued" vanished with it).
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { newsGapMs, useApp } from '../../../renderer/state/app-store.ts';

const state = () => useApp.getState();
const shownText = () => state().toast?.text;
/** Past the moment with no message between a toast and the news behind it. */
const afterTheGap = () => new Promise((r) => setTimeout(r, newsGapMs + 30));

beforeEach(() => useApp.setState({ screen: { name: 'inbox' }, toast: undefined, news: [] }));

test('news waits behind the message of the merchant’s action, and is shown when that goes', async () => {
  state().go({ name: 'outbox' });
  state().say('info', 'Your answer to CB-1 is queued.');
  state().tell('Decision: CB-1 was decided for the cardholder');
  assert.equal(shownText(), 'Your answer to CB-1 is queued.', 'the queued message stays');
  state().clearToast();
  assert.equal(state().toast, undefined, 'a moment with no message first');
  await afterTheGap();
  assert.equal(shownText(), 'Decision: CB-1 was decided for the cardholder');
  assert.equal(state().toast?.screen, 'outbox', 'shown on the screen the merchant is on');
  state().clearToast();
  assert.equal(state().toast, undefined, 'nothing left to show');
});

test('news with nothing shown is shown at once; the merchant’s action goes before it, and it comes back after', async () => {
  state().tell('Demo shop: 68 chargebacks loaded: 46 open.');
  assert.equal(shownText(), 'Demo shop: 68 chargebacks loaded: 46 open.');
  state().say('info', 'Demo data is ready.');
  assert.equal(shownText(), 'Demo data is ready.');
  assert.deepEqual(state().news, ['Demo shop: 68 chargebacks loaded: 46 open.'], 'neither read nor dismissed');
  state().clearToast();
  await afterTheGap();
  assert.equal(shownText(), 'Demo shop: 68 chargebacks loaded: 46 open.');
  // Dismissed, it is gone for good; the merchant's next message replaces nothing to come back.
  state().clearToast();
  state().say('error', 'The amount conceded must be more than zero.');
  assert.equal(state().toast?.kind, 'error');
  assert.deepEqual(state().news, []);
});

test('leaving the screen takes its message away, and the news waiting behind it', () => {
  state().say('info', 'Saved.');
  state().tell('New chargeback: CB-3');
  state().go({ name: 'ledger' });
  assert.equal(state().toast, undefined, 'nothing follows the merchant to the ledger');
  assert.deepEqual(state().news, []);
  state().tell('New chargeback: CB-4');
  assert.equal(shownText(), 'New chargeback: CB-4', 'news after it is shown there');
});

test('a message that stays on its screen keeps the news waiting', () => {
  state().go({ name: 'dispute', chargebackId: 'CB-1' });
  state().say('info', 'Draft saved.');
  state().tell('New chargeback: CB-5');
  state().go({ name: 'dispute', chargebackId: 'CB-1' });
  assert.equal(shownText(), 'Draft saved.');
  assert.deepEqual(state().news, ['New chargeback: CB-5']);
  state().go({ name: 'dispute', chargebackId: 'CB-2' });
  assert.equal(state().toast, undefined, 'another dispute is another screen');
});

test('a burst of news keeps three waiting: the oldest, and the latest two (main ends a burst with "N more")', async () => {
  state().say('info', 'Your answer to CB-1 is queued.');
  for (const n of [1, 2, 3, 4]) state().tell(`New chargeback: CB-${n}`);
  state().tell('3 more updates');
  assert.deepEqual(state().news, ['New chargeback: CB-1', 'New chargeback: CB-4', '3 more updates']);
  const seen: string[] = [];
  for (let k = 0; k < 3; k++) {
    state().clearToast();
    await afterTheGap();
    seen.push(shownText()!);
  }
  assert.deepEqual(seen, ['New chargeback: CB-1', 'New chargeback: CB-4', '3 more updates']);
});

test('each message shown is a new one (its lifetime starts again)', async () => {
  state().say('info', 'Saved.');
  const first = state().toast!.id;
  state().tell('New chargeback: CB-6');
  state().clearToast();
  await afterTheGap();
  assert.notEqual(state().toast!.id, first);
});

test('a second click on × does not dismiss the news that comes next unseen', async () => {
  state().say('info', 'Saved.');
  state().tell('New chargeback: CB-7');
  state().clearToast();
  state().clearToast();
  await afterTheGap();
  assert.equal(shownText(), 'New chargeback: CB-7');
  assert.deepEqual(state().news, []);
});

test('news that comes in the moment between waits its turn; a message raised then goes first', async () => {
  state().say('info', 'Saved.');
  state().tell('New chargeback: CB-8');
  state().clearToast();
  state().tell('New chargeback: CB-9');
  state().say('error', 'The file could not be read.');
  await afterTheGap();
  assert.equal(shownText(), 'The file could not be read.');
  state().clearToast();
  await afterTheGap();
  assert.equal(shownText(), 'New chargeback: CB-8');
  state().clearToast();
  await afterTheGap();
  assert.equal(shownText(), 'New chargeback: CB-9');
});

test('leaving the screen in the moment between takes the waiting news too', async () => {
  state().say('info', 'Saved.');
  state().tell('New chargeback: CB-10');
  state().clearToast();
  state().go({ name: 'settings' });
  await afterTheGap();
  assert.equal(state().toast, undefined);
});

test('the first sync’s news on onboarding goes along to the inbox that onboarding ends in', async () => {
  useApp.setState({ screen: { name: 'onboarding' } });
  state().tell('Demo shop: 68 chargebacks loaded: 46 open.');
  state().go({ name: 'inbox' });
  assert.equal(shownText(), 'Demo shop: 68 chargebacks loaded: 46 open.');
  assert.equal(state().toast?.screen, 'inbox');
  // The demo says it is ready right after: the summary comes back once that has gone.
  state().say('info', 'Demo data is ready.');
  state().clearToast();
  await afterTheGap();
  assert.equal(shownText(), 'Demo shop: 68 chargebacks loaded: 46 open.');
  // Any other screen left takes the news with it.
  state().go({ name: 'ledger' });
  assert.equal(state().toast, undefined);
});
