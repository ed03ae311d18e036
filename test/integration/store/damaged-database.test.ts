// Each kind of damage to the database file opens to recovery with nothing silently lost: the file
// is kept aside, the last good backup restored (or an empty database started and the loss named),
// what the damaged file still holds read back, and the outbox's folders requeued or named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli/support.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { databaseFile } from '../../../electron/store/index.ts';
import { listBackups } from '../../../electron/store/integrity.ts';
import { profileDefaults } from '../../../shared/profiles.ts';

const day = 24 * 60 * 60_000;

/** A home with two profiles and queued answers: one before the daily backup, two after. */
async function homeWithWork(o: {
  backup: boolean;
}): Promise<{ home: string; beforeBackup: string; afterBackup: string[] }> {
  const home = mkdtempSync(join(tmpdir(), 'dd-damage-'));
  const vault = createKeyVault({
    keytarLoader: async () => {
      throw new Error('no keychain here');
    },
  });
  const open = () => openHeadless({ home, notifier: createRecordingNotifier(), vault });
  const doc = join(home, 'receipt.pdf');
  writeFileSync(doc, '%PDF-1.4 receipt\n');
  const submit = (h: ReturnType<typeof open>, cb: string) =>
    h.outbox.submit({
      profileId: 'prof_a',
      chargebackId: cb,
      messageType: 'respond',
      note: 'Delivered, signed for.',
      documents: [{ path: doc, name: 'receipt', documentType: 'pdf' }],
    });
  let h = open();
  h.store.profiles.save({
    ...profileDefaults,
    reminderThresholdDays: [7],
    id: 'prof_a',
    name: 'Corner shop',
    deployment: 'core',
    url: 'https://api.example.com',
  });
  const first = await submit(h, 't1_chb_first');
  h.close();
  if (o.backup) {
    h = open(); // an existing database opened: the daily backup is taken
    h.close();
    assert.equal(listBackups(databaseFile(home)).length, 1);
  }
  h = open();
  h.store.profiles.save({
    ...profileDefaults,
    reminderThresholdDays: [7],
    id: 'prof_b',
    name: 'Second shop',
    deployment: 'core',
    url: 'https://api.example.com',
  });
  const later = [await submit(h, 't1_chb_second'), await submit(h, 't1_chb_third')];
  // Everything in the main file, as after a checkpoint: the damage then hits the data.
  h.store.database.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  h.close();
  return { home, beforeBackup: first.id, afterBackup: later.map((j) => j.id) };
}

const cliEnv = (home: string) => ({ ...process.env, DISPUTE_DESK_HOME: home });
const damages: Array<[string, (file: string) => void]> = [
  ['zero bytes', (f) => truncateSync(f, 0)],
  [
    'a garbage header',
    (f) => {
      const fd = openSync(f, 'r+');
      writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
      closeSync(fd);
    },
  ],
  ['half the file cut off', (f) => truncateSync(f, Math.floor(statSync(f).size / 2))],
  ['its last 4 KB cut off', (f) => truncateSync(f, statSync(f).size - 4096)],
];

for (const [name, damage] of damages) {
  test(
    `a database with ${name}: kept aside, the backup restored, read back ` +
      'what can be, the rest named; the CLI says so and --json stays clean',
    async () => {
      const { home, beforeBackup, afterBackup } = await homeWithWork({ backup: true });
      try {
        const file = databaseFile(home);
        damage(file);
        const run = await runCli(['profile', 'list', '--json'], { env: cliEnv(home) });
        assert.equal(run.status, 0, run.stderr);
        if (process.env.DD_SHOW) console.log(run.stderr);
        const profiles = JSON.parse(run.stdout) as Array<{ name: string }>;
        assert.match(run.stderr, /^The database was damaged: .+\. It was kept, untouched, in .+damaged/);
        assert.match(run.stderr, /The last good backup, taken \d{4}-\d\d-\d\d .* UTC, was restored\./);
        assert.ok(!/Something went wrong/.test(run.stderr));
        const kept = readdirSync(join(home, 'damaged'));
        assert.equal(kept.length, 1);
        assert.ok(existsSync(join(home, 'damaged', kept[0]!, 'dispute-desk.db')), 'the damaged file is kept');
        assert.ok(
          profiles.some((p) => p.name === 'Corner shop'),
          'the backup brought the first profile back',
        );

        // Nothing silently lost: each job is back in the queue or named with its files.
        const vault = createKeyVault({
          keytarLoader: async () => {
            throw new Error('no keychain here');
          },
        });
        const h = openHeadless({ home, notifier: createRecordingNotifier(), vault });
        try {
          assert.equal(h.store.database.recovery, undefined, 'recovered once: the next open is a normal one');
          const queued = new Set(h.outbox.list().map((j) => j.id));
          assert.ok(queued.has(beforeBackup));
          for (const id of afterBackup) {
            assert.ok(
              queued.has(id) || run.stderr.includes(`Not queued: the answer in ${join(home, 'outbox', id)}`),
              `${id} is queued or named`,
            );
            if (!queued.has(id)) assert.match(run.stderr, new RegExp(`${id}.*files are kept there: \\d-receipt\\.pdf`));
          }
          // The profile added after the backup is back exactly when the report says it was read back.
          assert.equal(
            profiles.some((p) => p.name === 'Second shop'),
            /Read back from the damaged file: profiles? .*"Second shop"/.test(run.stderr),
          );
        } finally {
          h.close();
        }
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
}

test(
  'an emptied database with no backup is not silently recreated: its profile and every queued ' +
    "answer come back from the outbox's own files, and the rest of the loss is named",
  async () => {
    const { home, beforeBackup, afterBackup } = await homeWithWork({ backup: false });
    try {
      rmSync(join(home, 'backups'), { recursive: true, force: true });
      truncateSync(databaseFile(home), 0);
      const run = await runCli(['profile', 'list', '--json'], { env: cliEnv(home) });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(
        (JSON.parse(run.stdout) as Array<{ name: string }>).map((p) => p.name),
        ['Corner shop'],
        'the profile the answers were queued under is back; the one with none is not',
      );
      assert.match(run.stderr, /the database file is empty \(0 bytes\)/);
      assert.match(run.stderr, /There was no good backup to restore, so Dispute Desk started an empty database\./);
      assert.match(run.stderr, /any profile not listed below are lost: add those profiles again/);
      assert.match(run.stderr, /Read back from the outbox's files: profile "Corner shop"/);
      for (const id of [beforeBackup, ...afterBackup])
        assert.match(run.stderr, new RegExp(`Answers put back in the outbox from their own files.*${id} for t1_chb_`));
      assert.ok(!/Not queued/.test(run.stderr), run.stderr);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test(
  'an emptied database with no backup and outbox folders without their own record (queued by an ' +
    'older Dispute Desk): an empty one is started and every loss is named',
  async () => {
    const { home, beforeBackup, afterBackup } = await homeWithWork({ backup: false });
    try {
      rmSync(join(home, 'backups'), { recursive: true, force: true });
      for (const id of [beforeBackup, ...afterBackup]) rmSync(join(home, 'outbox', id, 'job.json'));
      truncateSync(databaseFile(home), 0);
      const run = await runCli(['profile', 'list', '--json'], { env: cliEnv(home) });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), []);
      assert.match(run.stderr, /There was no good backup to restore, so Dispute Desk started an empty database\./);
      for (const id of [beforeBackup, ...afterBackup])
        assert.match(
          run.stderr,
          new RegExp(`Not queued: the answer in .*${id} could not be read back.*\\d-receipt\\.pdf`),
        );
      assert.ok(
        readdirSync(join(home, 'outbox', afterBackup[0]!)).includes('0-receipt.pdf'),
        'the files stay where they were (documents go first on the core API)',
      );
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);

test(
  'a backup is taken before a migration and once a day, ' + 'and a damaged backup is passed over for an older good one',
  async () => {
    const home = mkdtempSync(join(tmpdir(), 'dd-damage-'));
    try {
      const { openDatabase } = await import('../../../electron/store/database.ts');
      const file = databaseFile(home);
      const t0 = Date.parse('2026-03-01T09:00:00Z');
      openDatabase(file, { migrateUpTo: 3, now: t0 }).close();
      openDatabase(file, { now: t0 + 1000 }).close();
      assert.deepEqual(
        listBackups(file).map((b) => b.label),
        ['before-schema-4'],
      );
      openDatabase(file, { now: t0 + 2 * day }).close();
      openDatabase(file, { now: t0 + 2 * day + 60_000 }).close();
      assert.deepEqual(
        listBackups(file).map((b) => b.label),
        ['daily', 'before-schema-4'],
        'one daily copy per day',
      );
      writeFileSync(listBackups(file)[0]!.path, 'not a database');
      truncateSync(file, 0);
      const db = openDatabase(file, { now: t0 + 3 * day });
      assert.equal(db.recovery?.restored?.label, 'before-schema-4');
      assert.match(db.recovery?.skippedBackups[0]?.reason ?? '', /SQLite header/);
      db.close();
      assert.ok(readFileSync(join(db.recovery!.keptAt!, 'dispute-desk.db')).length === 0);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);
