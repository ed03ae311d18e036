// The settings form's text as a profile: what the merchant typed is read as numbers here (a
// half-typed value stays text in the form), and the profile is then judged by the same schema
// main saves it with (shared/profiles.ts's editedProfileSchema), so the window never accepts or
// refuses a setting by a rule of its own. Only what the schema cannot see is asked here: text
// that is not a number, a file limit above the packet's, a header value without its name, and a
// main currency with no reference rate (main's CLI asks the same).
import type { ProfileView } from '../../../shared/ipc/channels/app.ts';
import { editedProfileSchema, type EditedProfile } from '../../../shared/profiles.ts';
import { sendByBusinessDaysOf } from '../../../shared/domain/send-by.ts';
import { hasReferenceRate } from '../../../shared/domain/reference-rates.ts';
import type { ColourMode, PresetName, PageSize } from '../../../shared/evidence/limits.ts';

const MB = 1024 * 1024;

/** The form's own text fields: numbers are typed as text so a half-typed value is not lost. */
export interface Draft {
  name: string;
  merchant: string;
  preset: PresetName;
  pageSize: PageSize;
  /** The shop's street address, as its receipts print it. */
  merchantAddress: string;
  maxFileMb: string;
  maxTotalMb: string;
  maxPages: string;
  maxDpi: string;
  colour: ColourMode;
  reminders: string;
  syncMinutes: string;
  /** Business days before the reply date to send by. */
  sendByDays: string;
  /** The currency the inbox totals in; empty: the most common of the portfolio. */
  mainCurrency: string;
  receiverOn: boolean;
  bindAddress: string;
  onNetwork: boolean;
  port: string;
  headerName: string;
  headerValue: string;
}

export const mbText = (bytes: number): string => String(+(bytes / MB).toFixed(2));

export function draftOf(p: ProfileView): Draft {
  const r = p.alertReceiver;
  return {
    name: p.name,
    merchant: p.merchant ?? '',
    merchantAddress: p.merchantAddress ?? '',
    preset: p.preset,
    pageSize: p.pageSize,
    maxFileMb: mbText(p.limits.maxFileBytes),
    maxTotalMb: mbText(p.limits.maxTotalBytes),
    maxPages: String(p.limits.maxPages),
    maxDpi: String(p.limits.maxDpi),
    colour: p.limits.colour,
    reminders: p.reminderThresholdDays.join(', '),
    syncMinutes: String(p.syncIntervalMinutes),
    sendByDays: String(sendByBusinessDaysOf(p)),
    mainCurrency: p.mainCurrency ?? '',
    receiverOn: r?.enabled ?? false,
    bindAddress: r?.bindAddress ?? '127.0.0.1',
    onNetwork: r?.onNetwork ?? false,
    port: String(r?.port ?? 8787),
    headerName: r?.headerName ?? '',
    headerValue: r?.headerValue ?? '',
  };
}

/** A limit as typed in MB, in bytes. Untouched, the saved bytes stay exactly as they were (the MB
 * shown is rounded); typed, it is rounded down, never past what the processor allows. */
function bytesOf(text: string, mb: number, saved: number): number {
  return text === mbText(saved) ? saved : Math.floor(mb * MB);
}

/** What each setting is called on the form, for the schema's refusals, and the field it is typed in. */
const fieldNames: Record<string, [string, keyof Draft]> = {
  name: ['The profile name', 'name'],
  merchant: ['The merchant name', 'merchant'],
  merchantAddress: ['The shop address cannot be compared with receipts', 'merchantAddress'],
  'limits.maxFileBytes': ['The largest file', 'maxFileMb'],
  'limits.maxTotalBytes': ['The largest packet', 'maxTotalMb'],
  'limits.maxPages': ['The most pages', 'maxPages'],
  'limits.maxDpi': ['The resolution', 'maxDpi'],
  reminderThresholdDays: ['The reminder days', 'reminders'],
  syncIntervalMinutes: ['How often to sync', 'syncMinutes'],
  sendByBusinessDays: ['The business days before the reply date', 'sendByDays'],
  mainCurrency: ['The main currency', 'mainCurrency'],
  'alertReceiver.port': ['The receiver port', 'port'],
  'alertReceiver.bindAddress': ['The receiver cannot listen there', 'bindAddress'],
  'alertReceiver.headerName': ['The header name', 'headerName'],
};

/** Why the form cannot be saved, and the field to mend when one is to blame. */
export interface Refusal {
  message: string;
  field?: keyof Draft | undefined;
}

const refused = (field: keyof Draft | undefined, message: string) => ({ ok: false as const, message, field });

/** The draft as a profile, or the first thing that is wrong with it in words and its field. */
export function profileOf(p: ProfileView, d: Draft): { ok: true; profile: EditedProfile } | ({ ok: false } & Refusal) {
  const num = (text: string): number => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));
  const [fileMb, totalMb, pages, dpi, minutes, port, sendBy] = [
    d.maxFileMb,
    d.maxTotalMb,
    d.maxPages,
    d.maxDpi,
    d.syncMinutes,
    d.port,
    d.sendByDays,
  ].map(num) as [number, number, number, number, number, number, number];
  if (!(fileMb > 0)) return refused('maxFileMb', 'Enter the size limits in MB, like 2 or 0.5.');
  if (!(totalMb > 0)) return refused('maxTotalMb', 'Enter the size limits in MB, like 2 or 0.5.');
  if (fileMb > totalMb) return refused('maxFileMb', 'A single file cannot be allowed more than the whole packet.');
  // Text that is no number is the form's to say; a number out of range or with a fraction is the
  // schema's, which gives the range.
  if (Number.isNaN(pages)) return refused('maxPages', 'Enter the most pages as a whole number.');
  if (Number.isNaN(dpi)) return refused('maxDpi', 'Enter the resolution as a whole number of dpi, like 200.');
  if (Number.isNaN(minutes)) return refused('syncMinutes', 'Enter how often to sync in whole minutes.');
  const reminders = d.reminders
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  if (reminders.some((n) => Number.isNaN(n)))
    return refused('reminders', 'Enter reminder days as whole numbers, like 7, 3, 1.');
  if (Number.isNaN(sendBy))
    return refused('sendByDays', 'Enter the business days before the reply date as a whole number.');
  const mainCurrency = d.mainCurrency.trim().toUpperCase();
  if (mainCurrency && !hasReferenceRate(mainCurrency))
    return refused(
      'mainCurrency',
      `Dispute Desk has no reference rate for "${mainCurrency}": choose one such as USD, EUR or GBP, or leave it empty.`,
    );
  if (d.receiverOn && Number.isNaN(port))
    return refused('port', 'Enter the receiver port as a whole number, like 8787.');
  if (d.receiverOn && d.headerValue.trim() && !d.headerName.trim())
    return refused('headerName', 'Give the header name for your own header value.');
  const { keyStatus: _k, alertReceiverUrl: _u, ...saved } = p;
  const { merchant: _m, merchantAddress: _a, mainCurrency: _c, ...withoutMerchant } = saved;
  const edited = editedProfileSchema.safeParse({
    ...withoutMerchant,
    sendByBusinessDays: sendBy,
    ...(mainCurrency ? { mainCurrency } : {}),
    name: d.name,
    ...(d.merchant.trim() ? { merchant: d.merchant.trim() } : {}),
    ...(d.merchantAddress.trim() ? { merchantAddress: d.merchantAddress.trim() } : {}),
    preset: d.preset,
    pageSize: d.pageSize,
    limits: {
      maxFileBytes: bytesOf(d.maxFileMb, fileMb, p.limits.maxFileBytes),
      maxTotalBytes: bytesOf(d.maxTotalMb, totalMb, p.limits.maxTotalBytes),
      maxPages: pages,
      maxDpi: dpi,
      colour: d.colour,
    },
    reminderThresholdDays: [...new Set(reminders)].sort((a, b) => b - a),
    syncIntervalMinutes: minutes,
    ...(d.receiverOn || p.alertReceiver
      ? {
          alertReceiver: {
            enabled: d.receiverOn,
            bindAddress: d.bindAddress.trim() || '127.0.0.1',
            // A port left as it was while the receiver is off is not judged.
            port: d.receiverOn || (Number.isInteger(port) && port > 0) ? port : 8787,
            ...(d.onNetwork ? { onNetwork: true } : {}),
            ...(p.alertReceiver?.secret ? { secret: p.alertReceiver.secret } : {}),
            ...(d.headerName.trim() ? { headerName: d.headerName.trim() } : {}),
            ...(d.headerName.trim() && d.headerValue.trim() ? { headerValue: d.headerValue.trim() } : {}),
          },
        }
      : {}),
  });
  if (edited.success) return { ok: true, profile: edited.data };
  const issue = edited.error.issues[0]!;
  const path = issue.path.filter((k) => typeof k === 'string' || typeof k === 'number').join('.');
  const [name, field] = fieldNames[path] ?? fieldNames[path.replace(/\.\d+$/, '')] ?? ['A setting', undefined];
  return refused(field, `${name}: ${issue.message}.`);
}
