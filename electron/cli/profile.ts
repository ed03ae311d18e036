// `dispute-desk profile add|list|remove|set`: the key is read from standard input or
// DISPUTE_DESK_API_KEY, checked with one call, and stored in the keychain only. A "session-only"
// key means nothing here: each command is its own session. Where there is no keychain, a key
// given in DISPUTE_DESK_API_KEY is checked and the profile saved without it; every later command
// reads the key from that variable again.
import { CliError, numberOption, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import { valueOf } from '../app/outcome.ts';
import { addProfile, removeProfile, updateProfile } from '../app/profiles.ts';
import { readSecret } from './read-secret.ts';
import { deploymentSchema } from '../../shared/domain/enums.ts';
import { serviceUrlProblem } from '../../shared/network.ts';
import { maxSendByBusinessDays, sendByBusinessDaysOf } from '../../shared/domain/send-by.ts';
import { hasReferenceRate } from '../../shared/domain/reference-rates.ts';
import { shopAddressProblem } from '../../shared/domain/shop-address.ts';

/** The profile use cases' view of the headless services (no receivers or schedules here). */
export const profileAdd: CliCommand = {
  name: 'profile add',
  summary: 'Add a profile; its API key goes to the OS keychain (without one: DISPUTE_DESK_API_KEY on every command).',
  usage:
    'dispute-desk profile add --name N --deployment core|test|microservice ' +
    '--url URL [--merchant ID] [--allow-http-lan] < key.txt',
  // Known only to refuse it with a reason rather than as an unknown option.
  options: {
    name: { type: 'string' },
    deployment: { type: 'string' },
    url: { type: 'string' },
    merchant: { type: 'string' },
    'allow-http-lan': { type: 'boolean', default: false },
    'session-only': { type: 'boolean', default: false },
  },
  async run(ctx) {
    if (ctx.values['session-only'] === true)
      throw new CliError(
        '--session-only cannot work from the command line: each command is its own session, so the ' +
          `key would be forgotten as soon as \`profile add\` ends. Where there is a keychain, leave ` +
          'the option out; where there is none, give the key in DISPUTE_DESK_API_KEY: the profile is ' +
          'then saved without its key, and every later command reads the key from DISPUTE_DESK_API_KEY.',
      );
    const name = stringOption(ctx, 'name');
    const url = stringOption(ctx, 'url');
    const deployment = deploymentSchema.safeParse(stringOption(ctx, 'deployment'));
    if (!name || !url) throw new CliError(`--name and --url are required. Usage: ${this.usage}`);
    if (!deployment.success) throw new CliError('--deployment must be core, test or microservice.');
    const httpOnLan = ctx.values['allow-http-lan'] === true;
    // Refused before the key is read or anything connects.
    const problem = serviceUrlProblem(url, { httpOnLan });
    if (problem) throw new CliError(`--url refused: ${problem}.`);
    if (httpOnLan && url.startsWith('http:'))
      ctx.stderr.write(
        `Warning: ${url} is plain http: the API key crosses your ` +
          `local network unencrypted. Use this only for a sandbox.\n`,
      );
    const fromEnv = ctx.env.DISPUTE_DESK_API_KEY?.trim();
    const key = fromEnv || (await readSecret(ctx, 'API key: '));
    if (!key) throw new CliError('No API key given: pipe it on standard input or set DISPUTE_DESK_API_KEY.');
    return withHeadless(ctx, async (h) => {
      const merchant = stringOption(ctx, 'merchant');
      const keychain = await h.vault.available();
      if (!keychain.ok && !fromEnv) throw new CliError(`${keychain.reason} ${keychain.howToFix}`);
      // Without a keychain the key stays in this process's memory only: checked, never stored.
      const p = valueOf(
        await addProfile(
          h.useCases.profiles,
          {
            name,
            deployment: deployment.data,
            url,
            ...(merchant ? { merchant } : {}),
            ...(httpOnLan ? { httpOnLan } : {}),
          },
          key,
          { sessionOnly: !keychain.ok },
        ),
      );
      const where = keychain.ok
        ? 'its key is in the keychain.'
        : `its key was checked but not stored (${keychain.reason.replace(/\.$/, '')}): ` +
          'keep DISPUTE_DESK_API_KEY set for every command of this profile.';
      return {
        data: {
          id: p.id,
          name: p.name,
          deployment: p.deployment,
          url: p.url,
          key: keychain.ok ? 'keychain' : 'not-stored',
        },
        text: `Profile "${p.name}" added (${p.deployment}, ${p.url}); ${where}`,
      };
    });
  },
};

export const profileList: CliCommand = {
  name: 'profile list',
  summary: 'List profiles (never their keys).',
  usage: 'dispute-desk profile list [--json]',
  async run(ctx) {
    return withHeadless(ctx, async (h) => {
      const rows = await Promise.all(
        h.store.profiles
          .list()
          .map(async (p) => ({
            id: p.id,
            name: p.name,
            deployment: p.deployment,
            url: p.url,
            merchant: p.merchant ?? null,
            merchantAddress: p.merchantAddress ?? null,
            sendByBusinessDays: sendByBusinessDaysOf(p),
            mainCurrency: p.mainCurrency ?? null,
            key: await h.vault.status(p.id),
          })),
      );
      const text = rows.length
        ? rows
            .map(
              (r) =>
                `${r.name}  ${r.deployment}  ${r.url}  key: ${r.key}  ` +
                `send by: ${r.sendByBusinessDays} business days before the reply date  (${r.id})`,
            )
            .join('\n')
        : 'No profiles yet. Add one with `dispute-desk profile add`.';
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
      valueOf(await removeProfile(h.useCases.profiles, p.id));
      return { data: { removed: p.id }, text: `Profile "${p.name}" removed, with its local data and key.` };
    });
  },
};

export const profileSet: CliCommand = {
  name: 'profile set',
  summary:
    'Change how a profile counts its deadlines and totals (send-by business days, main currency) and ' +
    "the shop's address batch matching reads on receipts.",
  usage:
    'dispute-desk profile set NAME|ID [--send-by-days N] [--main-currency CODE|auto] ' +
    '[--address "221 Elm Road, Springfield 62704" | --address ""]',
  positionals: true,
  options: { 'send-by-days': { type: 'string' }, 'main-currency': { type: 'string' }, address: { type: 'string' } },
  async run(ctx) {
    const target = ctx.positionals[0];
    if (!target) throw new CliError(`Name the profile to change. Usage: ${this.usage}`);
    const days = numberOption(ctx, 'send-by-days');
    const currency = stringOption(ctx, 'main-currency')?.trim().toUpperCase();
    const address = stringOption(ctx, 'address')?.trim();
    if (days === undefined && currency === undefined && address === undefined)
      throw new CliError(`Say what to change: --send-by-days, --main-currency or --address. Usage: ${this.usage}`);
    if (days !== undefined && (!Number.isInteger(days) || days < 0 || days > maxSendByBusinessDays))
      throw new CliError(`--send-by-days must be a whole number of business days from 0 to ${maxSendByBusinessDays}.`);
    if (currency !== undefined && currency !== 'AUTO' && !hasReferenceRate(currency))
      throw new CliError(
        `--main-currency: Dispute Desk has no reference rate for "${currency}"; ` +
          'give one such as USD, EUR or GBP, or "auto" for the most common currency of the portfolio.',
      );
    const addressProblem = address === undefined ? undefined : shopAddressProblem(address);
    if (addressProblem) throw new CliError(`--address refused: ${addressProblem} (or "" to remove it).`);
    return withHeadless(ctx, async (h) => {
      const p = h.resolveProfile(target);
      const { mainCurrency: _old, merchantAddress: _address, ...rest } = p;
      const main = currency === undefined ? p.mainCurrency : currency === 'AUTO' ? undefined : currency;
      const shopAddress = address === undefined ? p.merchantAddress : address || undefined;
      const saved = valueOf(
        await updateProfile(h.useCases.profiles, {
          ...rest,
          ...(days !== undefined ? { sendByBusinessDays: days } : {}),
          ...(main ? { mainCurrency: main } : {}),
          ...(shopAddress ? { merchantAddress: shopAddress } : {}),
        }),
      );
      const sendBy = sendByBusinessDaysOf(saved);
      const mainText = saved.mainCurrency ?? 'the most common currency of the portfolio';
      const addressText = saved.merchantAddress
        ? `receipts are checked against the address ${saved.merchantAddress}`
        : 'no shop address to check receipts against';
      return {
        data: {
          id: saved.id,
          sendByBusinessDays: sendBy,
          mainCurrency: saved.mainCurrency ?? null,
          merchantAddress: saved.merchantAddress ?? null,
        },
        text:
          `Profile "${saved.name}": send by ${sendBy} business day${sendBy === 1 ? '' : 's'} before the ` +
          `reply date${sendBy === 0 ? ' (the reply date itself)' : ''}; totals in ${mainText}; ${addressText}.`,
      };
    });
  },
};
