// The ledger export as the window saves it (the real IPC handler, the store, a scripted save
// dialog): an entry description written to run a command opens as text, amounts stay numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcEvents } from '../../../shared/ipc/contract.ts';
import { profileDefaults } from '../../../shared/profiles.ts';
import { entrySchema } from '../../../shared/api/resources.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { portfolioHandlers } from '../../../electron/ipc/handlers/portfolio.ts';
import { createAppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';

test('exportLedgerCsv: formula-like descriptions are escaped, negative amounts stay numbers', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'dd-ledger-csv-'));
  const scripted = createScriptedDialogs();
  const s = await createAppServices({
    home,
    events: createEventHub(ipcEvents),
    vault: createKeyVault({
      keytarLoader: async () => {
        throw new Error('no keychain in this test');
      },
    }),
    platform: {
      dialogs: scripted.dialogs,
      shell: { openPath: async () => undefined, openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });
  t.after(async () => {
    await s.close();
    rmSync(home, { recursive: true, force: true });
  });
  s.store.profiles.save({
    ...profileDefaults,
    reminderThresholdDays: [7],
    id: 'prof_a',
    name: 'Corner shop',
    deployment: 'core',
    url: 'https://api.example.com',
  });
  const hostile = [
    "-2+3+cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.example","Refund")',
    "@SUM(1+1)*cmd|' /C calc'!A0",
    '  +1+1',
    '- fee, as agreed',
  ];
  s.store.portfolio.saveEntries(
    'prof_a',
    hostile.map((description, i) =>
      entrySchema.parse({
        id: `t1_ent_${i}`,
        created: `2026-01-0${i + 1} 10:00:00`,
        event: 2,
        amount: -1250 - i,
        isFee: 0,
        chargeback: null,
        description,
      }),
    ),
  );
  const file = join(home, 'ledger.csv');
  scripted.answerSave(file);
  assert.deepEqual(
    await portfolioHandlers(s).exportLedgerCsv({ profileId: 'prof_a', from: '2026-01-01', to: '2026-01-31' }),
    { saved: true, name: 'ledger.csv' },
  );
  const text = readFileSync(file, 'utf8');
  const lines = text.split(/\r?\n/);
  assert.equal(lines.pop(), '', 'the last row is ended');
  assert.equal(lines[0], 'created,kind,event,amount,currency,chargeback,description');
  assert.equal(lines.length, hostile.length + 1);
  for (const [i, line] of lines.slice(1).entries()) {
    const [created, kind, , amount] = line.split(',');
    // Major units (the test profile's entries are in USD): -12.50, not -1250 cents.
    assert.equal(amount, ((-1250 - i) / 100).toFixed(2), 'a negative amount is written as a number');
    assert.equal(kind, /fee/.test(hostile[i]!) ? 'Fee' : 'Charged back', 'the kind of entry, in words');
    // 10:00 in New York in January is 15:00 UTC: ISO 8601, never the service's own form.
    assert.equal(created, `2026-01-0${i + 1}T15:00:00.000Z`);
    let at = -1;
    for (let n = 0; n < 6; n++) at = line.indexOf(',', at + 1);
    const description = line.slice(at + 1);
    const unquoted = description.startsWith('"') ? description.slice(1, -1).replace(/""/g, '"') : description;
    assert.equal(unquoted, `'${hostile[i]}`, 'the description is text, not a formula');
  }
  assert.equal(text.split('\r\n').length, lines.length + 1, 'rows end in CRLF (RFC 4180)');
});
