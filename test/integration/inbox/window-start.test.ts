// The window's first call (openWindow) through the IPC router on the real services: the profiles
// and the first inbox page of the profile in use, the same answers listProfiles and listInbox give,
// in one round trip. The profile in use is the one the window remembers while it exists, else the
// first: a window remembering a profile removed since is not shown an inbox of nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';
import { createEventHub } from '../../../electron/ipc/event-hub.ts';
import { createHandlers } from '../../../electron/ipc/handlers/index.ts';
import { createIpcRouter, type IpcRouter } from '../../../electron/ipc/router.ts';
import { createAppServices, type AppServices } from '../../../electron/app-services.ts';
import { createScriptedDialogs } from '../../../electron/platform/headless-dialogs.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { appOrigin } from '../../../electron/platform/security.ts';
import { warmOpening } from '../../../electron/ipc/handlers/window-start.ts';
import { openingInbox } from '../../../shared/ipc/opening-inbox.ts';
import { openChargeback } from '../../support/chargeback-records.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { addDays, easternToday, ymdToInt } from '../../../shared/domain/dates.ts';

let home: string;
let s: AppServices;
let h: ReturnType<typeof createHandlers>;
let router: IpcRouter;
const sender = { url: `${appOrigin}/index.html`, isMainFrame: true };
const profile = (id: string, name: string): Profile => ({
  ...profileDefaults,
  reminderThresholdDays: [...profileDefaults.reminderThresholdDays],
  id,
  name,
  deployment: 'test',
  url: 'http://127.0.0.1:9',
});
const page = {
  sort: 'deadline' as const,
  dir: 'asc' as const,
  collapsed: ['past-deadline' as const],
  offset: 0,
  limit: 100,
};
const today = easternToday(new Date());
const cb = (id: string) => openChargeback(id, { reply: ymdToInt(addDays(today, 10)) });

before(async () => {
  home = mkdtempSync(join(tmpdir(), 'dd-window-start-'));
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
  await s.outbox.stop();
  h = createHandlers(s);
  router = createIpcRouter({ contract: ipcContract, handlers: h, trustedOrigins: [appOrigin] });
});
after(async () => {
  await s.close();
  rmSync(home, { recursive: true, force: true });
});

async function openWindow(input: unknown) {
  const r = await router.invoke('openWindow', sender, input);
  assert.ok(r.ok, JSON.stringify(r));
  return r.value as {
    profiles: Array<{ id: string }>;
    inbox?: { profileId: string; page: { rows: Array<{ id: string }> }; events: unknown[]; savedFilters: unknown[] };
  };
}

test('no profile yet: the profiles (none) and no inbox, so the window opens on onboarding', async () => {
  const r = await openWindow({ inbox: page });
  assert.deepEqual(r, { profiles: [] });
});

test("the remembered profile's inbox, the same answers listProfiles and listInbox give", async () => {
  s.store.profiles.save(profile('shop-a', 'Shop A'));
  s.store.profiles.save(profile('shop-b', 'Shop B'));
  s.store.portfolio.upsertChargebacks('shop-a', [cb('a1')]);
  s.store.portfolio.upsertChargebacks('shop-b', [cb('b1'), cb('b2')]);
  s.store.events.raise('shop-b', { key: 'new:b1', kind: 'new', title: 'New chargeback', body: 'b1' });
  s.store.events.raise('shop-a', { key: 'new:a1', kind: 'new', title: 'New chargeback', body: 'a1' });
  s.store.savedFilters.save('shop-b', 'Arbitration only', { cycle: 'arbitration' });
  const r = await openWindow({ remembered: 'shop-b', inbox: page });
  assert.deepEqual(r.profiles, await h.listProfiles({}));
  assert.equal(r.inbox?.profileId, 'shop-b');
  assert.deepEqual(r.inbox?.page, await h.listInbox({ ...page, profileId: 'shop-b' }));
  assert.deepEqual(r.inbox?.page.rows.map((row) => row.id).sort(), ['b1', 'b2']);
  assert.deepEqual(r.inbox?.events, await h.listEvents({ profileId: 'shop-b' }));
  assert.deepEqual(r.inbox?.savedFilters, await h.listSavedFilters({ profileId: 'shop-b' }));
});

test('a remembered profile removed since, or none remembered: the first profile, never an empty inbox', async () => {
  const first = (await h.listProfiles({}))[0]!.id;
  for (const input of [{ remembered: 'shop-gone', inbox: page }, { inbox: page }]) {
    const r = await openWindow(input);
    assert.equal(r.inbox?.profileId, first);
    assert.ok(r.inbox!.page.rows.length > 0);
  }
});

test('an inbox page that names its own profile is refused: main chooses it, and nothing is listed', async () => {
  let listed = 0;
  const counting = createIpcRouter({
    contract: ipcContract,
    handlers: { ...h, openWindow: async (i) => (listed++, h.openWindow(i)) },
    trustedOrigins: [appOrigin],
  });
  const r = await counting.invoke('openWindow', sender, { inbox: { ...page, profileId: 'shop-a' } });
  assert.equal(r.ok, false);
  assert.equal(listed, 0);
});

test('main warms the very page the window asks for, and a failure there is left to the window', async () => {
  const asked: unknown[] = [];
  await warmOpening({ openWindow: async (input) => (asked.push(input), h.openWindow(input)) });
  // The window's opening page (renderer/data/window-start.ts builds it from openingInbox too).
  assert.deepEqual(asked, [{ inbox: openingInbox }]);
  assert.ok(ipcContract.openWindow.input.safeParse(asked[0]).success);
  // A store that cannot answer: the warm-up ends quietly (the window's own call will say why).
  await warmOpening({
    openWindow: async () => {
      throw new Error('database is locked');
    },
  });
});
