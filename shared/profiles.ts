// A profile: one merchant account on one deployment of the service. Its API key is not here:
// keys live only in the OS keychain (electron/credentials).
import { z } from 'zod';
import { deploymentSchema } from './domain/enums.ts';
import { evidenceLimitsSchema, defaultLimits, presetNameSchema, pageSizeSchema } from './evidence/limits.ts';
import { bindAddressProblem, serviceUrlProblem } from './network.ts';
import { maxSendByBusinessDays } from './domain/send-by.ts';
import { shopAddressProblem } from './domain/shop-address.ts';

export const alertReceiverSchema = z.strictObject({
  enabled: z.boolean(),
  bindAddress: z.string().min(1),
  /** The merchant chose to listen beyond loopback (bindAddress on the network): never by default. */
  onNetwork: z.boolean().optional(),
  port: z.number().int().min(0).max(65535),
  /** Random, made in main: the value of the header each alert must carry (never in the URL). */
  secret: z.string().min(16),
  /** The header the service sends (its "fixed header"); `alertSecretHeader` when not set. */
  headerName: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name is letters, digits and dashes')
    .optional(),
  /** A value of the merchant's own in place of `secret` (kept for profiles saved with one). */
  headerValue: z.string().min(1).optional(),
});

/** The header an alert carries its secret in, unless the merchant named another. */
export const alertSecretHeader = 'X-Alert-Secret';
export type AlertReceiverSettings = z.infer<typeof alertReceiverSchema>;

export const profileSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().trim().min(1, 'give the profile a name').max(80),
  deployment: deploymentSchema,
  url: z.url({ protocol: /^https?$/, error: 'the URL must start with https:// (or http:// for a local sandbox)' }),
  /** Explicit, warned opt-in: plain http to a sandbox on the local network (the key is not
   * encrypted on the way). Without it http is for this computer only (shared/network.ts). */
  httpOnLan: z.boolean().optional(),
  merchant: z.string().trim().max(100).optional(),
  /** The shop's street address as its receipts print it ("221 Elm Road, Springfield 62704"):
   * batch matching tells the merchant's own receipts from other shops' by it. Profiles saved
   * before it simply have none. */
  merchantAddress: z.string().trim().max(200).optional(),
  limits: evidenceLimitsSchema,
  preset: presetNameSchema,
  pageSize: pageSizeSchema,
  syncIntervalMinutes: z
    .number()
    .int('whole minutes, from 1 to 1440')
    .min(1, 'at least 1 minute')
    .max(24 * 60, 'at most once a day (1440 minutes)'),
  reminderThresholdDays: z
    .array(
      z.number().int('whole days from 0 to 60').min(0, 'whole days from 0 to 60').max(60, 'whole days from 0 to 60'),
    )
    .max(6, 'at most 6 reminders'),
  /** Business days before the reply date to send by (0: the reply date itself); unset: the
   * deployment's default (shared/domain/send-by.ts). Kept with the profile's JSON: profiles saved
   * before it simply have none. */
  sendByBusinessDays: z
    .number()
    .int(`a whole number from 0 to ${maxSendByBusinessDays}`)
    .min(0, `a whole number from 0 to ${maxSendByBusinessDays}`)
    .max(maxSendByBusinessDays, `a whole number from 0 to ${maxSendByBusinessDays}`)
    .optional(),
  /** The currency the inbox totals its amounts in (approximately, by reference rates); unset: the
   * currency most of the portfolio is in. */
  mainCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'a three-letter currency code, such as USD')
    .optional(),
  alertReceiver: alertReceiverSchema.optional(),
  /** A demo profile points at the embedded sandbox. */
  demo: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const portRange = 'a port from 1 to 65535';

/** Receiver settings as a person edits them: the secret is made in main the first time, and the
 * port is one the processor can be given (0, "any free port", would change the address at every
 * start; a profile saved with it before still reads). Every door checks this one rule: the
 * window's settings, the IPC handler, the CLI. */
const editedReceiverSchema = alertReceiverSchema.extend({
  secret: alertReceiverSchema.shape.secret.optional(),
  port: z.number().int(portRange).min(1, portRange).max(65535, portRange),
});

/** Where a key may be sent and where alerts may be received: refused before anything connects. */
function checkNetwork(
  p: {
    url: string;
    httpOnLan?: boolean | undefined;
    alertReceiver?: { bindAddress: string; onNetwork?: boolean | undefined } | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const url = serviceUrlProblem(p.url, { httpOnLan: p.httpOnLan });
  if (url) ctx.addIssue({ code: 'custom', path: ['url'], message: url });
  const bind =
    p.alertReceiver && bindAddressProblem(p.alertReceiver.bindAddress, { onNetwork: p.alertReceiver.onNetwork });
  if (bind) ctx.addIssue({ code: 'custom', path: ['alertReceiver', 'bindAddress'], message: bind });
}

/** An address a receipt could never be matched with is refused, not kept doing nothing. */
function checkAddress(p: { merchantAddress?: string | undefined }, ctx: z.RefinementCtx): void {
  const problem = p.merchantAddress && shopAddressProblem(p.merchantAddress);
  if (problem) ctx.addIssue({ code: 'custom', path: ['merchantAddress'], message: problem });
}

/** What a person fills in; the rest takes defaults. */
export const newProfileSchema = profileSchema
  .omit({ id: true, alertReceiver: true })
  .partial({ limits: true, preset: true, pageSize: true, syncIntervalMinutes: true, reminderThresholdDays: true })
  .extend({ alertReceiver: editedReceiverSchema.optional() })
  .superRefine(checkNetwork)
  .superRefine(checkAddress);
export type NewProfile = z.infer<typeof newProfileSchema>;

/** A saved profile as settings change it. */
export const editedProfileSchema = profileSchema
  .extend({ alertReceiver: editedReceiverSchema.optional() })
  .superRefine(checkNetwork)
  .superRefine(checkAddress);
export type EditedProfile = z.infer<typeof editedProfileSchema>;

export const profileDefaults = {
  limits: defaultLimits,
  preset: 'document',
  pageSize: 'letter',
  syncIntervalMinutes: 15,
  reminderThresholdDays: [7, 3, 1],
} as const satisfies Partial<Profile>;

export const keyStatuses = ['keychain', 'session', 'missing'] as const;
export type KeyStatus = (typeof keyStatuses)[number];
