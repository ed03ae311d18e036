// The services without a window: store, keychain, API clients per profile, sync, the outbox and
// the answering use case (app/answer/). The CLI uses this as it is; the desktop app builds on the
// same pieces.
import { openStore, databaseFile, type Store } from './store/index.ts';
import { createKeyVault, type KeyVault } from './credentials/key-vault.ts';
import { createProfileService } from './credentials/profile-service.ts';
import { createApiClient, type ApiClient } from './api/index.ts';
import { createSyncEngine } from './sync/sync-engine.ts';
import { createOutbox, type OutboxDeps } from './outbox/outbox-service.ts';
import { removeJobFoldersOf } from './outbox/folders.ts';
import { createEvidenceStore } from './evidence/evidence-store.ts';
import { createAnswerBook } from './outbox/answers.ts';
import { createPreviews } from './evidence/previews.ts';
import { createPackets } from './app/answer/packets.ts';
import { createResponder } from './app/answer/answer.ts';
import type { ProfileDeps } from './app/profiles.ts';
import { createCardHistory } from './card-history/card-history.ts';
import { createHistoryExhibits } from './card-history/history-exhibits.ts';
import { join } from 'node:path';
import type { Notifier } from './platform/notifier.ts';
import type { Profile } from '../shared/profiles.ts';
import { AppError } from '../shared/errors.ts';
import { serviceUrlProblem } from '../shared/network.ts';

export interface HeadlessOptions {
  home: string;
  notifier: Notifier;
  vault?: KeyVault;
  /** A key given for this run only (e.g. DISPUTE_DESK_API_KEY): used when the keychain has none. */
  sessionKey?: string | undefined;
  /** The desktop app follows the outbox as it works. */
  outboxHooks?: Pick<OutboxDeps, 'onChange' | 'onProgress'>;
}

/** The only way to a client: the address is checked before anything connects, so a key never
 * crosses the network unencrypted (a profile saved before the rule existed is refused here too). */
export function clientForProfile(
  profile: Pick<Profile, 'url' | 'deployment' | 'httpOnLan'>,
  apiKey: string,
): ApiClient {
  const problem = serviceUrlProblem(profile.url, { httpOnLan: profile.httpOnLan });
  if (problem)
    throw new AppError('validation', `Nothing was sent to ${profile.url}: ${problem}.`, {
      fields: [{ field: 'url', message: problem }],
    });
  return createApiClient({ baseUrl: profile.url, apiKey, deployment: profile.deployment });
}

export function openHeadless(o: HeadlessOptions) {
  const store: Store = openStore(databaseFile(o.home));
  const vault = o.vault ?? createKeyVault();
  const clients = new Map<string, ApiClient>();
  // A client holds its profile's key and address: a changed profile gets a new one.
  const profiles = createProfileService({
    profiles: {
      ...store.profiles,
      remove: (id) => {
        removeJobFoldersOf(
          o.home,
          id,
          outbox.list({ profileId: id }).map((j) => j.id),
        );
        return store.profiles.remove(id);
      },
    },
    vault,
    checkKey: (p, key) => clientForProfile(p, key).verifyKey(),
    onChange: (id) => clients.delete(id),
  });

  async function keyFor(profile: Profile): Promise<string> {
    let key: string | undefined;
    try {
      key = await vault.getKey(profile.id);
    } catch (e) {
      if (!o.sessionKey) throw e;
    }
    key ??= o.sessionKey;
    if (!key)
      throw new AppError(
        'key-rejected',
        `No API key is stored for the profile "${profile.name}". Add it again with ` +
          `\`dispute-desk profile add\`, or give one for this run in DISPUTE_DESK_API_KEY.`,
      );
    return key;
  }

  async function clientFor(profile: Profile): Promise<ApiClient> {
    const cached = clients.get(profile.id);
    if (cached) return cached;
    const client = clientForProfile(profile, await keyFor(profile));
    clients.set(profile.id, client);
    return client;
  }

  const sync = createSyncEngine({ store, clientFor, notifier: o.notifier });
  /** Refreshes started after a job was sent, still under way. */
  const followUps = new Set<Promise<void>>();
  const evidence = createEvidenceStore(join(o.home, 'evidence'));
  const outbox = createOutbox({
    database: store.database,
    home: o.home,
    profileOf: (id) => store.profiles.get(id),
    clientFor,
    ...o.outboxHooks,
    onJobDone: (job) => {
      // The answer is in: refresh what the service now says about that chargeback (its messages
      // come only this way). A command waits for it before it closes (`settle`).
      const refresh = sync
        .syncChargeback(job.profileId, job.chargebackId, AbortSignal.timeout(15_000))
        .catch(() => undefined);
      followUps.add(refresh);
      void refresh.finally(() => followUps.delete(refresh));
    },
  });

  /** `--profile NAME|ID`, or the only profile there is. */
  function resolveProfile(nameOrId: string | undefined): Profile {
    const all = store.profiles.list();
    if (nameOrId) {
      const p = store.profiles.get(nameOrId) ?? store.profiles.findByName(nameOrId);
      if (!p)
        throw new AppError(
          'not-found',
          `No profile "${nameOrId}". Profiles here: ${all.map((x) => x.name).join(', ') || 'none'}.`,
        );
      return p;
    }
    if (all.length === 0)
      throw new AppError(
        'not-found',
        'No profile yet. Add one with `dispute-desk profile add --name N ' +
          '--deployment test --url URL` (the key is read from standard input).',
      );
    if (all.length > 1)
      throw new AppError(
        'validation',
        `There are ${all.length} profiles; choose one with --profile (${all.map((x) => x.name).join(', ')}).`,
      );
    return all[0]!;
  }

  // Where each chargeback's answer stands, read from the store.
  const answers = createAnswerBook(store.database);
  // Packets are built for a chargeback in one place; the desktop app previews them (the CLI
  // never does, so its previews stay empty), and an answer sent unchanged takes the preview.
  // The card's and the customer's earlier purchases, read when the merchant looks or a packet is made.
  const cardHistory = createCardHistory({ store, clientFor });
  const packets = createPackets({
    store,
    evidence,
    previews: createPreviews(join(o.home, 'previews')),
    history: createHistoryExhibits({ cardHistory, evidence }),
  });
  const respond = createResponder({ store, evidence, outbox, packets, sync });

  let closed = false;
  return {
    store,
    vault,
    profiles,
    sync,
    evidence,
    outbox,
    answers,
    packets,
    respond,
    cardHistory,
    clientFor,
    resolveProfile,
    /** What each use case in app/ is given, built once: the CLI's commands hand their calls to
     * them (the desktop app adds what only it has, app-services.ts). */
    useCases: { profiles: { records: store.profiles, keys: profiles, outbox } satisfies ProfileDeps },
    /** Waits for the refreshes that follow sent answers (each ends within 15 s). */
    async settle(): Promise<void> {
      await Promise.allSettled([...followUps]);
    },
    close(): void {
      if (closed) return;
      closed = true;
      sync.stopSchedule();
      store.close();
    },
  };
}
export type Headless = ReturnType<typeof openHeadless>;
