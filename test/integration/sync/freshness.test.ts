// The status bar's facts after a restart that lost a session-only key: the pass that cannot run is
// a failed pass (it used to leave the last success standing, so the bar said "Up to date"), the
// key is reported missing, and once it is given again through the profile service the next pass
// clears the failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { syncFixture } from './support.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createKeyVault, type KeytarLike } from '../../../electron/credentials/key-vault.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { statusLine } from '../../../shared/domain/status-line.ts';

/** A keychain that works and holds nothing: the merchant chose "this session only". */
const emptyKeychain = async (): Promise<KeytarLike> => ({
  getPassword: async () => null,
  setPassword: async () => assert.fail('a session-only key never goes to the keychain'),
  deletePassword: async () => false,
});

test('after a restart without its session-only key, sync fails out loud and asks for the key', async () => {
  const f = await syncFixture({ seed: 3, chargebacks: 30 });
  f.h.close();
  try {
    // The first session: the key was kept for the session only, and a sync worked.
    const firstVault = createKeyVault({ keytarLoader: emptyKeychain });
    const first = openHeadless({ home: f.home, notifier: createRecordingNotifier(), vault: firstVault });
    await firstVault.setKey(f.profile.id, f.sb.apiKey, { sessionOnly: true });
    await first.sync.syncProfile(f.profile.id);
    const worked = first.sync.freshness(f.profile.id);
    assert.equal(worked.lastError, null);
    assert.ok(worked.lastSuccessAt);
    first.close();

    // The app starts again: the session's key is gone.
    const vault = createKeyVault({ keytarLoader: emptyKeychain });
    const h = openHeadless({ home: f.home, notifier: createRecordingNotifier(), vault });
    try {
      await assert.rejects(
        h.sync.syncProfile(f.profile.id),
        (e: Error & { kind?: string }) => e.kind === 'key-rejected',
      );
      const facts = {
        ...h.sync.freshness(f.profile.id),
        keyMissing: (await vault.status(f.profile.id)) === 'missing',
        sending: null,
      };
      assert.equal(facts.lastErrorKind, 'key-rejected', 'the pass that could not start is recorded as failed');
      assert.ok(facts.lastFailedAt && facts.lastFailedAt >= worked.lastSuccessAt!);
      assert.equal(facts.lastSuccessAt, worked.lastSuccessAt, 'the last success stays what it was');
      const line = statusLine(facts, Date.now());
      assert.equal(line.kind, 'key-missing');
      assert.equal(line.action, 'enter-key');
      assert.doesNotMatch(line.text, /Up to date/);

      // Given again through the same path as the window's prompt (replaceKey): checked, kept, synced.
      await assert.rejects(h.profiles.replaceKey(f.profile.id, 'sk_wrong_key_123456'));
      assert.equal(await vault.status(f.profile.id), 'missing', 'a refused key is not kept');
      await h.profiles.replaceKey(f.profile.id, f.sb.apiKey, { sessionOnly: true });
      await h.sync.syncProfile(f.profile.id);
      const after = { ...h.sync.freshness(f.profile.id), keyMissing: false, sending: null };
      assert.equal(after.lastError, null);
      assert.equal(after.lastErrorKind, null);
      assert.equal(statusLine(after, Date.now()).kind, 'ok');
    } finally {
      h.close();
    }
  } finally {
    await f.sb.close();
    rmSync(f.home, { recursive: true, force: true });
  }
});

test('a failed scheduled sync says when the schedule tries again: the interval from the last tick', async () => {
  const f = await syncFixture({ seed: 3, chargebacks: 5 });
  try {
    f.h.store.profiles.save({ ...f.profile, syncIntervalMinutes: 15 });
    assert.equal(f.h.sync.freshness(f.profile.id).nextSyncAt, null, 'not scheduled: no automatic try promised');
    await f.sb.close();
    const before = Date.now();
    f.h.sync.startSchedule();
    const after = Date.now();
    // The first tick runs at once and fails: the service is gone.
    await f.h.sync.syncProfile(f.profile.id).catch(() => undefined);
    const facts = { ...f.h.sync.freshness(f.profile.id), keyMissing: false, sending: null };
    assert.equal(facts.lastErrorKind, 'network');
    assert.ok(facts.nextSyncAt! >= before + 15 * 60_000 && facts.nextSyncAt! <= after + 15 * 60_000);
    const line = statusLine(facts, after, { locale: 'en-GB', timeZone: 'UTC' });
    const at = new Date(facts.nextSyncAt!).toISOString().slice(11, 16);
    assert.match(line.text, new RegExp(`Dispute Desk tries again by itself at ${at}; Sync now tries at once\\.`));
    assert.doesNotMatch(line.text, /127\.0\.0\.1|ECONNREFUSED|internet/);
    f.h.sync.unschedule(f.profile.id);
    assert.equal(f.h.sync.freshness(f.profile.id).nextSyncAt, null);
  } finally {
    f.h.sync.stopSchedule();
    await f.close();
  }
});
