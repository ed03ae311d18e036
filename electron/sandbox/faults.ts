// Fault injection for tests: a fraction of merchant requests fail in the ways a real network
// and a real service fail. `slow` holds a request before the service sees it (a client that
// gives up meanwhile leaves nothing behind); `slow-after-write` and `drop-after-write` let the
// write happen and then delay or lose the answer, so the client cannot know the outcome.
export const faultKinds = ['500', 'html500', 'drop', 'drop-after-write', '429', 'slow', 'slow-after-write'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultSettings {
  rate: number;
  kinds: FaultKind[];
  slowMs: number;
}

export function pickFault(
  settings: FaultSettings,
  isWrite: boolean,
  random: () => number = Math.random,
): FaultKind | undefined {
  if (settings.rate <= 0 || random() >= settings.rate) return undefined;
  const kinds = settings.kinds.filter((k) => isWrite || (k !== 'drop-after-write' && k !== 'slow-after-write'));
  if (kinds.length === 0) return undefined;
  return kinds[Math.floor(random() * kinds.length)];
}
