// "Explore with demo data": the embedded sandbox with a seeded portfolio, and a demo profile
// pointing at it, so a new user sees a living app at once. Its state lives in the data folder
// and comes back on the next start.
import { join } from 'node:path';
import { startSandbox, type Sandbox } from './sandbox/index.ts';
import type { Headless } from './headless.ts';
import { profileDefaults, type Profile } from '../shared/profiles.ts';
import { dialectOf, type DialectName } from '../shared/domain/dialects.ts';

export const demoProfileId = 'prof_demo';

/** The demo speaks the core API's dialect (as a real account on production or its test
 * deployment) unless asked for the micro-service's; a demo already made keeps its own. */
export async function startDemo(
  h: Headless,
  home: string,
  o: { dialect?: DialectName } = {},
): Promise<{ profile: Profile; sandbox: Sandbox }> {
  const existing = h.store.profiles.get(demoProfileId);
  const dialect = existing ? dialectOf(existing.deployment) : (o.dialect ?? 'core');
  // With the card histories: the demo shows a fraud chargeback won from the processor's own records
  // (Compelling Evidence 3.0) beside ones that do not qualify, and why.
  const sandbox = await startSandbox({
    dataDir: join(home, 'demo-sandbox'),
    seed: 7,
    chargebacks: 60,
    dialect,
    cardHistories: true,
  });
  const profile: Profile = existing
    ? { ...existing, url: sandbox.url }
    : {
        ...profileDefaults,
        reminderThresholdDays: [...profileDefaults.reminderThresholdDays],
        id: demoProfileId,
        name: 'Demo shop',
        deployment: dialect === 'core' ? 'test' : 'microservice',
        url: sandbox.url,
        merchant: 'Demo shop',
        demo: true,
      };
  h.store.profiles.save(profile);
  // The sandbox's key is not a secret worth the keychain: held for the session only.
  await h.vault.setKey(profile.id, sandbox.apiKey, { sessionOnly: true });
  return { profile, sandbox };
}
