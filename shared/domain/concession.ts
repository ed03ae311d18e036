// The one rule for money that leaves the app: a concession (the amount of an acceptLiability
// message) is a positive whole number of minor units, in the chargeback's own currency, and
// never more than the amount disputed. The window, the CLI, batch, the IPC handler and the
// outbox all ask this module, so no path can concede what another would refuse.
import { AppError } from '../errors.ts';
import { formatAmount, majorToMinor, minorToMajor } from './money.ts';
import { currencyExponent } from './currencies.ts';
import { messageTypeRules } from './message-type-rules.ts';
import type { MessageType } from './enums.ts';

/** What the chargeback disputes: its total in minor units and its currency. */
export interface Disputed {
  total: number | null | undefined;
  currency: string;
}

const amountError = (message: string): AppError =>
  new AppError('validation', message, { fields: [{ field: 'amount', message }] });

/** The disputed total as a major-unit text a merchant would type ("553.62", "1000"). */
export function typedAmount(minor: number, currency: string): string {
  return minorToMajor(minor, currency).toFixed(currencyExponent(currency));
}

/** Checks an amount in minor units against what is disputed; undefined when it may be sent. */
export function concessionProblem(
  amount: number,
  currency: string | undefined,
  disputed: Disputed,
): AppError | undefined {
  const code = disputed.currency.toUpperCase();
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    const digits = currencyExponent(code);
    const form = digits ? `in ${code} with at most ${digits} decimals` : `in whole ${code}`;
    return amountError(`The amount conceded must be more than zero, ${form}.`);
  }
  if (currency !== undefined && currency.toUpperCase() !== code) {
    return amountError(`This chargeback is in ${code}; the amount conceded cannot be in ${currency.toUpperCase()}.`);
  }
  const total = disputed.total;
  if (total === null || total === undefined || !Number.isFinite(total) || total <= 0) {
    return amountError(
      'The disputed amount of this chargeback is not known, so no amount can be conceded: sync and try again.',
    );
  }
  if (amount > total) {
    return amountError(
      `${formatAmount(amount, code)} is more than the ${formatAmount(total, code)} ` +
        `disputed: you can concede at most ${formatAmount(total, code)}.`,
    );
  }
  return undefined;
}

/** A typed amount ("553.62", "1,000") read as a concession: its minor units, or why it cannot be sent. */
export function parseConcession(text: string, disputed: Disputed): { amount: number } | { error: AppError } {
  const code = disputed.currency.toUpperCase();
  const like = disputed.total ? typedAmount(Math.max(1, Math.trunc(disputed.total)), code) : '10.00';
  if (text.trim() === '') return { error: amountError(`Enter the amount conceded in ${code}, like ${like}.`) };
  const minor = majorToMinor(text, code);
  if (minor === undefined) {
    return {
      error: amountError(
        `"${text.trim()}" is not an amount in ${code}: write it like ` +
          `${like}, with at most ${currencyExponent(code)} decimals.`,
      ),
    };
  }
  const problem = concessionProblem(minor, code, disputed);
  return problem ? { error: problem } : { amount: minor };
}

/** Whether an answer's amount may leave the app: required and within the rule for a type that
 * concedes money, absent for every other type (the service would record it as given). */
export function answerAmountProblem(
  a: { messageType: MessageType; amount?: number | undefined; currency?: string | undefined },
  disputed: Disputed,
): AppError | undefined {
  const rule = messageTypeRules[a.messageType];
  if (!rule.needsAmount) {
    return a.amount === undefined
      ? undefined
      : amountError(`${rule.label} carries no amount; only accepting liability concedes money.`);
  }
  if (a.amount === undefined)
    return amountError(`${rule.label} needs the amount conceded, in ${disputed.currency.toUpperCase()}.`);
  return concessionProblem(a.amount, a.currency, disputed);
}

/** What a confirmation says before money is conceded: the amount, its currency and what it means. */
export function concessionMeaning(amount: number, disputed: Disputed): string {
  const code = disputed.currency.toUpperCase();
  const of =
    disputed.total && amount < disputed.total
      ? ` of the ${formatAmount(disputed.total, code)} disputed`
      : ', the whole amount disputed';
  return (
    `You concede ${formatAmount(amount, code)} (${code})${of}. The cardholder keeps ` +
    'it, the processor records the chargeback as lost, and this cannot be undone.'
  );
}
