// A kill between a job's end and the removal of its files (outbox/<job>/) leaves the folder: the
// next sender to start removes the folders of jobs that are over (done, cancelled, dismissed),
// never those of jobs still to send (queued, sending, paused, failed), nor a folder with no job
// (the damaged-database salvage reads those). The kill is simulated by its outcome: the job
// marked over in the store, its folder still there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { createOutbox } from '../../../electron/outbox/outbox-service.ts';
import { createOutboxRepo } from '../../../electron/store/outbox-repo.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { AppError } from '../../../shared/errors.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import { KEEP_ENDED_MANIFEST_MS } from '../../../electron/outbox/folders.ts';

test(
  'a starting sender removes the files of finished, cancelled and dismissed jobs a kill left (their ' +
    'manifests stay two months), and no other',
  async (t) => {
    const home = mkdtempSync(join(tmpdir(), 'dd-outbox-folders-'));
    const store = openStore(databaseFile(home));
    t.after(() => {
      store.close();
      rmSync(home, { recursive: true, force: true });
    });
    const profile: Profile = {
      ...profileDefaults,
      id: 'prof_f',
      name: 'Shop',
      deployment: 'test',
      url: 'https://api.example.com',
    };
    store.profiles.save(profile);
    const source = join(home, 'receipt.pdf');
    writeFileSync(source, '%PDF-1.4 receipt\n');
    // Offline: nothing is sent, so every job stays in the state the test gives it.
    const outbox = () =>
      createOutbox({
        database: store.database,
        home,
        profileOf: (id) => store.profiles.get(id),
        clientFor: async () => {
          throw new AppError('network', 'No connection in this test.');
        },
      });
    const first = outbox();
    const states = ['done', 'cancelled', 'dismissed', 'queued', 'sending', 'paused', 'failed'] as const;
    const jobs = new Map<(typeof states)[number], OutboxJob>();
    for (const [i, state] of states.entries()) {
      jobs.set(
        state,
        await first.submit({
          profileId: profile.id,
          chargebackId: `t1_chb_${i}`,
          messageType: 'respond',
          note: 'Delivered.',
          documents: [{ path: source, name: 'receipt', documentType: 'pdf' }],
        }),
      );
    }
    const repo = createOutboxRepo(store.database);
    for (const [state, job] of jobs) if (state !== 'queued') repo.setJob(job.id, { state });
    const folder = (id: string) => join(home, 'outbox', id);
    for (const job of jobs.values()) assert.ok(existsSync(folder(job.id)), 'every job was queued with its folder');
    // A folder with no job (a kill during submit, or a queue the salvage still has to read).
    const orphan = folder('job_without_a_record');
    mkdirSync(orphan);
    writeFileSync(join(orphan, '0-receipt.pdf'), 'x');

    await outbox().runOnce();

    for (const state of ['done', 'cancelled', 'dismissed'] as const)
      assert.deepEqual(
        readdirSync(folder(jobs.get(state)!.id)),
        ['job.json'],
        `the ${state} job's files are removed; its manifest stays, saying it ended`,
      );
    for (const state of ['queued', 'sending', 'paused', 'failed'] as const) {
      assert.deepEqual(
        readdirSync(folder(jobs.get(state)!.id)),
        ['0-receipt.pdf', 'job.json'],
        `the ${state} job keeps its file and its manifest`,
      );
    }
    assert.deepEqual(readdirSync(orphan), ['0-receipt.pdf'], 'a folder with no job is left for the salvage');
    for (const [state, job] of jobs)
      assert.equal(
        store.database.db.prepare('SELECT state FROM outbox_jobs WHERE id = ?').get(job.id) !== undefined,
        true,
        `${state} job's record kept`,
      );

    // Once no backup can still hold the job as unsent, the ended job's folder goes whole.
    const later = Date.now() + KEEP_ENDED_MANIFEST_MS + 60_000;
    await createOutbox({
      database: store.database,
      home,
      now: () => later,
      profileOf: (id) => store.profiles.get(id),
      clientFor: async () => {
        throw new AppError('network', 'No connection in this test.');
      },
    }).runOnce();
    for (const state of ['done', 'cancelled', 'dismissed'] as const)
      assert.equal(existsSync(folder(jobs.get(state)!.id)), false, `the old ${state} job's folder is removed`);
    assert.ok(existsSync(folder(jobs.get('queued')!.id)), 'a job still to send keeps its folder, however old');
  },
);
