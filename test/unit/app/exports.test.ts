// The exports use case (electron/app/exports.ts) on its narrow interface: what it reads, the save
// dialog and the file written are stand-ins that record what was asked of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportInboxCsv, exportLedgerCsv, type ExportDeps } from '../../../electron/app/exports.ts';
import type { EntryLine } from '../../../shared/domain/entry-kinds.ts';

const line: EntryLine = {
  id: 't1_ent_1',
  created: '2026-03-02 10:00:00',
  event: 1,
  eventLabel: 'Chargeback',
  label: 'Chargeback',
  kind: 'disputed',
  amount: -4999,
  currency: 'USD',
  chargebackId: 't1_chb_1',
  description: '=HYPERLINK("http://evil.example")',
};

function deps(chosen: string | undefined) {
  const asked: { read: unknown[]; dialogs: string[]; written: Array<[string, string]> } = {
    read: [],
    dialogs: [],
    written: [],
  };
  const d: ExportDeps = {
    reads: {
      inboxRows: (q) => (asked.read.push(q), []),
      ledgerLines: (profileId, from, to) => (
        asked.read.push([profileId, from.toISOString(), to.toISOString()]),
        [line]
      ),
    },
    target: {
      choose: async (o) => (asked.dialogs.push(o.defaultName), chosen),
      write: async (path, text) => void asked.written.push([path, text]),
    },
    today: () => '2026-03-10',
  };
  return { d, asked };
}

test('a ledger window whose end is before its start is refused before a file is asked for; nothing is written', async () => {
  const { d, asked } = deps('/tmp/ledger.csv');
  const r = await exportLedgerCsv(d, 'prof_a', '2026-03-09', '2026-03-08');
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(r.error.message, 'Choose a date window whose end is on or after its start.');
  assert.deepEqual(asked, { read: [], dialogs: [], written: [] });
  const typo = await exportLedgerCsv(d, 'prof_a', '2026-02-30', '2026-03-08');
  assert.equal(typo.ok, false);
  assert.deepEqual(asked.dialogs, [], 'no dialog for a date that is no date');
});

test('the ledger is read for its whole days, written where the merchant chose, defused; a closed dialog writes nothing', async () => {
  const closed = deps(undefined);
  assert.deepEqual(await exportLedgerCsv(closed.d, 'prof_a', '2026-03-01', '2026-03-08'), {
    ok: true,
    value: { saved: false },
  });
  assert.deepEqual(closed.asked.dialogs, ['ledger 2026-03-01 to 2026-03-08.csv']);
  assert.deepEqual(closed.asked.written, []);

  const { d, asked } = deps('/home/m/exports/ledger.csv');
  const r = await exportLedgerCsv(d, 'prof_a', '2026-03-01', '2026-03-08');
  assert.deepEqual(r, { ok: true, value: { saved: true, name: 'ledger.csv' } });
  // US Eastern: midnight of 1 March (EST) to midnight after 8 March (EDT begins on the 8th).
  assert.deepEqual(asked.read, [['prof_a', '2026-03-01T05:00:00.000Z', '2026-03-09T04:00:00.000Z']]);
  const [[path, text]] = asked.written as [[string, string]];
  assert.equal(path, '/home/m/exports/ledger.csv');
  assert.match(text, /-49\.99,USD,t1_chb_1,"'=HYPERLINK\(""http:\/\/evil\.example""\)"/);
});

test('the inbox as shown: named for today, its row count said, saved nowhere when the dialog is closed', async () => {
  const closed = deps(undefined);
  assert.deepEqual(await exportInboxCsv(closed.d, { profileId: 'prof_a' }), {
    ok: true,
    value: { saved: false, rows: 0 },
  });
  assert.deepEqual(closed.asked.dialogs, ['chargebacks 2026-03-10.csv']);
  assert.deepEqual(closed.asked.written, []);
  const { d, asked } = deps('C:\\Users\\m\\inbox.csv');
  assert.deepEqual(await exportInboxCsv(d, { profileId: 'prof_a', search: 'x' }), {
    ok: true,
    value: { saved: true, name: 'inbox.csv', rows: 0 },
  });
  assert.deepEqual(asked.read, [{ profileId: 'prof_a', search: 'x' }]);
  assert.match(asked.written[0]![1], /^section,chargeback,status,/);
});
