// Assigning a batch's files by hand: the profile's chargebacks as the review lists them to choose
// from, and a file sent to the one the merchant named (by ID, order, customer, email or amount),
// back to what the matcher said, or left out.
import type { Store } from '../../store/index.ts';
import { daysLeft, parseServiceTimestamp, toSearchDate } from '../../../shared/domain/dates.ts';
import { daysToSendBy, sendByBusinessDaysOf, sendByOf } from '../../../shared/domain/send-by.ts';
import { describeChargeback, findChargebacks, type BatchChargeback } from '../../../shared/batch-find.ts';
import { unusable, type BatchPlan } from '../../../shared/batch.ts';
import { AppError } from '../../../shared/errors.ts';

export interface AssignDeps {
  store: Store;
  now?: () => Date;
}

/** The profile's chargebacks as the review shows them beside a scan (customer, order, amount,
 * date, reply date), to suggest from as the merchant types. */
export function batchChargebacks(deps: AssignDeps, profileId: string, only?: readonly string[]): BatchChargeback[] {
  const now = deps.now?.() ?? new Date();
  const chosen = only && new Set(only);
  // The profile's send-by buffer, as the inbox counts the days to send (views/worklist-query.ts).
  const profile = deps.store.profiles.get(profileId);
  const buffer = profile ? sendByBusinessDaysOf(profile) : 0;
  return deps.store.portfolio.chargebackIds(profileId).flatMap((id) => {
    if (chosen && !chosen.has(id)) return [];
    const d = deps.store.portfolio.detail(profileId, id);
    if (!d) return [];
    const cb = d.chargeback;
    const t = d.txn;
    const person = [t?.first, t?.last].filter(Boolean).join(' ') || t?.company || null;
    const created = parseServiceTimestamp(t?.created ?? null);
    const paid = created ? Number(toSearchDate(created)) : null;
    const sendBy = sendByOf(cb.reply, buffer);
    return [
      {
        id,
        customer: person,
        email: t?.email ?? null,
        order: t?.order ?? null,
        total: cb.total,
        currency: cb.currency,
        dated: paid
          ? { kind: 'paid' as const, day: paid }
          : cb.issued
            ? { kind: 'disputed' as const, day: cb.issued }
            : null,
        cycle: cb.cycle,
        answerable: cb.status === 'open' && cb.actionable === 1,
        status: cb.status,
        actionable: cb.actionable === 1,
        reply: cb.reply,
        replyInvalid: cb.invalidDates?.reply ?? null,
        daysLeft: daysLeft(cb.reply, now) ?? null,
        sendBy,
        sendByDaysLeft: daysToSendBy(sendBy, now),
      },
    ];
  });
}

/** A file goes to a chargeback (named by its ID, order number, customer, email or amount),
 * back to what the matcher said (none given), or is left out. */
export function assignFile(
  deps: AssignDeps,
  plan: BatchPlan,
  fileName: string,
  named: string | undefined,
  leaveOut = false,
): BatchPlan {
  let chargebackId = named?.trim() || undefined;
  if (chargebackId && !deps.store.portfolio.getChargeback(plan.profileId, chargebackId)) {
    const fits = findChargebacks(batchChargebacks(deps, plan.profileId), chargebackId);
    if (fits.length === 0)
      throw new AppError(
        'not-found',
        `No chargeback in this profile has the ID, order number, customer, email or amount “${chargebackId}”.`,
      );
    if (fits.length > 1)
      throw new AppError(
        'bad-input',
        `“${chargebackId}” fits ${fits.length} chargebacks: ` +
          `${fits
            .slice(0, 5)
            .map((c) => `${c.id} (${describeChargeback(c)})`)
            .join('; ')}. Choose one.`,
      );
    chargebackId = fits[0]!.id;
  }
  let found = false;
  const files = plan.files.map((f) => {
    if (f.name !== fileName || unusable(f)) return f;
    found = true;
    const { assigned: _old, leftOut: _out, ...rest } = f;
    return leaveOut ? { ...rest, leftOut: true } : chargebackId ? { ...rest, assigned: chargebackId } : rest;
  });
  if (!found) throw new AppError('not-found', `${fileName} is not an assignable file of this batch.`);
  return { ...plan, files };
}
