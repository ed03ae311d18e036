// The outbox's behaviour, one rule at a time, against the sandbox over loopback and a real
// SQLite store. The sandbox here does not honour request tokens (a test knob), so a second
// send of a step would show as a second record: every "exactly once" below is the outbox's doing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxOptions } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { createApiClient, type ApiClient } from '../../../electron/api/index.ts';
import { createOutbox, type OutboxDeps } from '../../../electron/outbox/outbox-service.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { AppError } from '../../../shared/errors.ts';
import { addDays, easternToday, ymdToInt } from '../../../shared/domain/dates.ts';
import type { OutboxJob } from '../../../shared/outbox.ts';
import type { DialectName } from '../../../shared/domain/dialects.ts';

function pdf(text: string, size = 0): Buffer {
  const head = Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\n`,
  );
  const tail = Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

/** The rules below read in the contract's order (message, then documents): the micro-service
 * dialect unless a test asks for the core API's. */
async function fixture(
  o: {
    sandbox?: SandboxOptions;
    deps?: Partial<OutboxDeps>;
    wrap?: (c: ApiClient) => ApiClient;
    dialect?: DialectName;
  } = {},
) {
  const dialect = o.dialect ?? 'microservice';
  const sb = await startSandbox({
    seed: 7,
    chargebacks: 1,
    decisionDelayMs: null,
    rateLimit: { max: 1_000_000 },
    honourRequestTokens: false,
    dialect,
    ...o.sandbox,
  });
  const home = mkdtempSync(join(tmpdir(), 'dd-outbox-rules-'));
  const store = openStore(databaseFile(home));
  const deployment = dialect === 'core' ? 'test' : 'microservice';
  const profile: Profile = {
    ...profileDefaults,
    reminderThresholdDays: [7, 3, 1],
    id: 'prof_rules',
    name: 'Shop',
    deployment,
    url: sb.url,
  };
  store.profiles.save(profile);
  const client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment });
  const wrapped = o.wrap ? o.wrap(client) : client;
  const makeOutbox = (deps: Partial<OutboxDeps> = {}) =>
    createOutbox({
      database: store.database,
      home,
      profileOf: (id) => store.profiles.get(id),
      clientFor: async () => wrapped,
      retry: { attempts: 1_000, baseDelayMs: 20, maxDelayMs: 100 },
      ...o.deps,
      ...deps,
    });
  const admin = createSandboxAdmin(sb.url, sb.adminToken);
  let n = 0;
  return {
    sb,
    home,
    store,
    profile,
    admin,
    client,
    makeOutbox,
    outbox: makeOutbox(),
    /** A source file for a document; the outbox copies it. */
    file(text: string, size = 0): string {
      const path = join(home, `src-${n++}.pdf`);
      writeFileSync(path, pdf(text, size));
      return path;
    },
    async received(chargeback: string) {
      const r = (await admin.received(chargeback))[0];
      return { messages: r?.messages ?? [], documents: r?.documents ?? [] };
    },
    /** The answer's files in its job's folder (its manifest aside). */
    outboxFiles: (jobId: string): string[] =>
      existsSync(join(home, 'outbox', jobId))
        ? readdirSync(join(home, 'outbox', jobId))
            .filter((n) => n !== 'job.json')
            .sort()
        : [],
    async close() {
      store.close();
      await sb.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

async function respondJob(
  f: Fixture,
  chargebackId: string,
  docs: Array<{ name: string; path: string }> = [],
): Promise<OutboxJob> {
  return f.outbox.submit({
    profileId: f.profile.id,
    chargebackId,
    messageType: 'respond',
    note: 'Delivered, signed for.',
    documents: docs.map((d) => ({ ...d, documentType: 'pdf' as const })),
  });
}

const stepStates = (j: OutboxJob | undefined): string[] => (j?.steps ?? []).map((s) => s.state);
const today = (days = 0): number => ymdToInt(addDays(easternToday(new Date()), days));

test(
  'permanent failures (closed, not actionable, deadline passed) stop the ' +
    'job with the reason and keep the files; a retry after the fix sends it',
  async () => {
    const f = await fixture();
    try {
      const cases = [
        {
          make: async () => {
            const c = await f.admin.createChargeback();
            await f.admin.decide(c.id, 'closed');
            return c.id;
          },
          reason: /is closed now and no longer accepts responses/,
          fix: (id: string) => f.admin.modify(id, { status: 'open' }),
        },
        {
          make: async () => (await f.admin.createChargeback({ actionable: 0 })).id,
          reason: /cannot be answered through the API any more/,
          fix: (id: string) => f.admin.modify(id, { actionable: 1 }),
        },
        {
          make: async () => (await f.admin.createChargeback({ reply: today(-2) })).id,
          reason: /reply date .* has passed/,
          fix: (id: string) => f.admin.modify(id, { reply: today(10) }),
        },
      ];
      for (const c of cases) {
        const id = await c.make();
        const job = await respondJob(f, id, [{ name: 'receipt', path: f.file(`receipt for ${id}`) }]);
        assert.equal((await f.outbox.runOnce()).failed, 1);
        const failed = f.outbox.get(job.id)!;
        assert.equal(failed.state, 'failed');
        assert.match(failed.error ?? '', c.reason);
        assert.deepEqual(stepStates(failed), ['pending', 'pending'], 'nothing was sent');
        assert.match(failed.steps[0]!.lastError ?? '', c.reason);
        assert.deepEqual(f.outboxFiles(job.id), ['1-receipt.pdf'], 'the prepared file is kept');
        assert.deepEqual(await f.received(id), { messages: [], documents: [] });
        await c.fix(id);
        f.outbox.retry(job.id);
        await f.outbox.runOnce();
        assert.equal(f.outbox.get(job.id)!.state, 'done');
        assert.equal(f.outbox.get(job.id)!.error, undefined);
        const got = await f.received(id);
        assert.equal(got.messages.length, 1);
        assert.deepEqual(
          got.documents.map((d) => d.name),
          ['receipt.pdf'],
        );
        assert.deepEqual(f.outboxFiles(job.id), [], 'a sent job leaves no copies behind');
      }
    } finally {
      await f.close();
    }
  },
);

test(
  'a job whose message went but whose documents are refused fails with the ' +
    'reason; it cannot be cancelled, it can be dismissed and is never sent again',
  async () => {
    // The issuer decides between the message and the first document.
    let decideFirst: string | undefined;
    const f = await fixture({
      wrap: (c) => ({
        ...c,
        uploadDocument: async (...args: Parameters<ApiClient['uploadDocument']>) => {
          if (decideFirst) {
            await f.admin.decide(decideFirst, 'lost');
            decideFirst = undefined;
          }
          return c.uploadDocument(...args);
        },
      }),
    });
    try {
      const cb = await f.admin.createChargeback();
      decideFirst = cb.id;
      const job = await respondJob(f, cb.id, [{ name: 'receipt', path: f.file('r') }]);
      assert.deepEqual(await f.outbox.runOnce(), { done: 0, failed: 1, waiting: 0 });
      const failed = f.outbox.get(job.id)!;
      assert.match(failed.error ?? '', /no longer accepts responses/);
      assert.deepEqual(stepStates(failed), ['done', 'pending'], 'refused, so known not sent');
      assert.deepEqual(f.outboxFiles(job.id), ['1-receipt.pdf']);
      await assert.rejects(f.outbox.cancel(job.id), /already reached the processor/);
      const dismissed = await f.outbox.dismiss(job.id);
      assert.equal(dismissed.state, 'dismissed');
      assert.match(dismissed.error ?? '', /no longer accepts responses/, 'the record keeps its reason');
      assert.deepEqual(
        dismissed.steps.map((s) => s.state),
        ['done', 'pending'],
        'and what was sent',
      );
      assert.throws(() => f.outbox.retry(job.id), /This job is dismissed/);
      await assert.rejects(f.outbox.dismiss(job.id), /only a failed job can be dismissed/);
      await f.admin.modify(cb.id, { status: 'open' });
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(job.id)!.state, 'dismissed');
      assert.deepEqual((await f.received(cb.id)).documents, [], 'a dismissed job is never sent');
      assert.ok(
        f.outbox.list().some((j) => j.id === job.id && j.state === 'dismissed'),
        'listed, marked dismissed',
      );
    } finally {
      await f.close();
    }
  },
);

test('pause, resume, cancel and retry', async () => {
  const f = await fixture();
  try {
    const a = await f.admin.createChargeback();
    const b = await f.admin.createChargeback();
    const paused = await respondJob(f, a.id, [{ name: 'a', path: f.file('a') }]);
    const cancelled = await respondJob(f, b.id, [{ name: 'b', path: f.file('b') }]);
    assert.equal(f.outbox.pause(paused.id).state, 'paused');
    assert.equal((await f.outbox.cancel(cancelled.id)).state, 'cancelled');
    assert.deepEqual(f.outboxFiles(cancelled.id), [], 'a cancelled job drops its copies');
    assert.throws(() => f.outbox.resume(cancelled.id), /Only a paused job/);
    assert.throws(() => f.outbox.pause(cancelled.id), /only waiting or sending jobs can be paused/);
    assert.deepEqual(await f.outbox.runOnce(), { done: 0, failed: 0, waiting: 0 });
    assert.deepEqual(await f.received(a.id), { messages: [], documents: [] }, 'a paused job waits');
    assert.deepEqual(await f.received(b.id), { messages: [], documents: [] }, 'a cancelled job is never sent');
    assert.equal(f.outbox.resume(paused.id).state, 'queued');
    assert.deepEqual(await f.outbox.runOnce(), { done: 1, failed: 0, waiting: 0 });
    await assert.rejects(f.outbox.cancel(paused.id), /This job is done/);

    // Retry: a job waiting out its backoff goes now.
    const c = await f.admin.createChargeback();
    await f.admin.setFaults({ rate: 1, kinds: ['500'] });
    const waiting = await respondJob(f, c.id);
    const slow = f.makeOutbox({ retry: { attempts: 1_000, baseDelayMs: 3_600_000, maxDelayMs: 3_600_000 } });
    await slow.runOnce();
    assert.ok((slow.get(waiting.id)!.steps[0]!.nextAttemptAt ?? 0) > Date.now() + 60_000, 'backing off');
    await f.admin.setFaults({ rate: 0 });
    await slow.runOnce();
    assert.equal(slow.get(waiting.id)!.state, 'queued', 'not before its time');
    assert.equal(slow.retry(waiting.id).steps[0]!.nextAttemptAt, undefined);
    await slow.runOnce();
    assert.equal(slow.get(waiting.id)!.state, 'done');
    assert.equal((await f.received(c.id)).messages.length, 1);
  } finally {
    await f.close();
  }
});

test(
  'pause or cancel during a round: the step in flight ' + 'finishes, nothing after it is sent, and the pause stands',
  async () => {
    const f = await fixture();
    try {
      // Paused while the message is in flight: it finishes, the job ends paused, the document waits.
      const cb2 = await f.admin.createChargeback();
      let paused2 = false;
      const outbox2 = f.makeOutbox({
        onChange: (j) => {
          if (!paused2 && j.chargebackId === cb2.id && j.steps[0]?.state === 'sending') {
            paused2 = true;
            outbox2.pause(j.id);
          }
        },
      });
      const job2 = await outbox2.submit({
        profileId: f.profile.id,
        chargebackId: cb2.id,
        messageType: 'respond',
        documents: [{ name: 'doc', path: f.file('d'), documentType: 'pdf' }],
      });
      await outbox2.runOnce();
      assert.equal(outbox2.get(job2.id)!.state, 'paused', 'not overwritten by the round');
      assert.deepEqual(stepStates(outbox2.get(job2.id)), ['done', 'pending']);
      assert.deepEqual((await f.received(cb2.id)).documents, []);
      outbox2.resume(job2.id);
      await outbox2.runOnce();
      assert.equal(outbox2.get(job2.id)!.state, 'done');
      const after = await f.received(cb2.id);
      assert.equal(after.messages.length, 1);
      assert.deepEqual(
        after.documents.map((d) => d.name),
        ['doc.pdf'],
      );

      // Cancel after the job was taken but before its first request: nothing is sent.
      const cb3 = await f.admin.createChargeback();
      let cancelled: Promise<OutboxJob> | undefined;
      const outbox3 = f.makeOutbox({
        onChange: (j) => {
          if (
            !cancelled &&
            j.chargebackId === cb3.id &&
            j.state === 'sending' &&
            j.steps.every((s) => s.state === 'pending')
          ) {
            cancelled = outbox3.cancel(j.id);
          }
        },
      });
      const job3 = await outbox3.submit({
        profileId: f.profile.id,
        chargebackId: cb3.id,
        messageType: 'respond',
        note: 'Delivered; tracking attached.',
        documents: [],
      });
      await outbox3.runOnce();
      assert.equal((await cancelled)?.state, 'cancelled');
      assert.equal(outbox3.get(job3.id)!.state, 'cancelled');
      assert.deepEqual(await f.received(cb3.id), { messages: [], documents: [] });
    } finally {
      await f.close();
    }
  },
);

test('concurrent rounds — two runOnce calls and a second sender on the same store — send each job once', async () => {
  const f = await fixture();
  try {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const cb = await f.admin.createChargeback();
      ids.push(cb.id);
      await respondJob(f, cb.id, [
        { name: `r${i}`, path: f.file(`r${i}`) },
        { name: `s${i}`, path: f.file(`s${i}`) },
      ]);
    }
    const other = openStore(databaseFile(f.home));
    try {
      const second = createOutbox({
        database: other.database,
        home: f.home,
        profileOf: (id) => other.profiles.get(id),
        clientFor: async () => f.client,
      });
      await Promise.all([
        f.outbox.runOnce({ concurrency: 3 }),
        f.outbox.runOnce({ concurrency: 3 }),
        second.runOnce({ concurrency: 3 }),
      ]);
      await second.runOnce();
    } finally {
      other.close();
    }
    await f.outbox.runOnce();
    for (const id of ids) {
      const got = await f.received(id);
      assert.equal(got.messages.length, 1, id);
      assert.equal(got.documents.length, 2, id);
    }
    for (const j of f.outbox.list()) {
      assert.equal(j.state, 'done');
      assert.deepEqual(
        j.steps.map((s) => s.attempts),
        [1, 1, 1],
        'no step was sent twice',
      );
    }
  } finally {
    await f.close();
  }
});

test('deadline warning: today and tomorrow are said on the job; it is still sent', async () => {
  const f = await fixture();
  try {
    for (const [days, words] of [
      [0, 'Deadline is today'],
      [1, 'Deadline is tomorrow'],
    ] as const) {
      const cb = await f.admin.createChargeback({ reply: today(days) });
      const job = await respondJob(f, cb.id);
      await f.outbox.runOnce();
      const done = f.outbox.get(job.id)!;
      assert.equal(done.state, 'done');
      assert.deepEqual(done.warnings, [`${words}: sent as soon as possible.`]);
    }
    const later = await f.admin.createChargeback({ reply: today(9) });
    const quiet = await respondJob(f, later.id);
    await f.outbox.runOnce();
    assert.deepEqual(f.outbox.get(quiet.id)!.warnings, []);
  } finally {
    await f.close();
  }
});

test('progress in bytes: reported as the file uploads and saved as it goes, at most once a second', async () => {
  let clock = Date.now();
  // Each reading of the clock moves it 400 ms: every third chunk is 1.2 s after the last save.
  const f = await fixture({ deps: { now: () => (clock += 400) } });
  try {
    const seen: Array<{ sentBytes: number; totalBytes: number; saved: number }> = [];
    const outbox = f.makeOutbox({
      onProgress: (p) =>
        seen.push({
          sentBytes: p.sentBytes,
          totalBytes: p.totalBytes,
          saved: outbox.get(p.jobId)!.steps[p.position]!.sentBytes,
        }),
    });
    const cb = await f.admin.createChargeback();
    const size = 1_800_000;
    const job = await outbox.submit({
      profileId: f.profile.id,
      chargebackId: cb.id,
      messageType: 'respond',
      documents: [{ name: 'big', path: f.file('big', size), documentType: 'pdf' }],
    });
    assert.equal(job.steps[1]!.bytes, size);
    await outbox.runOnce();
    assert.ok(seen.length >= 6, `${seen.length} progress reports`);
    assert.ok(
      seen.every((p) => p.totalBytes === size),
      "counted in the file's bytes",
    );
    assert.deepEqual(
      seen.map((p) => p.sentBytes),
      [...seen.map((p) => p.sentBytes)].sort((x, y) => x - y),
      'never backwards',
    );
    assert.equal(seen.at(-1)!.sentBytes, size);
    const savedMidway = new Set(seen.map((p) => p.saved).filter((b) => b > 0 && b < size));
    assert.ok(savedMidway.size >= 1, 'saved while uploading');
    assert.ok(savedMidway.size < seen.length - 1, 'not on every chunk');
    assert.equal(outbox.get(job.id)!.steps[1]!.sentBytes, size);
  } finally {
    await f.close();
  }
});

test(
  'a 500 during the preflight leaves the step unsent: the ' +
    'next attempt checks again and refuses a now-overdue answer',
  async () => {
    let failPreflight = true;
    const f = await fixture({
      wrap: (c) => ({
        ...c,
        getChargeback: async (id: string, signal?: AbortSignal) => {
          if (failPreflight)
            throw new AppError('server', 'The chargeback service is having trouble right now (HTTP 500).');
          return c.getChargeback(id, signal);
        },
      }),
    });
    try {
      const cb = await f.admin.createChargeback();
      const job = await respondJob(f, cb.id);
      await f.outbox.runOnce();
      const waiting = f.outbox.get(job.id)!;
      assert.equal(waiting.state, 'queued');
      assert.equal(waiting.steps[0]!.state, 'pending', 'not unknown: nothing was sent');
      assert.match(waiting.steps[0]!.lastError ?? '', /HTTP 500/);
      failPreflight = false;
      await f.admin.modify(cb.id, { reply: today(-1) });
      f.outbox.retry(job.id);
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(job.id)!.state, 'failed');
      assert.match(f.outbox.get(job.id)!.error ?? '', /reply date .* has passed/);
      assert.deepEqual((await f.received(cb.id)).messages, []);
    } finally {
      await f.close();
    }
  },
);

test(
  'an unknown outcome stays unknown when reconciliation ' + 'is rate-limited, and is then found, not resent',
  async () => {
    let limitListing = false;
    const f = await fixture({
      wrap: (c) => ({
        ...c,
        messagesOf: (id, signal) => {
          if (limitListing)
            throw new AppError(
              'rate-limited',
              'The chargeback service is limiting how fast Dispute Desk may call it.',
              { retryAfterSeconds: 0 },
            );
          return c.messagesOf(id, signal);
        },
      }),
    });
    try {
      const cb = await f.admin.createChargeback();
      const job = await respondJob(f, cb.id);
      await f.admin.setFaults({ rate: 1, kinds: ['drop-after-write'] });
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(job.id)!.steps[0]!.state, 'unknown', 'the answer was lost');
      await f.admin.setFaults({ rate: 0 });
      limitListing = true;
      f.outbox.retry(job.id);
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(job.id)!.steps[0]!.state, 'unknown', 'still unknown after a 429 while looking');
      assert.equal((await f.received(cb.id)).messages.length, 1);
      limitListing = false;
      f.outbox.retry(job.id);
      await f.outbox.runOnce();
      const done = f.outbox.get(job.id)!;
      assert.equal(done.state, 'done');
      assert.equal(done.steps[0]!.attempts, 1, 'found, not resent');
      assert.match(done.steps[0]!.remoteId ?? '', /^t1_chm_/);
      assert.equal((await f.received(cb.id)).messages.length, 1);
    } finally {
      await f.close();
    }
  },
);

test(
  'document reconciliation: two same-named documents in a ' +
    'job and a same-named one from an earlier job are told apart',
  async () => {
    // The upload whose answer is lost: `after` — it reached the service; `before` — it did not.
    let lose: { call: number; when: 'before' | 'after' } | undefined;
    let uploads = 0;
    const f = await fixture({
      wrap: (c) => ({
        ...c,
        uploadDocument: async (...args: Parameters<ApiClient['uploadDocument']>) => {
          const n = ++uploads;
          if (lose?.call === n && lose.when === 'before')
            throw new AppError('network', 'Could not reach the chargeback service (ECONNRESET).');
          const r = await c.uploadDocument(...args);
          if (lose?.call === n) throw new AppError('network', 'Could not reach the chargeback service (ECONNRESET).');
          return r;
        },
      }),
    });
    try {
      const same = (text: string) => f.file(text, 4000);
      for (const when of ['after', 'before'] as const) {
        const cb = await f.admin.createChargeback();
        uploads = 0;
        lose = { call: 2, when };
        const job = await respondJob(f, cb.id, [
          { name: 'scan', path: same('page one') },
          { name: 'scan', path: same('page two') },
        ]);
        await f.outbox.runOnce();
        assert.deepEqual(stepStates(f.outbox.get(job.id)), ['done', 'done', 'unknown']);
        f.outbox.retry(job.id);
        await f.outbox.runOnce();
        assert.equal(f.outbox.get(job.id)!.state, 'done');
        const docs = (await f.received(cb.id)).documents;
        assert.deepEqual(
          docs.map((d) => d.name),
          ['scan.pdf', 'scan.pdf'],
          `exactly two (${when})`,
        );
        assert.notEqual(docs[0]!.sha256, docs[1]!.sha256, 'both pages, not one twice');
      }

      const cb = await f.admin.createChargeback();
      uploads = 0;
      lose = undefined;
      const first = await respondJob(f, cb.id, [{ name: 'receipt', path: same('first answer') }]);
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(first.id)!.state, 'done');
      uploads = 0;
      lose = { call: 1, when: 'before' };
      const second = await f.outbox.submit({
        profileId: f.profile.id,
        chargebackId: cb.id,
        messageType: 'notate',
        documents: [{ name: 'receipt', path: same('second answer'), documentType: 'pdf' }],
      });
      await f.outbox.runOnce();
      assert.deepEqual(stepStates(f.outbox.get(second.id)), ['done', 'unknown']);
      f.outbox.retry(second.id);
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(second.id)!.state, 'done');
      assert.equal(
        (await f.received(cb.id)).documents.length,
        2,
        "the earlier job's receipt.pdf did not count as this one",
      );
    } finally {
      await f.close();
    }
  },
);

test('answers to one chargeback go in order: a later job waits for an unfinished earlier one', async () => {
  const f = await fixture();
  try {
    const cb = await f.admin.createChargeback();
    const first = await respondJob(f, cb.id);
    const second = await f.outbox.submit({
      profileId: f.profile.id,
      chargebackId: cb.id,
      messageType: 'notate',
      note: 'Tracking number attached.',
      documents: [],
    });
    f.outbox.pause(first.id);
    await f.outbox.runOnce();
    assert.equal(f.outbox.get(second.id)!.state, 'queued', 'waits behind the paused answer');
    f.outbox.resume(first.id);
    assert.deepEqual(await f.outbox.runOnce(), { done: 2, failed: 0, waiting: 0 }, 'one round sends both, in order');
    assert.deepEqual(
      (await f.received(cb.id)).messages.map((m) => m.type),
      ['respond', 'notate'],
    );
  } finally {
    await f.close();
  }
});

test('a missing key fails only that job, with the reason; a locked keychain makes it wait', async () => {
  const f = await fixture();
  try {
    const locked: Profile = { ...f.profile, id: 'prof_locked', name: 'Locked' };
    const keyless: Profile = { ...f.profile, id: 'prof_keyless', name: 'Keyless' };
    f.store.profiles.save(locked);
    f.store.profiles.save(keyless);
    const outbox = f.makeOutbox({
      clientFor: async (p) => {
        if (p.id === keyless.id)
          throw new AppError(
            'key-rejected',
            'No API key is stored for the profile "Keyless". Add it again in Settings.',
          );
        if (p.id === locked.id)
          throw new AppError('keychain', "Dispute Desk cannot reach this computer's keychain (locked).");
        return f.client;
      },
    });
    const [a, b, c] = [
      await f.admin.createChargeback(),
      await f.admin.createChargeback(),
      await f.admin.createChargeback(),
    ];
    const keylessJob = await outbox.submit({
      profileId: keyless.id,
      chargebackId: a.id,
      messageType: 'respond',
      note: 'Delivered; tracking attached.',
      documents: [],
    });
    const lockedJob = await outbox.submit({
      profileId: locked.id,
      chargebackId: b.id,
      messageType: 'respond',
      note: 'Delivered; tracking attached.',
      documents: [],
    });
    const fine = await outbox.submit({
      profileId: f.profile.id,
      chargebackId: c.id,
      messageType: 'respond',
      note: 'Delivered; tracking attached.',
      documents: [],
    });
    assert.deepEqual(await outbox.runOnce(), { done: 1, failed: 1, waiting: 1 });
    assert.equal(outbox.get(fine.id)!.state, 'done');
    assert.equal(outbox.get(keylessJob.id)!.state, 'failed');
    assert.match(outbox.get(keylessJob.id)!.error ?? '', /No API key is stored for the profile "Keyless"/);
    const waiting = outbox.get(lockedJob.id)!;
    assert.equal(waiting.state, 'queued');
    assert.match(waiting.steps[0]!.lastError ?? '', /keychain \(locked\)/);
    assert.ok((waiting.steps[0]!.nextAttemptAt ?? 0) > 0);
  } finally {
    await f.close();
  }
});

test(
  'stop() waits for every round, aborts a slow request after the ' +
    'grace period and leaves its step to be reconciled at the next start',
  async () => {
    const f = await fixture({ sandbox: { slowMs: 60_000 } });
    try {
      const cb = await f.admin.createChargeback();
      const job = await respondJob(f, cb.id);
      await f.admin.setFaults({ rate: 1, kinds: ['slow-after-write'] });
      let onItsWay!: () => void;
      const sending = new Promise<void>((r) => (onItsWay = r));
      const outbox = f.makeOutbox({ onChange: (j) => j.steps[0]?.state === 'sending' && onItsWay() });
      // Started the way an IPC handler starts one, not by the background loop.
      let roundSettled = false;
      const round = outbox.runOnce().finally(() => (roundSettled = true));
      await sending;
      const t = performance.now();
      await outbox.stop({ graceMs: 300 });
      assert.ok(roundSettled, 'stop() waited for the round it did not start');
      assert.ok(performance.now() - t < 30_000, 'the 60 s answer was not waited for');
      await round;
      const left = outbox.get(job.id)!;
      assert.equal(left.state, 'queued');
      assert.equal(left.steps[0]!.state, 'unknown');
      assert.equal(left.steps[0]!.nextAttemptAt, undefined, 'reconciled at once at the next start');
      assert.deepEqual(await outbox.runOnce(), { done: 0, failed: 0, waiting: 1 }, 'a stopped outbox sends nothing');

      await f.admin.setFaults({ rate: 0 });
      const next = f.makeOutbox();
      await next.runOnce();
      const done = next.get(job.id)!;
      assert.equal(done.state, 'done');
      assert.equal(done.steps[0]!.attempts, 1, 'the write that happened was found, not resent');
      assert.equal((await f.received(cb.id)).messages.length, 1);
    } finally {
      await f.close();
    }
  },
);

test(
  'micro-service: represent closes the chargeback and documents ' +
    'follow the message there, so it is queued without documents only',
  async () => {
    const f = await fixture();
    try {
      const cb = await f.admin.createChargeback();
      await assert.rejects(
        f.outbox.submit({
          profileId: f.profile.id,
          chargebackId: cb.id,
          messageType: 'represent',
          documents: [{ name: 'x', path: f.file('x'), documentType: 'pdf' }],
        }),
        /Represent closes the chargeback at once/,
      );
      assert.deepEqual(f.outbox.list(), []);
      const job = await f.outbox.submit({
        profileId: f.profile.id,
        chargebackId: cb.id,
        messageType: 'represent',
        note: 'Delivered; tracking attached.',
        documents: [],
      });
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(job.id)!.state, 'done', 'a whole answer, not half of one');
      assert.equal((await f.received(cb.id)).messages[0]?.type, 'represent');
    } finally {
      await f.close();
    }
  },
);

test(
  'core API: represent carries its evidence; each document record, ' +
    'then its file, lands before the message closes the chargeback',
  async () => {
    const f = await fixture({ dialect: 'core' });
    try {
      const cb = await f.admin.createChargeback();
      const docs = [
        { name: 'packet part 1', path: f.file('one', 3000) },
        { name: 'packet part 2', path: f.file('two', 2000) },
      ];
      const job = await f.outbox.submit({
        profileId: f.profile.id,
        chargebackId: cb.id,
        messageType: 'represent',
        documents: docs.map((d) => ({ ...d, documentType: 'pdf' as const })),
      });
      await f.outbox.runOnce();
      const done = f.outbox.get(job.id)!;
      assert.equal(done.state, 'done', done.error ?? done.steps.map((s) => s.lastError).join(' '));
      const got = await f.received(cb.id);
      assert.deepEqual(
        got.messages.map((m) => m.type),
        ['represent'],
      );
      assert.deepEqual(
        got.documents.map((d) => [d.name, d.status]),
        [
          ['packet part 1.pdf', 'processed'],
          ['packet part 2.pdf', 'processed'],
        ],
      );
      assert.ok(
        got.documents.every((d) => d.sha256 !== null),
        'every record has its file',
      );
      for (const d of got.documents)
        assert.ok(
          Number(d.fileAt) > 0 && Number(d.fileAt) <= Number(got.messages[0]!.receivedAt),
          'each file before the message',
        );
      assert.deepEqual(
        done.steps.map((s) => `${s.kind} ${s.remoteId?.slice(0, 7)}`),
        ['document t1_chd_', 'document t1_chd_', 'message t1_chm_'],
        'listed as sent',
      );
      // The order as sent: the documents' records and files, then the message that closed it.
      const chargeback = await f.client.getChargeback(cb.id);
      assert.equal(chargeback.status, 'closed');
      const statuses = await f.client.getStatuses(cb.id);
      assert.deepEqual(
        statuses.map((x) => [x.status, x.message]),
        [
          ['open', null],
          ['closed', done.steps[2]!.remoteId],
        ],
      );
    } finally {
      await f.close();
    }
  },
);

test('core API: a lost answer at either step of a document never makes a second record or a second file', async () => {
  // Each write reaches the service, then its answer is lost once: the record's, then the file's.
  const lost = new Set<string>();
  const f = await fixture({
    dialect: 'core',
    wrap: (c) => ({
      ...c,
      createDocumentRecord: async (...a: Parameters<ApiClient['createDocumentRecord']>) => {
        const r = await c.createDocumentRecord(...a);
        if (!lost.has(`record ${a[1].name}`)) {
          lost.add(`record ${a[1].name}`);
          throw new AppError('network', 'Could not reach the chargeback service (connection reset).');
        }
        return r;
      },
      uploadDocumentFile: async (...a: Parameters<ApiClient['uploadDocumentFile']>) => {
        const r = await c.uploadDocumentFile(...a);
        if (!lost.has(`file ${a[1].name}`)) {
          lost.add(`file ${a[1].name}`);
          throw new AppError('timeout', 'The chargeback service did not answer within 30 seconds.');
        }
        return r;
      },
    }),
  });
  try {
    const cb = await f.admin.createChargeback();
    const job = await respondJob(f, cb.id, [
      { name: 'receipt', path: f.file('receipt') },
      { name: 'receipt', path: f.file('receipt, a second copy') },
    ]);
    for (let i = 0; i < 12 && f.outbox.get(job.id)!.state !== 'done'; i++) {
      f.outbox.retry(job.id);
      await f.outbox.runOnce();
    }
    assert.equal(f.outbox.get(job.id)!.state, 'done');
    const got = await f.received(cb.id);
    assert.equal(got.documents.length, 2, "one record per document, though each record's answer was lost");
    assert.ok(
      got.documents.every((d) => d.status === 'processed' && d.sha256 !== null),
      'each with exactly its one file',
    );
    assert.notEqual(got.documents[0]!.sha256, got.documents[1]!.sha256, 'the same-named documents are told apart');
    assert.equal(got.messages.length, 1);
  } finally {
    await f.close();
  }
});

test(
  'core API: a record whose file never arrived (the sender ' +
    'stopped between the two) gets its file, not a second record',
  async () => {
    const f = await fixture({ dialect: 'core' });
    try {
      const cb = await f.admin.createChargeback();
      const job = await respondJob(f, cb.id, [{ name: 'receipt', path: f.file('receipt') }]);
      // Stopped right after the record was made: the step is left sending with the record's ID.
      const hangs = (_id: string, _file: unknown, o: { signal?: AbortSignal }): Promise<never> =>
        new Promise((_resolve, reject) => {
          o.signal?.addEventListener('abort', () => reject(new AppError('cancelled', 'Cancelled.')), { once: true });
        });
      const stopping = f.makeOutbox({ clientFor: async () => ({ ...f.client, uploadDocumentFile: hangs }) });
      void stopping.runOnce({ requestTimeoutMs: 60_000 });
      for (let i = 0; i < 100 && f.outbox.get(job.id)!.steps[0]?.remoteId === undefined; i++)
        await new Promise((r) => setTimeout(r, 20));
      const mid = f.outbox.get(job.id)!;
      assert.equal(mid.steps[0]!.kind, 'document');
      assert.equal(mid.steps[0]!.state, 'sending', 'committed as sending before the file went');
      assert.match(mid.steps[0]!.remoteId ?? '', /^t1_chd_/);
      assert.deepEqual(
        (await f.received(cb.id)).documents.map((d) => d.status),
        ['created'],
      );
      await stopping.stop({ graceMs: 0 });
      f.outbox.retry(job.id);
      await f.outbox.runOnce();
      assert.equal(f.outbox.get(job.id)!.state, 'done');
      const got = await f.received(cb.id);
      assert.deepEqual(
        got.documents.map((d) => [d.id, d.status]),
        [[mid.steps[0]!.remoteId, 'processed']],
      );
      assert.equal(got.messages.length, 1);
    } finally {
      await f.close();
    }
  },
);

test("one job whose manifest cannot be written never stops another job's send", async () => {
  const f = await fixture();
  try {
    const a = await f.admin.createChargeback();
    const b = await f.admin.createChargeback();
    const stuck = await respondJob(f, a.id);
    const free = await respondJob(f, b.id);
    // Where stuck's manifest goes stands a folder: every write of it fails, even as root.
    const manifest = join(f.home, 'outbox', stuck.id, 'job.json');
    rmSync(manifest);
    mkdirSync(join(manifest, 'in-the-way'), { recursive: true });
    await f.outbox.runOnce();
    await f.outbox.runOnce();
    assert.equal(f.outbox.get(free.id)!.state, 'done', 'the other job was sent');
    assert.equal((await f.received(b.id)).messages.length, 1);
    assert.deepEqual((await f.received(a.id)).messages, [], 'nothing went that its manifest lacks');
    assert.notEqual(f.outbox.get(stuck.id)!.state, 'done');
  } finally {
    await f.close();
  }
});
