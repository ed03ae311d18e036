// One inbox order: `dispute-desk chargebacks` lists the chargebacks in the order the window's
// inbox does (the worklist: answer now, awaiting the issuer, decided, past the deadline), not in
// an older order of its own that put a chargeback past its deadline at the top.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcEvents } from '../../../shared/ipc/contract.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createAppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { addDays, easternToday, ymdToInt } from '../../../shared/domain/dates.ts';
import { runCli } from './support.ts';
import { openChargeback } from '../../support/chargeback-records.ts';

const profile: Profile = { ...profileDefaults, id: 'p1', name: 'Shop', deployment: 'test', url: 'http://127.0.0.1:9' };
const inDays = (n: number): number => ymdToInt(addDays(easternToday(new Date()), n));
const cb = (id: string, fields: Record<string, unknown> = {}) => openChargeback(id, { reply: inDays(10), ...fields });

const openServices = (home: string) =>
  createAppServices({
    home,
    events: createEventHub(ipcEvents),
    vault: createKeyVault({
      keytarLoader: async () => {
        throw new Error('no keychain in this test');
      },
    }),
    platform: {
      dialogs: createScriptedDialogs().dialogs,
      shell: { openPath: async () => undefined, openExternal: async () => undefined },
      badge: { setDueSoonCount: () => undefined },
      notifier: createRecordingNotifier(),
    },
  });

test('the CLI lists the chargebacks in the window’s order, a late one after those still to answer', async () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-cli-order-'));
  try {
    let s = await openServices(home);
    await s.outbox.stop();
    s.store.profiles.save(profile);
    s.store.portfolio.upsertChargebacks('p1', [
      cb('late1', { reply: inDays(-2) }),
      cb('soon1', { reply: inDays(2) }),
      cb('later1', { reply: inDays(12) }),
      cb('won1', { status: 'won', modified: '2026-11-05 10:00:00.0000' }),
      cb('noapi1', { actionable: 0, modified: '2026-11-06 10:00:00.0000' }),
      cb('lost1', { status: 'lost', modified: '2026-11-07 10:00:00.0000' }),
    ]);
    await s.close();

    const r = await runCli(['chargebacks', '--json', '--home', home], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/dispute-desk-test-bus' },
    });
    assert.equal(r.status, 0, r.stderr);
    const fromCli = (JSON.parse(r.stdout) as { rows: Array<{ id: string }> }).rows.map((row) => row.id);

    s = await openServices(home);
    try {
      await s.outbox.stop();
      const page = await createHandlers(s).listInbox({ profileId: 'p1', offset: 0, limit: 100, collapsed: [] });
      const fromWindow = page.rows.map((row) => row.id);
      assert.deepEqual(fromCli, fromWindow);
      assert.deepEqual(fromCli, ['soon1', 'later1', 'noapi1', 'lost1', 'won1', 'late1']);
    } finally {
      await s.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
