// The ledger's date window is one rule (electron/app/ledger-window.ts) for the window's ledger and
// export and for `dispute-desk entries`: through the end of the last day as the service counts it,
// on the days the clocks change too. The window took 24 hours from the last day's midnight: the
// last hour of 1 November (a 25-hour day) was missing from the ledger and its export.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { profileDefaults } from '../../../shared/profiles.ts';
import { entrySchema } from '../../../shared/api/resources.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createIpcRouter, type IpcRouter } from '../../../electron/ipc/router.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { appOrigin } from '../../../electron/platform/security.ts';
import { runCli } from '../cli/support.ts';

let home: string;
let s: AppServices;
let router: IpcRouter;

/** Entries at the edges of the days the clocks change (service time, US Eastern). */
const entries = {
  lastHourOfNov1: '2026-11-01 23:30:00',
  firstHourOfNov2: '2026-11-02 00:30:00',
  lastHourOfMar8: '2026-03-08 23:30:00',
  firstHourOfMar9: '2026-03-09 00:30:00',
};

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'dd-ledger-window-'));
  s = await createAppServices({
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
  router = createIpcRouter({ contract: ipcContract, handlers: createHandlers(s), trustedOrigins: [appOrigin] });
  s.store.profiles.save({
    ...profileDefaults,
    id: 'prof_a',
    name: 'Corner shop',
    deployment: 'core',
    url: 'https://api.example.com',
  });
  s.store.portfolio.saveEntries(
    'prof_a',
    Object.entries(entries).map(([id, created]) =>
      entrySchema.parse({
        id: `t1_ent_${id}`,
        created,
        event: 2,
        amount: -1250,
        isFee: 0,
        chargeback: null,
        description: id,
      }),
    ),
  );
});
after(async () => {
  await s.close();
  rmSync(home, { recursive: true, force: true });
});

async function fromWindow(from: string, to: string): Promise<string[]> {
  const r = (await router.invoke(
    'listLedger',
    { url: `${appOrigin}/index.html`, isMainFrame: true },
    { profileId: 'prof_a', from, to },
  )) as { ok: boolean; value: unknown; error?: { message: string } };
  assert.ok(r.ok, r.error?.message);
  return Object.keys(entries).filter((id) => JSON.stringify(r.value).includes(`t1_ent_${id}`));
}

async function fromCli(from: string, to: string): Promise<string[]> {
  const run = await runCli(['entries', '--from', from, '--to', to, '--json', '--home', home], {
    env: { ...process.env },
  });
  assert.equal(run.status, 0, run.stderr);
  return Object.keys(entries).filter((id) => run.stdout.includes(`t1_ent_${id}`));
}

test('a window ending on 1 November holds its last hour, and no more, through IPC and the CLI', async () => {
  assert.deepEqual(await fromWindow('2026-11-01', '2026-11-01'), ['lastHourOfNov1']);
  assert.deepEqual(await fromCli('2026-11-01', '2026-11-01'), ['lastHourOfNov1']);
});

test('a window ending on 8 March stops at its end, not an hour into 9 March, through IPC and the CLI', async () => {
  assert.deepEqual(await fromWindow('2026-03-08', '2026-03-08'), ['lastHourOfMar8']);
  assert.deepEqual(await fromCli('2026-03-08', '2026-03-08'), ['lastHourOfMar8']);
});

test('an end before the start is refused by both doors, each in its own words', async () => {
  const r = (await router.invoke(
    'listLedger',
    { url: `${appOrigin}/index.html`, isMainFrame: true },
    { profileId: 'prof_a', from: '2026-03-09', to: '2026-03-08' },
  )) as { ok: boolean; error?: { message: string } };
  assert.deepEqual([r.ok, r.error?.message], [false, 'Choose a date window whose end is on or after its start.']);
  const run = await runCli(['entries', '--from', '2026-03-09', '--to', '2026-03-08', '--home', home], {
    env: { ...process.env },
  });
  assert.deepEqual([run.status, run.stderr.trim()], [1, 'dispute-desk: --to must be on or after --from.']);
});
