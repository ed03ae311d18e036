// `dispute-desk show` and `chargebacks` name the card network and give the payment's facts as the
// transaction record states them (issue 22): a Visa 10.4 chargeback whose transaction, in the
// recorded core API shape, says 3-D Secure was only attempted is never said to be authenticated,
// in the text or in --json; a code of no network's form says "Card network unknown".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './support.ts';
import { databaseFile, openStore } from '../../../electron/store/index.ts';
import { chargebackSchema, txnSchema } from '../../../shared/api/index.ts';
import { profileDefaults } from '../../../shared/profiles.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';

const recorded = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('../../fixtures/recorded/txns-expanded.json', import.meta.url), 'utf8')).response
    .data[0];
const cb = (id: string, reasonCode: string, txn: string) =>
  chargebackSchema.parse({
    id,
    total: 4999,
    cycle: 'first',
    reasonCode,
    status: 'open',
    actionable: 1,
    currency: 'USD',
    reply: 20991201,
    modified: '2026-11-01 10:00:00.0000',
    txn,
  });

test('show and chargebacks: the network by name, the payment facts in the record’s words, attempted never authenticated', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-facts-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dispute-desk-test-bus',
    DISPUTE_DESK_HOME: home,
  };
  try {
    const store = openStore(databaseFile(home));
    store.profiles.save({ ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:1' });
    store.portfolio.upsertChargebacks('p1', [
      cb('t1_chb_fraud', 'V1040', 't1_txn_a'),
      cb('t1_chb_mc', '4837', 't1_txn_b'),
      cb('t1_chb_odd', 'ZZ9', 't1_txn_c'),
    ]);
    store.portfolio.saveTxn(
      'p1',
      txnSchema.parse({ ...recorded(), id: 't1_txn_a', origin: 6, cvvStatus: 'M', clientIp: '203.0.113.7' }),
    );
    store.close();

    const shown = await runCli(['show', 't1_chb_fraud', '--profile', 'Shop'], { env });
    assert.equal(shown.status, 0, shown.stderr);
    const text = shown.stdout;
    assert.match(text, /\(Visa\)/);
    assert.match(text, /The payment as the transaction record states it:/);
    assert.match(text, /3-D Secure: 3-D Secure attempted, not authenticated/);
    assert.match(text, /AVS and CVV: Security code \(CVV\) matched; no address check \(AVS\) result in the record/);
    // An IP alone ticks nothing (it supports the case when it matches earlier orders).
    assert.match(text, /  - Customer IP address and device\n/);
    assert.match(text, /Customer IP 203\.0\.113\.7; no device ID in the record/);
    assert.match(text, /  - 3-D Secure authentication\n/, 'the 3-D Secure box is left for the merchant');
    assert.doesNotMatch(text, /3-D Secure succeeded|cardholder was authenticated/);

    const json = await runCli(['show', 't1_chb_fraud', '--profile', 'Shop', '--json'], { env });
    assert.equal(json.status, 0, json.stderr);
    const view = JSON.parse(json.stdout) as DisputeView;
    assert.deepEqual([view.chargeback.network, view.chargeback.networkName], ['visa', 'Visa']);
    const secure = view.paymentFacts.find((f) => f.id === 'three-d-secure')!;
    assert.deepEqual([secure.record, secure.supports], ['3-D Secure attempted, not authenticated', false]);

    const listed = await runCli(['chargebacks', '--profile', 'Shop', '--json'], { env });
    assert.equal(listed.status, 0, listed.stderr);
    const rows = (JSON.parse(listed.stdout) as { rows: Array<{ id: string; networkName: string }> }).rows;
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.networkName])), {
      t1_chb_fraud: 'Visa',
      t1_chb_mc: 'Mastercard',
      t1_chb_odd: 'Card network unknown',
    });
    const lines = (await runCli(['chargebacks', '--profile', 'Shop'], { env })).stdout.split('\n');
    assert.match(
      lines.find((l) => l.startsWith('t1_chb_mc'))!,
      / Mastercard +4837 /,
    );
    assert.match(
      lines.find((l) => l.startsWith('t1_chb_odd'))!,
      / Card network unknown ZZ9/,
    );
    assert.ok(!lines.some((l) => /Network \d/.test(l)));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
