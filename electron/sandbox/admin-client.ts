// Typed access to the sandbox's admin surface, for tests, benchmarks and demo mode.
import type { FaultKind } from './faults.ts';
import type { CardHistoryScenarios } from './card-histories.ts';

type Rec = Record<string, unknown>;

export interface ReceivedByChargeback {
  chargeback: string;
  messages: Rec[];
  documents: Array<Rec & { name: string; sizeInBytes: number; sha256: string | null }>;
}

export function createSandboxAdmin(url: string, adminToken: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url}/_sandbox/${path}`, {
      method,
      headers: { 'x-sandbox-admin': adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`Sandbox admin ${method} ${path} failed: ${JSON.stringify(json)}`);
    return json;
  }
  return {
    summary: () =>
      call<{ chargebacks: Record<string, number>; entries: { count: number; total: number }; now: string }>(
        'GET',
        'summary',
      ),
    createChargeback: (fields: Rec = {}) => call<Rec & { id: string }>('POST', 'chargebacks', { fields }),
    decide: (id: string, outcome: 'won' | 'lost' | 'closed') =>
      call<Rec>('POST', `chargebacks/${encodeURIComponent(id)}/decide`, { outcome }),
    /** Messages to this chargeback end `denied` (deny: false puts it back to processed). */
    denyMessages: (id: string, deny = true) =>
      call<Rec>('POST', `chargebacks/${encodeURIComponent(id)}/deny-messages`, { deny }),
    modify: (id: string, fields: Rec) => call<Rec>('POST', `chargebacks/${encodeURIComponent(id)}/modify`, { fields }),
    advanceClock: (ms: number) => call<{ now: string }>('POST', 'clock/advance', { ms }),
    /** The card-history scenarios' IDs (null: the sandbox was started without them). */
    cardHistories: () => call<CardHistoryScenarios | null>('GET', 'card-histories'),
    tick: () => call<{ now: string }>('POST', 'tick', {}),
    setFaults: (f: { rate?: number; kinds?: FaultKind[]; slowMs?: number }) =>
      call<{ rate: number; kinds: FaultKind[]; slowMs: number }>('PUT', 'faults', f),
    addAlertReceiver: (r: { url: string; headerName?: string; headerValue?: string }) =>
      call<{ ok: true }>('POST', 'alert-receivers', r),
    alertDeliveries: () =>
      call<Array<{ url: string; event: string; chargeback: string; attempts: number; status: string }>>(
        'GET',
        'alert-deliveries',
      ),
    received: (chargeback?: string) =>
      call<ReceivedByChargeback[]>(
        'GET',
        `received${chargeback ? `?chargeback=${encodeURIComponent(chargeback)}` : ''}`,
      ),
  };
}

export type SandboxAdmin = ReturnType<typeof createSandboxAdmin>;
