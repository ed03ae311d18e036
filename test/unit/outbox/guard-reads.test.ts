// One pass per answer: asking the submission guards reads the chargeback once, and every rule
// (readiness, money, second answer) judges that one reading (electron/outbox/submission-guards.ts).
// They read it three times per asking, and an answer asked them three times before its job was
// written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatabaseSync } from 'node:sqlite';
import { openStore } from '../../../electron/store/index.ts';
import type { Database } from '../../../electron/store/database.ts';
import { createSubmissionGuards } from '../../../electron/outbox/submission-guards.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { openChargeback } from '../../support/chargeback-records.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:1' };

/** The database with every read of a chargeback's row counted. */
function counted(database: Database): { database: Database; reads: () => number } {
  let reads = 0;
  const db = new Proxy(database.db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key, target);
      return (sql: string) => {
        const statement = target.prepare(sql);
        if (!/FROM chargebacks WHERE/.test(sql)) return statement;
        return new Proxy(statement, {
          get(s, k) {
            const value = Reflect.get(s, k, s);
            if (k !== 'get' && k !== 'all') return typeof value === 'function' ? value.bind(s) : value;
            return (...args: unknown[]) => (reads++, (value as (...a: unknown[]) => unknown).apply(s, args));
          },
        });
      };
    },
  }) as DatabaseSync;
  return { database: { ...database, db }, reads: () => reads };
}

test('asking the guards reads the chargeback once, whichever rules apply', () => {
  const store = openStore(':memory:');
  try {
    store.profiles.save(profile);
    store.portfolio.upsertChargebacks('p1', [openChargeback('cb1', { reply: 20991201 })]);
    const { database, reads } = counted(store.database);
    const guards = createSubmissionGuards(database, (id) => store.profiles.get(id));
    // A concession: readiness, the money rule and the second-answer rule all look at the chargeback.
    const concession = {
      profileId: 'p1',
      chargebackId: 'cb1',
      messageType: 'acceptLiability' as const,
      amount: 4999,
      currency: 'USD',
      withDocuments: false,
    };
    assert.equal(guards.refusal(concession), undefined);
    assert.equal(reads(), 1, 'one reading of the chargeback for the whole asking');
    // Refused for the money: still one reading.
    assert.match(guards.refusal({ ...concession, amount: 9999 })?.message ?? '', /./);
    assert.equal(reads(), 2);
  } finally {
    store.close();
  }
});
