// Fault injection for tests: a fraction of merchant requests fail in the ways a real network
// and a real service fail.
export const faultKinds = ['500', 'html500', 'drop', 'drop-after-write', '429', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultSettings {
  rate: number;
  kinds: FaultKind[];
  slowMs: number;
}

export function pickFault(settings: FaultSettings, isWrite: boolean, random: () => number = Math.random): FaultKind | undefined {
  if (settings.rate <= 0 || random() >= settings.rate) return undefined;
  const kinds = settings.kinds.filter((k) => k !== 'drop-after-write' || isWrite);
  if (kinds.length === 0) return undefined;
  return kinds[Math.floor(random() * kinds.length)];
}
