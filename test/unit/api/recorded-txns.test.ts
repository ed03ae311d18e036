// The card-history reads against the real service's recorded transactions (test/fixtures/recorded/
// txns.json, from a public client's recordings; SOURCES.md): they parse as the /txns schema, and
// their facts for the Compelling Evidence 3.0 rule come from the fields the record really has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordedRecords } from '../../support/recorded.ts';
import { historyTxnSchema } from '../../../shared/api/card-history.ts';
import { ce3Facts, notAPurchase } from '../../../electron/card-history/txn-facts.ts';

const recorded = recordedRecords('txns');

test('recorded transactions parse as /txns records and give the rule the customer IP, never the billing address', () => {
  assert.ok(recorded.length > 0);
  for (const raw of recorded) {
    const t = historyTxnSchema.parse(raw);
    const facts = ce3Facts(t, { currency: 'USD', refundedIds: new Set(), chargebackIds: new Set() });
    assert.ok(facts, `${t.id} has a date to judge it by`);
    assert.equal(facts.ip, (raw as { clientIp: string | null }).clientIp, 'the customer IP, not ipCreated');
    assert.equal(facts.address, null, 'the billing address is never offered as the delivery address');
    assert.equal(facts.device, null, 'no recorded field holds a device ID');
    assert.equal(facts.notAPurchase, notAPurchase(t));
    assert.match(facts.date, /^\d{4}-\d{2}-\d{2}$/);
  }
});
