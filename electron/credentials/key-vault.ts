// API keys per profile in the OS keychain (keytar: service "Dispute Desk", account = profile ID),
// held in this process's memory while in use. Where no keychain exists the merchant may keep a
// key for this session only; a key is never written to disk by Dispute Desk.
import { AppError } from '../../shared/errors.ts';

export const keychainService = 'Dispute Desk';

export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type KeychainAvailability = { ok: true } | { ok: false; reason: string; howToFix: string };

/** What the desktop app offers meanwhile; the CLI, where a session is one command, says its own. */
export const sessionOnlyAdvice = 'Until then you can keep the key for this session only.';

function howToFix(platform: NodeJS.Platform, meanwhile: string): string {
  const fix =
    platform === 'linux'
      ? 'Install and start a Secret Service keyring (for example GNOME Keyring: `sudo ' +
        'apt install gnome-keyring`, then log out and in) or KWallet, then try again.'
      : platform === 'darwin'
        ? 'Unlock your login keychain in Keychain Access, then try again.'
        : 'Check that Windows Credential Manager is available for your account, then try again.';
  return `${fix} ${meanwhile}`;
}

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as { default?: KeytarLike } & KeytarLike;
  return mod.default ?? mod;
}

export function createKeyVault(
  opts: { keytarLoader?: () => Promise<KeytarLike>; platform?: NodeJS.Platform; meanwhile?: string } = {},
) {
  const platform = opts.platform ?? process.platform;
  const meanwhile = opts.meanwhile ?? sessionOnlyAdvice;
  const memory = new Map<string, { key: string; sessionOnly: boolean }>();
  let keytar: Promise<KeytarLike> | undefined;
  const keychain = (): Promise<KeytarLike> => (keytar ??= (opts.keytarLoader ?? loadKeytar)());

  function unavailable(e: unknown): AppError {
    return new AppError(
      'keychain',
      `Dispute Desk cannot reach this computer's keychain ` +
        `(${(e as Error)?.message?.split('\n')[0] ?? 'unknown reason'}). ${howToFix(platform, meanwhile)}`,
      { cause: e },
    );
  }

  return {
    async available(): Promise<KeychainAvailability> {
      try {
        const k = await keychain();
        await k.getPassword(keychainService, '__dispute-desk-probe__');
        return { ok: true };
      } catch (e) {
        return {
          ok: false,
          reason: `The keychain is not available: ${(e as Error)?.message?.split('\n')[0] ?? 'unknown reason'}.`,
          howToFix: howToFix(platform, meanwhile),
        };
      }
    },

    /** Stores the key in the keychain, or for this session only when asked. */
    async setKey(profileId: string, key: string, o: { sessionOnly?: boolean } = {}): Promise<void> {
      if (!key.trim()) throw new AppError('validation', 'The API key is empty.');
      if (!o.sessionOnly) {
        try {
          await (await keychain()).setPassword(keychainService, profileId, key);
        } catch (e) {
          throw unavailable(e);
        }
      }
      memory.set(profileId, { key, sessionOnly: o.sessionOnly === true });
    },

    async getKey(profileId: string): Promise<string | undefined> {
      const held = memory.get(profileId);
      if (held) return held.key;
      let key: string | null;
      try {
        key = await (await keychain()).getPassword(keychainService, profileId);
      } catch (e) {
        throw unavailable(e);
      }
      if (key) memory.set(profileId, { key, sessionOnly: false });
      return key ?? undefined;
    },

    /** Where the key of a profile lives, without revealing it. */
    async status(profileId: string): Promise<'keychain' | 'session' | 'missing'> {
      const held = memory.get(profileId);
      if (held) return held.sessionOnly ? 'session' : 'keychain';
      try {
        return (await this.getKey(profileId)) ? 'keychain' : 'missing';
      } catch {
        return 'missing';
      }
    },

    async deleteKey(profileId: string): Promise<void> {
      const held = memory.get(profileId);
      memory.delete(profileId);
      if (held?.sessionOnly) return;
      try {
        await (await keychain()).deletePassword(keychainService, profileId);
      } catch (e) {
        throw unavailable(e);
      }
    },

    /** Forgets keys held in memory (quit, or lock). */
    forgetAll(): void {
      memory.clear();
    },
  };
}
export type KeyVault = ReturnType<typeof createKeyVault>;
