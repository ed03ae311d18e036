// The ledger entries a sandbox holds, read the way the contract reads them (GET /entries with the
// chargeback expanded, paged until hasMore is false), with their totals worked out here from the
// service's own fields, so the app's figures are checked against something it did not compute.
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';

export interface WireEntry {
  id: string;
  event: number;
  description: string;
  amount: number;
  isFee: number;
  chargeback: { id: string; currency: string };
}

export interface WireTotals {
  chargedBack: number;
  fees: number;
  reversed: number;
  net: number;
}

export async function sandboxEntries(
  sandbox: { url: string; adminToken: string },
  apiKey: string,
): Promise<WireEntry[]> {
  const out: WireEntry[] = [];
  const search = 'chargeback[greater]=0&created[greater]=2000-01-01 00:00:00&created[less]=2099-01-01 00:00:00';
  for (let n = 1; ; n++) {
    const res = await fetch(`${sandbox.url}/entries?expand[chargeback][txn][]&page[number]=${n}&page[limit]=100`, {
      headers: { APIKEY: apiKey, search },
    });
    type Page = { response: { data: WireEntry[]; details: { page: { hasMore: boolean } } } };
    const body = (await res.json()) as Page;
    out.push(...body.response.data);
    if (!body.response.details.page.hasMore) break;
  }
  // The admin surface says what the sandbox holds: the pull above must have read all of it.
  const held = (await createSandboxAdmin(sandbox.url, sandbox.adminToken).summary()).entries;
  if (held.count !== out.length || held.total !== out.reduce((s, e) => s + e.amount, 0)) {
    throw new Error(`The pull read ${out.length} entries; the sandbox holds ${held.count} (total ${held.total}).`);
  }
  return out;
}

/** Totals per currency by the service's own flag (isFee) and the sign the contract describes. */
export function wireTotals(entries: readonly WireEntry[]): Map<string, WireTotals> {
  const by = new Map<string, WireTotals>();
  for (const e of entries) {
    const t = by.get(e.chargeback.currency) ?? { chargedBack: 0, fees: 0, reversed: 0, net: 0 };
    if (e.isFee === 1) t.fees += e.amount;
    else if (e.amount < 0) t.chargedBack += e.amount;
    else t.reversed += e.amount;
    t.net += e.amount;
    by.set(e.chargeback.currency, t);
  }
  return by;
}
