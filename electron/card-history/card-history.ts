// The card's and the customer's earlier purchases for one chargeback, read from the core API when
// the merchant looks (the dispute page, `show`) and when a packet is made (preview, `respond`,
// batch), never during sync: a sync of many chargebacks is not held up by reads only some of them
// need, and the merchant sees what the service says now. A check is kept in the store and reused
// for an hour, so reopening a dispute or building its packet asks again only when it has aged. A
// check that cannot be made (offline, refused, an unreadable record) says why and claims nothing.
import { unlessAborted } from '../../shared/unless-aborted.ts';
import type { Store } from '../store/index.ts';
import type { ApiClient } from '../api/index.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { Chargeback } from '../../shared/api/index.ts';
import { historyTxnSchema, type HistoryTxn } from '../../shared/api/card-history.ts';
import { addDays, type Ymd } from '../../shared/domain/dates.ts';
import {
  ce3AppliesTo,
  compellingEvidence3,
  CE3_MAX_DAYS,
  type Ce3Txn,
} from '../../shared/domain/compelling-evidence.ts';
import { explainReasonCode } from '../../shared/domain/reason-codes.ts';
import {
  customerHistoryCategories,
  type CardHistoryView,
  type Ce3Check,
  type CustomerHistoryCheck,
} from '../../shared/views/card-history-view.ts';
import type { PastOrder } from '../../shared/domain/customer-history-letter.ts';
import { AppError, isAppError } from '../../shared/errors.ts';
import { ce3Facts, refundedByList, txnDay, ymdText } from './txn-facts.ts';

/** How long a check is reused before the service is asked again. */
export const CHECK_FRESH_MS = 60 * 60 * 1000;
/** How far back the customer's earlier orders are read. */
const CUSTOMER_YEARS = 2;
/** At most this many earlier orders are offered. */
const MAX_ORDERS = 20;

export interface CardHistoryDeps {
  store: Store;
  clientFor: (profile: Profile) => Promise<ApiClient>;
  now?: () => number;
}

export type Freshness = 'cached-or-fresh' | 'fresh';

const noTxns =
  'this profile’s service (the chargeback micro-service) has no transaction search, so earlier purchases ' +
  'cannot be read; nothing about them is claimed';

export function createCardHistory(deps: CardHistoryDeps) {
  const now = deps.now ?? Date.now;

  /** The disputed transaction: as synced when it names its card, else read from the service. */
  async function disputedTxn(profile: Profile, cb: Chargeback, client: ApiClient) {
    const stored = deps.store.portfolio.detail(profile.id, cb.id)?.txn;
    const parsed = stored ? historyTxnSchema.safeParse(stored) : undefined;
    if (parsed?.success && parsed.data.payment && parsed.data.created) return parsed.data;
    return client.getHistoryTxn(cb.txn!);
  }

  /** Runs a read; a failure the merchant can act on becomes the reason nothing is claimed. */
  async function attempt<T>(run: () => Promise<T>, couldNot: (reason: string) => T): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (isAppError(e, 'cancelled')) throw e;
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      return couldNot(isAppError(e) ? e.message : 'the service’s answer could not be read');
    }
  }

  function cached<K extends 'ce3' | 'customer'>(profileId: string, chargebackId: string, kind: K, fresh: Freshness) {
    if (fresh === 'fresh') return undefined;
    const hit = deps.store.cardHistory.get(profileId, chargebackId, kind);
    return hit && now() - hit.at < CHECK_FRESH_MS ? hit.check : undefined;
  }

  // One read at a time per check: the page, its letter and its size estimate ask together when a
  // dispute opens, and share the one answer. The read itself is nobody's to cancel (it is kept for
  // the hour); a caller that gives up gets its cancellation at once.
  const inFlight = new Map<string, Promise<unknown>>();
  function once<T>(key: string, run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    let shared = inFlight.get(key) as Promise<T> | undefined;
    if (!shared) {
      shared = run().finally(() => inFlight.delete(key));
      inFlight.set(key, shared);
    }
    return unlessAborted(shared, signal);
  }

  function compellingEvidence(
    profile: Profile,
    cb: Chargeback,
    o: { fresh?: Freshness; signal?: AbortSignal } = {},
  ): Promise<Ce3Check> {
    if (!ce3AppliesTo(cb.reasonCode)) return Promise.resolve({ state: 'not-applicable' });
    const hit = cached(profile.id, cb.id, 'ce3', o.fresh ?? 'cached-or-fresh');
    if (hit) return Promise.resolve(hit);
    return once(`ce3|${profile.id}|${cb.id}`, () => readCompellingEvidence(profile, cb), o.signal);
  }

  async function readCompellingEvidence(profile: Profile, cb: Chargeback): Promise<Ce3Check> {
    if (!cb.txn) return { state: 'unavailable', reason: 'the chargeback names no transaction to compare with' };
    return attempt<Ce3Check>(
      async () => {
        const client = await deps.clientFor(profile);
        if (!client.readsTransactions) return { state: 'unavailable', reason: noTxns };
        const disputed = await disputedTxn(profile, cb, client);
        const day = txnDay(disputed);
        if (!disputed.payment || !day)
          return {
            state: 'unavailable',
            reason: `the disputed transaction ${disputed.id} does not say ${day ? 'which card paid' : 'when it was made'}`,
          };
        // A day either side of the year before, so that the edges (120 and 365 days) are read
        // whichever way the service counts `greater`/`less`; the rule decides them.
        const earlier = await client.cardTransactions(
          disputed.payment,
          addDays(day, -(CE3_MAX_DAYS + 2)),
          addDays(day, 1),
        );
        const facts = await judged(client, cb, [disputed, ...earlier]);
        const disputedFacts = facts.get(disputed.id);
        if (!disputedFacts) throw new AppError('server', 'the disputed transaction could not be read');
        const verdict = compellingEvidence3({
          reasonCode: cb.reasonCode,
          disputed: disputedFacts,
          earlier: earlier.flatMap((t) => (t.id === disputed.id ? [] : (facts.get(t.id) ?? []))),
        });
        const check: Ce3Check = { state: 'checked', checkedAt: new Date(now()).toISOString(), verdict };
        deps.store.cardHistory.put(profile.id, cb.id, 'ce3', now(), check);
        return check;
      },
      (reason) => ({ state: 'could-not-check', reason }),
    );
  }

  /** Each transaction's facts, with the chargebacks filed on any of them (other than `cb` itself
   * on its own transaction) and the refunds among them. */
  async function judged(client: ApiClient, cb: Chargeback, txns: readonly HistoryTxn[]): Promise<Map<string, Ce3Txn>> {
    const purchases = txns.filter((t) => t.id !== cb.txn);
    const filed = purchases.length ? await client.chargebacksOnTxns([...new Set(purchases.map((t) => t.id))]) : [];
    const chargebackIds = new Set(filed.filter((c) => c.id !== cb.id && c.txn).map((c) => c.txn!));
    const refundedIds = refundedByList(txns);
    const out = new Map<string, Ce3Txn>();
    for (const t of txns) {
      const f = ce3Facts(t, { currency: cb.currency, refundedIds, chargebackIds });
      if (f) out.set(t.id, f);
    }
    return out;
  }

  function customerHistory(
    profile: Profile,
    cb: Chargeback,
    o: { fresh?: Freshness; signal?: AbortSignal } = {},
  ): Promise<CustomerHistoryCheck> {
    const category = explainReasonCode(cb.reasonCode).category;
    if (!category || !customerHistoryCategories.includes(category)) return Promise.resolve({ state: 'not-applicable' });
    const hit = cached(profile.id, cb.id, 'customer', o.fresh ?? 'cached-or-fresh');
    if (hit) return Promise.resolve(hit);
    return once(`customer|${profile.id}|${cb.id}`, () => readCustomerHistory(profile, cb), o.signal);
  }

  async function readCustomerHistory(profile: Profile, cb: Chargeback): Promise<CustomerHistoryCheck> {
    if (!cb.txn) return { state: 'unavailable', reason: 'the chargeback names no transaction to start from' };
    return attempt<CustomerHistoryCheck>(
      async () => {
        const client = await deps.clientFor(profile);
        if (!client.readsTransactions) return { state: 'unavailable', reason: noTxns };
        const disputed = await disputedTxn(profile, cb, client);
        const day = txnDay(disputed);
        const email = disputed.email?.trim();
        if (!email || !day)
          return {
            state: 'unavailable',
            reason: `the disputed transaction ${disputed.id} records no ${email ? 'date' : 'email'} to find the customer by`,
          };
        const from: Ymd = addDays(day, -366 * CUSTOMER_YEARS);
        const txns = await client.customerTransactions(email, from, addDays(day, 1));
        const facts = await judged(client, cb, txns);
        const orders: PastOrder[] = txns
          .flatMap((t) => {
            const f = facts.get(t.id);
            if (!f || t.id === disputed.id || f.notAPurchase || f.refunded || f.chargeback || f.date > ymdText(day))
              return [];
            return [{ id: t.id, date: f.date, amount: f.amount, currency: f.currency, order: t.order || null }];
          })
          .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
          .slice(0, MAX_ORDERS);
        const check: CustomerHistoryCheck = {
          state: 'checked',
          checkedAt: new Date(now()).toISOString(),
          email,
          orders,
        };
        deps.store.cardHistory.put(profile.id, cb.id, 'customer', now(), check);
        return check;
      },
      (reason) => ({ state: 'could-not-check', reason }),
    );
  }

  return {
    compellingEvidence,
    customerHistory,

    /** Both checks for a stored chargeback, as the dispute page and `show` present them;
     * undefined when the store does not hold it. */
    async view(
      profile: Profile,
      chargebackId: string,
      o: { fresh?: Freshness; signal?: AbortSignal } = {},
    ): Promise<CardHistoryView | undefined> {
      const cb = deps.store.portfolio.detail(profile.id, chargebackId)?.chargeback;
      if (!cb) return undefined;
      return {
        chargebackId,
        compellingEvidence: await compellingEvidence(profile, cb, o),
        customerHistory: await customerHistory(profile, cb, o),
        customerHistoryInPacket: deps.store.cardHistory.customerHistoryChosen(profile.id, chargebackId),
      };
    },
  };
}
export type CardHistory = ReturnType<typeof createCardHistory>;
