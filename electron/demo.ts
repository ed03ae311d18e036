// "Explore with demo data": the embedded sandbox with a seeded portfolio, and a demo profile
// pointing at it, so a new user sees a living app at once. Its state lives in the data folder
// and comes back on the next start.
import { join } from 'node:path';
import { startSandbox, type Sandbox } from './sandbox/index.ts';
import type { Headless } from './headless.ts';
import { profileDefaults, type Profile } from '../shared/profiles.ts';

export const demoProfileId = 'prof_demo';

export async function startDemo(h: Headless, home: string): Promise<{ profile: Profile; sandbox: Sandbox }> {
  const sandbox = await startSandbox({ dataDir: join(home, 'demo-sandbox'), seed: 7, chargebacks: 60, decisionDelayMs: 120_000 });
  const existing = h.store.profiles.get(demoProfileId);
  const profile: Profile = existing
    ? { ...existing, url: sandbox.url }
    : { ...profileDefaults, reminderThresholdDays: [...profileDefaults.reminderThresholdDays], id: demoProfileId, name: 'Demo shop', deployment: 'test', url: sandbox.url, merchant: 'Demo shop', demo: true };
  h.store.profiles.save(profile);
  // The sandbox's key is not a secret worth the keychain: held for the session only.
  await h.vault.setKey(profile.id, sandbox.apiKey, { sessionOnly: true });
  return { profile, sandbox };
}
