// The screens the window does not open on, each loaded by a dynamic import (a chunk of its own,
// build/renderer-bundle.ts): the inbox's first rows wait for none of them to be fetched and run.
// fetchLaterScreens() fetches them all once the window is idle after its first rows, so moving to
// one later waits for nothing either; a screen shown before then is fetched at once.
import { lazy, type ComponentType } from 'react';

type Later<P> = ReturnType<typeof lazy<ComponentType<P>>>;
const loaders: Array<() => Promise<unknown>> = [];

function later<P>(load: () => Promise<ComponentType<P>>): Later<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () => (loading ??= load().then((c) => ({ default: c })));
  loaders.push(get);
  return lazy(get);
}

export const Onboarding = later(() => import('./onboarding.tsx').then((m) => m.Onboarding));
export const Dispute = later(() => import('./dispute/dispute.tsx').then((m) => m.Dispute));
export const Outbox = later(() => import('./outbox.tsx').then((m) => m.Outbox));
export const Ledger = later(() => import('./ledger.tsx').then((m) => m.Ledger));
export const Batch = later(() => import('./batch/batch.tsx').then((m) => m.Batch));
export const Insights = later(() => import('./insights.tsx').then((m) => m.Insights));
export const Settings = later(() => import('./settings/settings.tsx').then((m) => m.Settings));

/** Fetches every screen above, once the window has nothing else to do. */
export function fetchLaterScreens(): void {
  requestIdleCallback(() => loaders.forEach((get) => void get()), { timeout: 2_000 });
}
