// A smoke test of the bundled main process: dist/electron/main.cjs loaded with a stand-in
// `electron` module proves that start-up wires the app:// protocol, the security handlers, the
// IPC router (which answers the app's frame and refuses a foreign one) and the window; and that
// when the services cannot start, the window opens on the recovery screen, never on nothing.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readStartupNotice } from '../../../shared/startup-notice.ts';
import { ipcContract, ipcEvents } from '../../../shared/ipc/contract.ts';

const root = new URL('../../..', import.meta.url).pathname;
const bundle = join(root, 'dist/electron/main.cjs');

function newestSource(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    newest = Math.max(newest, s.isDirectory() ? newestSource(p) : s.mtimeMs);
  }
  return newest;
}

before(() => {
  // `npm test` bundles first; run alone, the bundle is made here when missing or older than the code.
  if (
    !existsSync(bundle) ||
    statSync(bundle).mtimeMs < Math.max(newestSource(join(root, 'electron')), newestSource(join(root, 'shared')))
  ) {
    const r = spawnSync(process.execPath, [join(root, 'build/bundle.ts')], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
});

interface Record {
  privileged: Array<Array<{ scheme: string; privileges: { secure: boolean; standard: boolean } }>>;
  protocolHandled: string[];
  ipcHandled: string[];
  permissionHandlers: number;
  appEvents: string[];
  windows: Array<{
    url: string;
    preload: string;
    webPreferences: { contextIsolation: boolean; sandbox: boolean; nodeIntegration: boolean };
  }>;
  menus: number;
  ipcAnswer?: {
    fromApp: { ok: boolean; value?: { version: string } };
    fromForeignFrame: { ok: boolean; error?: { message: string } };
  };
  errors: string[];
}

function start(home: string): Record {
  const r = spawnSync(process.execPath, [join(root, 'test/unit/shell/support/electron-stand-in.ts'), root], {
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...process.env,
      DISPUTE_DESK_HOME: home,
      NODE_NO_WARNINGS: '1',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent',
    },
  });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  assert.ok(line.startsWith('{'), `no record: ${r.stdout}\n${r.stderr}`);
  return JSON.parse(line) as Record;
}

test('start-up wires the app:// protocol, the security handlers, the IPC router and a sandboxed window', () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-main-'));
  try {
    const r = start(home);
    assert.deepEqual(r.errors, []);
    assert.equal(r.privileged[0]?.[0]?.scheme, 'app');
    assert.deepEqual(r.protocolHandled, ['app']);
    assert.equal(r.permissionHandlers, 2, 'permission requests and checks both answered by policy');
    assert.ok(r.appEvents.includes('web-contents-created'), 'navigation, new windows and webviews are policed');
    assert.ok(
      r.ipcHandled.includes('dd:getAppInfo') && r.ipcHandled.includes('dd:addProfile') && r.ipcHandled.length > 20,
      `${r.ipcHandled.length} channels`,
    );
    assert.equal(r.windows.length, 1);
    assert.equal(r.windows[0]!.url, 'app://dispute-desk/index.html');
    assert.match(r.windows[0]!.preload, /dist\/electron\/preload\.cjs$/);
    assert.deepEqual(
      [
        r.windows[0]!.webPreferences.contextIsolation,
        r.windows[0]!.webPreferences.sandbox,
        r.windows[0]!.webPreferences.nodeIntegration,
      ],
      [true, true, false],
    );
    assert.equal(r.ipcAnswer?.fromApp.ok, true);
    assert.equal(r.ipcAnswer?.fromApp.value?.version, '0.0.0-test');
    assert.equal(r.ipcAnswer?.fromForeignFrame.ok, false, 'a foreign frame is refused');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test(
  'when the services cannot start (a database from a newer ' +
    'version), the window opens on the recovery screen with the reason',
  () => {
    const home = mkdtempSync(join(tmpdir(), 'dd-main-'));
    try {
      const db = new DatabaseSync(join(home, 'dispute-desk.db'));
      db.exec('CREATE TABLE t (x); PRAGMA user_version = 999;');
      db.close();
      const r = start(home);
      assert.equal(r.windows.length, 1, 'a window opens');
      const notice = readStartupNotice(new URL(r.windows[0]!.url).hash);
      assert.equal(notice?.kind, 'failed');
      assert.match(notice?.text ?? '', /written by a newer Dispute Desk \(schema 999\); update the app to open it/);
      assert.equal(notice?.dataFolder, home);
      assert.deepEqual(r.ipcHandled, [], 'no router over services that did not start');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test('a damaged database opens the window on the recovery account before the app', () => {
  const home = mkdtempSync(join(tmpdir(), 'dd-main-'));
  try {
    const db = new DatabaseSync(join(home, 'dispute-desk.db'));
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);');
    db.close();
    // Garbage over the header.
    spawnSync('sh', [
      '-c',
      `printf 'not a database at all, just text......' | dd ` +
        `of='${join(home, 'dispute-desk.db')}' conv=notrunc 2>/dev/null`,
    ]);
    const r = start(home);
    const notice = readStartupNotice(new URL(r.windows[0]!.url).hash);
    assert.equal(notice?.kind, 'recovered');
    assert.match(notice?.text ?? '', /^The database was damaged: the file does not start with a SQLite header/);
    assert.ok(r.ipcHandled.length > 20, 'the app itself is wired behind the account');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the preload, run before the window at every load, builds no schema: the contract comes as its table', () => {
  const preload = readFileSync(join(root, 'dist/electron/preload.cjs'), 'utf8');
  // Every channel and event the contract has, by name, and which channels take dropped files.
  for (const name of [...Object.keys(ipcContract), ...Object.keys(ipcEvents)])
    assert.ok(preload.includes(`${name}:`) || preload.includes(`"${name}"`), `${name} is in the preload`);
  const droppedChannels = Object.entries(ipcContract).filter(([, d]) => 'dropped' in d && d.dropped);
  assert.ok(droppedChannels.length >= 2);
  for (const [name] of droppedChannels) assert.match(preload, new RegExp(`${name}:\\{[^}]*dropped:!0`));
  // No zod: with every channel's schemas it was 930 KB unminified, 200 KB minified in English.
  assert.ok(!preload.includes('Invalid input: expected'), 'no zod messages');
  assert.ok(preload.length < 20_000, `${preload.length} characters`);
});
