// The screens the window does not open on, loaded by one dynamic import (a chunk of their own,
// build/renderer-bundle.ts; later-screens.ts lists them): the inbox's first rows wait for none of
// them to be fetched and run. fetchLaterScreens() fetches them once the window is idle after its
// first rows, so moving to one later waits for nothing either; a screen shown before then is
// fetched at once.
import { lazy, type ComponentType } from 'react';
import type * as LaterScreens from './later-screens.ts';

type Screens = typeof LaterScreens;
let loading: Promise<Screens> | undefined;
const screens = (): Promise<Screens> => (loading ??= import('./later-screens.ts'));

function later<P>(pick: (s: Screens) => ComponentType<P>) {
  return lazy(() => screens().then((s) => ({ default: pick(s) })));
}

export const Onboarding = later((s) => s.Onboarding);
export const Dispute = later((s) => s.Dispute);
export const Outbox = later((s) => s.Outbox);
export const Ledger = later((s) => s.Ledger);
export const Batch = later((s) => s.Batch);
export const Insights = later((s) => s.Insights);
export const Settings = later((s) => s.Settings);

/** Fetches the screens above, once the window has nothing else to do. */
export function fetchLaterScreens(): void {
  requestIdleCallback(() => void screens(), { timeout: 2_000 });
}
