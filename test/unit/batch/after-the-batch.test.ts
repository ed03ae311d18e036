import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterTheBatch } from '../../../electron/app/batch/queue.ts';

const todo = "To use it, add it from its chargeback's own page, or run a batch again with it.";

test('the report says what can still be done with a file, never the review\'s "Assign it by hand"', () => {
  assert.equal(
    afterTheBatch("The scan shows $155.33, but nothing on it matches a chargeback's transaction. Assign it by hand."),
    `The scan shows $155.33, but nothing on it matches a chargeback's transaction. ${todo}`,
  );
  assert.equal(
    afterTheBatch('The order ORD-1 fit t1_chb_a. Assign it by hand if it is yours.'),
    `The order ORD-1 fit t1_chb_a. ${todo}`,
  );
  assert.equal(
    afterTheBatch('The name contains 2 chargeback IDs (t1_chb_a, t1_chb_b); choose one.'),
    `The name contains 2 chargeback IDs (t1_chb_a, t1_chb_b). ${todo}`,
  );
  assert.equal(
    afterTheBatch('No chargeback has the amount 7.77 on 2025-03-01.'),
    `No chargeback has the amount 7.77 on 2025-03-01. ${todo}`,
  );
});
