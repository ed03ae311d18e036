// startSandbox: the local chargeback service for demo mode, tests and benchmarks.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { openSandboxDb } from './db.ts';
import { createClock } from './clock.ts';
import { createService, defaultLimits, type SandboxLimits } from './service.ts';
import { createAlertDispatcher } from './alerts.ts';
import { createSandboxServer } from './server.ts';
import { seedPortfolio } from './seed.ts';
import { seedCardHistories, readCardHistories, type CardHistoryScenarios } from './card-histories.ts';
import { defaultDecisionDelayMs } from './issuer-decisions.ts';
import { defaultRateLimit, type RateLimitSettings } from './rate-limit.ts';
import { faultKinds, type FaultKind } from './faults.ts';
import { easternToday, parseYmd, type Ymd } from '../../shared/domain/dates.ts';
import { newId } from './ids.ts';
import { present, upgradeStoredShapes } from './dialect-shapes.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';

export type { FaultKind } from './faults.ts';
export type { CardHistoryScenarios, CardHistoryScenario } from './card-histories.ts';
export { cardHistoryScenarioNames } from './card-histories.ts';
export { faultKinds } from './faults.ts';

export interface SandboxOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  seed?: number;
  chargebacks?: number;
  entries?: number;
  /** The day the portfolio's dates are relative to (YYYY-MM-DD); default today. */
  anchorDate?: string;
  faultRate?: number;
  faultKinds?: FaultKind[];
  slowMs?: number;
  /** ms from the last response activity to the issuer's decision (default 10 days, as an issuer
   * takes: tests set less, or advance the clock); null: only the admin decides. */
  decisionDelayMs?: number | null;
  messageStepMs?: number;
  limits?: Partial<SandboxLimits>;
  rateLimit?: Partial<RateLimitSettings>;
  alertReceivers?: Array<{ url: string; headerName?: string; headerValue?: string }>;
  alertRetryDelaysMs?: number[];
  apiKey?: string;
  adminToken?: string;
  now?: () => Date;
  /** Which forms the sandbox takes: the core API's (default, as production and its test
   * deployment) or the contract's micro-service forms. It refuses the other dialect's. */
  dialect?: DialectName;
  /** Also seed the card-history scenarios (card-histories.ts): one chargeback per scenario, with
   * earlier transactions of the same card or customer, added after the portfolio (which stays as
   * it was). Read their IDs with `cardHistoryScenarios(sandbox)`. */
  cardHistories?: boolean;
  /** Default true, as the real service. False is a test knob: a repeated request-token is then
   * accepted like a new write, so only the client's own reconciliation prevents duplicates. */
  honourRequestTokens?: boolean;
}

export interface Sandbox {
  url: string;
  apiKey: string;
  adminToken: string;
  dialect: DialectName;
  /** The card-history scenarios' IDs, when the sandbox was seeded with them. */
  cardHistories: CardHistoryScenarios | undefined;
  close(): Promise<void>;
}

/** Which seeded chargeback is which card-history scenario (CE 3.0 qualifying, too recent, one
 * match only, a disputed or refunded prior, a customer's earlier orders), so a test names the
 * scenario, never an ID. Throws for a sandbox started without `cardHistories: true`. */
export function cardHistoryScenarios(sandbox: Pick<Sandbox, 'cardHistories'>): CardHistoryScenarios {
  if (!sandbox.cardHistories) throw new Error('This sandbox was started without cardHistories: true');
  return sandbox.cardHistories;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const store = openSandboxDb(opts.dataDir);
  const remember = (key: string, given: string | undefined, make: () => string): string => {
    const value = given ?? store.meta(key) ?? make();
    store.setMeta(key, value);
    return value;
  };
  const apiKey = remember('apiKey', opts.apiKey, () => randomBytes(16).toString('hex'));
  const adminToken = remember('adminToken', opts.adminToken, () => randomBytes(16).toString('hex'));
  const seed = Number(remember('seed', opts.seed === undefined ? undefined : String(opts.seed), () => '1'));
  const merchant = remember('merchant', undefined, () =>
    newId('mer', new Date(Date.UTC(2024, 0, 1)), '0000000000000ab'),
  );
  remember('login', undefined, () => newId('log', new Date(Date.UTC(2024, 0, 1)), '0000000000000cd'));
  const clock = createClock(store, opts.now);
  const dialect = opts.dialect ?? 'core';
  upgradeStoredShapes(store);
  if (store.meta('seeded') === undefined) {
    const anchor: Ymd = (opts.anchorDate ? parseYmd(opts.anchorDate) : undefined) ?? easternToday(clock.now());
    seedPortfolio(store, {
      seed,
      chargebacks: opts.chargebacks ?? 60,
      ...(opts.entries !== undefined ? { entries: opts.entries } : {}),
      anchor,
      merchant,
      now: clock.now(),
    });
    if (opts.cardHistories) seedCardHistories(store, { seed, anchor, merchant, login: store.meta('login') ?? '' });
    store.setMeta('seeded', '1');
  }
  const cardHistories = readCardHistories(store);
  const alerts = createAlertDispatcher(store, { retryDelaysMs: opts.alertRetryDelaysMs ?? [300, 1500, 5000] });
  for (const r of opts.alertReceivers ?? []) {
    store.db
      .prepare(
        'INSERT INTO receivers (url, header_name, header_value) VALUES (?, ?, ?) ON CONFLICT (url) ' +
          'DO UPDATE SET header_name = excluded.header_name, header_value = excluded.header_value',
      )
      .run(r.url, r.headerName ?? null, r.headerValue ?? null);
  }
  const service = createService({
    store,
    clock,
    seed,
    dialect,
    honourRequestTokens: opts.honourRequestTokens ?? true,
    limits: { ...defaultLimits, ...opts.limits },
    decisionDelayMs: opts.decisionDelayMs === undefined ? defaultDecisionDelayMs : opts.decisionDelayMs,
    messageStepMs: opts.messageStepMs ?? 1000,
    onAlert: (event, cb) => alerts.dispatch(event, present('chargeback', cb, dialect)),
  });
  const server = createSandboxServer({
    store,
    service,
    clock,
    alerts,
    apiKey,
    adminToken,
    dialect,
    faults: { rate: opts.faultRate ?? 0, kinds: opts.faultKinds ?? [...faultKinds], slowMs: opts.slowMs ?? 3000 },
    limits: { ...defaultLimits, ...opts.limits },
    rateLimit: { ...defaultRateLimit, ...opts.rateLimit },
  });
  const ticker = setInterval(() => {
    try {
      service.tick();
    } catch {
      // A tick that loses a race with close() is harmless: the next start catches up.
    }
  }, 250);
  ticker.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  let closed = false;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${address.port}`,
    apiKey,
    adminToken,
    dialect,
    cardHistories,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(ticker);
      alerts.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.close();
    },
  };
}
