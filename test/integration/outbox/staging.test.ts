// The outbox's staging folders (outbox/staging-<pid>-*): a packet built in one is moved into its
// job when queued (the build was its one write), a merchant's own file is copied (theirs stays
// where it was), the folder goes however the work ends, and one a killed process left is removed
// by the next sender, never one of a process still running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { createOutbox } from '../../../electron/outbox/outbox-service.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { AppError } from '../../../shared/errors.ts';

function fixture(t: { after(fn: () => void): void }) {
  const home = mkdtempSync(join(tmpdir(), 'dd-outbox-staging-'));
  const store = openStore(databaseFile(home));
  t.after(() => {
    store.close();
    rmSync(home, { recursive: true, force: true });
  });
  const profile: Profile = {
    ...profileDefaults,
    id: 'prof_s',
    name: 'Shop',
    deployment: 'test',
    url: 'https://api.example.com',
  };
  store.profiles.save(profile);
  // Offline: nothing is sent.
  const outbox = createOutbox({
    database: store.database,
    home,
    profileOf: (id) => store.profiles.get(id),
    clientFor: async () => {
      throw new AppError('network', 'No connection in this test.');
    },
  });
  const staging = (): string[] => readdirSync(join(home, 'outbox')).filter((n) => n.startsWith('staging-'));
  return { home, profile, outbox, staging };
}

test("a staged file is moved into its job, a merchant's file copied; the staging folder goes either way", async (t) => {
  const f = fixture(t);
  const own = join(f.home, 'receipt.pdf');
  writeFileSync(own, "%PDF-1.4 the merchant's own\n");
  let built = 0;
  const job = await f.outbox.stage(async (dir) => {
    assert.deepEqual(f.staging(), [basename(dir)], 'a staging folder of its own, inside the outbox');
    writeFileSync(join(dir, 'evidence.pdf'), '%PDF-1.4 built\n');
    built = statSync(join(dir, 'evidence.pdf')).ino;
    return f.outbox.submit({
      profileId: f.profile.id,
      chargebackId: 't1_chb_1',
      messageType: 'respond',
      documents: [
        { path: join(dir, 'evidence.pdf'), name: 'evidence.pdf', documentType: 'pdf' },
        { path: own, name: 'receipt.pdf', documentType: 'pdf' },
      ],
    });
  });
  const folder = join(f.home, 'outbox', job.id);
  const inodes = readdirSync(folder)
    .sort()
    .map((n) => statSync(join(folder, n)).ino);
  assert.equal(inodes[0], built, 'the built file itself: moved, not written again');
  assert.notEqual(inodes[1], statSync(own).ino, "the merchant's file is copied");
  assert.equal(existsSync(own), true);
  assert.deepEqual(f.staging(), []);

  await assert.rejects(
    f.outbox.stage(async (dir) => {
      writeFileSync(join(dir, 'half.pdf'), 'x');
      throw new Error('the build failed half way');
    }),
    /half way/,
  );
  assert.deepEqual(f.staging(), [], 'a failed build leaves nothing');
});

test("a staging folder a killed process left is removed by the next sender; a running process's is not", async (t) => {
  const f = fixture(t);
  const root = join(f.home, 'outbox');
  // No process has a number this large (Linux's limit is 4,194,304).
  const dead = join(root, 'staging-999999999-abc123');
  const running = join(root, `staging-${process.ppid}-def456`);
  for (const d of [dead, running]) {
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, 'evidence.pdf'), 'x');
  }
  await f.outbox.runOnce();
  assert.equal(existsSync(dead), false);
  assert.deepEqual(readdirSync(running), ['evidence.pdf']);
});

test('queue says a refusal as a value: a file that cannot be placed, a profile gone; nothing is queued or left', async (t) => {
  const f = fixture(t);
  const base = { profileId: f.profile.id, chargebackId: 't1_chb_2', messageType: 'respond' as const };
  const missing = await f.outbox.queue({
    ...base,
    documents: [{ path: join(f.home, 'moved-away.pdf'), name: 'moved-away.pdf', documentType: 'pdf' }],
  });
  assert.equal(missing.ok, false);
  if (!missing.ok) {
    assert.equal(missing.error.kind, 'bad-input');
    assert.match(
      missing.error.message,
      /moved-away\.pdf could not be copied into the outbox \(ENOENT\); nothing was queued/,
    );
  }
  const gone = await f.outbox.queue({ ...base, profileId: 'prof_gone', note: 'Delivered.', documents: [] });
  assert.equal(gone.ok, false);
  assert.deepEqual(f.outbox.list(), [], 'nothing was queued');
  assert.deepEqual(
    readdirSync(join(f.home, 'outbox')).filter((n) => n.startsWith('job_')),
    [],
    'no job folder is left behind',
  );
});
