// Shared set-up for sync tests: a sandbox, a home with a profile whose key is a session key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxOptions } from '../../../electron/sandbox/index.ts';
import { openHeadless } from '../../../electron/headless.ts';
import { createRecordingNotifier } from '../../../electron/platform/notifier.ts';
import { createKeyVault } from '../../../electron/credentials/key-vault.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';

export async function syncFixture(opts: SandboxOptions) {
  const sb = await startSandbox({ decisionDelayMs: null, rateLimit: { max: 1_000_000 }, ...opts });
  const home = mkdtempSync(join(tmpdir(), 'dd-sync-'));
  const notifier = createRecordingNotifier();
  // A vault with no keychain behind it: the session key is all these tests need.
  const vault = createKeyVault({
    keytarLoader: async () => {
      throw new Error('not used in this test');
    },
  });
  const h = openHeadless({ home, notifier, vault });
  const profile: Profile = {
    ...profileDefaults,
    reminderThresholdDays: [7, 3, 1],
    id: 'prof_test',
    name: 'Shop',
    deployment: 'test',
    url: sb.url,
  };
  h.store.profiles.save(profile);
  await vault.setKey(profile.id, sb.apiKey, { sessionOnly: true });
  return {
    sb,
    home,
    h,
    notifier,
    profile,
    async close() {
      h.close();
      await sb.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
