// Totals of ledger entries by currency and by month: charged back (negative amounts), reversed
// (positive), net. Signs decide, as the contract says; amounts stay in minor units.
export interface LedgerTotals {
  currency: string;
  chargedBack: number;
  reversed: number;
  net: number;
  count: number;
}

export function summariseEntries(entries: ReadonlyArray<{ amount: number; currency: string; created?: string | null | undefined }>) {
  const byCurrency = new Map<string, LedgerTotals>();
  const byMonth = new Map<string, LedgerTotals>();
  const add = (map: Map<string, LedgerTotals>, key: string, currency: string, amount: number): void => {
    const t = map.get(key) ?? { currency, chargedBack: 0, reversed: 0, net: 0, count: 0 };
    if (amount < 0) t.chargedBack += amount;
    else t.reversed += amount;
    t.net += amount;
    t.count++;
    map.set(key, t);
  };
  for (const e of entries) {
    add(byCurrency, e.currency, e.currency, e.amount);
    add(byMonth, `${(e.created ?? '').slice(0, 7)}|${e.currency}`, e.currency, e.amount);
  }
  return {
    byCurrency: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    byMonth: [...byMonth.entries()].map(([k, t]) => ({ month: k.split('|')[0]!, ...t })).sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency)),
  };
}
