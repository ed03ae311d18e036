// `dispute-desk profile add|list|remove`: the key is read from standard input or
// DISPUTE_DESK_API_KEY, checked with one call, and stored in the keychain only.
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { readSecret } from './read-secret.ts';
import { deploymentSchema } from '../../shared/domain/enums.ts';
import { isAppError } from '../../shared/errors.ts';

export const profileAdd: CliCommand = {
  name: 'profile add',
  summary: 'Add a profile; its API key goes to the OS keychain.',
  usage: 'dispute-desk profile add --name N --deployment core|test|microservice --url URL [--merchant ID] [--session-only] < key.txt',
  options: { name: { type: 'string' }, deployment: { type: 'string' }, url: { type: 'string' }, merchant: { type: 'string' }, 'session-only': { type: 'boolean', default: false } },
  async run(ctx) {
    const name = stringOption(ctx, 'name');
    const url = stringOption(ctx, 'url');
    const deployment = deploymentSchema.safeParse(stringOption(ctx, 'deployment'));
    if (!name || !url) throw new CliError(`--name and --url are required. Usage: ${this.usage}`);
    if (!deployment.success) throw new CliError('--deployment must be core, test or microservice.');
    const key = ctx.env.DISPUTE_DESK_API_KEY?.trim() || (await readSecret(ctx, 'API key: '));
    if (!key) throw new CliError('No API key given: pipe it on standard input or set DISPUTE_DESK_API_KEY.');
    return withHeadless(ctx, async (h) => {
      const merchant = stringOption(ctx, 'merchant');
      try {
        const p = await h.profiles.add({ name, deployment: deployment.data, url, ...(merchant ? { merchant } : {}) }, key, { sessionOnly: ctx.values['session-only'] === true });
        return { data: { id: p.id, name: p.name, deployment: p.deployment, url: p.url }, text: `Profile "${p.name}" added (${p.deployment}, ${p.url}); its key is in the keychain.` };
      } catch (e) {
        if (isAppError(e, 'keychain')) throw new CliError(`${e.message} (The CLI cannot keep a session-only key between commands; set DISPUTE_DESK_API_KEY for each run instead.)`);
        throw e;
      }
    });
  },
};

export const profileList: CliCommand = {
  name: 'profile list',
  summary: 'List profiles (never their keys).',
  usage: 'dispute-desk profile list [--json]',
  async run(ctx) {
    return withHeadless(ctx, async (h) => {
      const rows = await Promise.all(h.store.profiles.list().map(async (p) => ({ id: p.id, name: p.name, deployment: p.deployment, url: p.url, merchant: p.merchant ?? null, key: await h.vault.status(p.id) })));
      const text = rows.length ? rows.map((r) => `${r.name}  ${r.deployment}  ${r.url}  key: ${r.key}  (${r.id})`).join('\n') : 'No profiles yet. Add one with `dispute-desk profile add`.';
      return { data: rows, text };
    });
  },
};

export const profileRemove: CliCommand = {
  name: 'profile remove',
  summary: 'Remove a profile, its local data and its key.',
  usage: 'dispute-desk profile remove NAME|ID',
  positionals: true,
  async run(ctx) {
    const target = ctx.positionals[0];
    if (!target) throw new CliError(`Name the profile to remove. Usage: ${this.usage}`);
    return withHeadless(ctx, async (h) => {
      const p = h.resolveProfile(target);
      await h.profiles.remove(p.id);
      return { data: { removed: p.id }, text: `Profile "${p.name}" removed, with its local data and key.` };
    });
  },
};
