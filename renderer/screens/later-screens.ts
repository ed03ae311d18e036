// Every screen the window does not open on, in one module: imported by screens/later.ts as one
// dynamic import, so the bundle has one chunk of them and one of the code they share with the
// inbox, not a dozen small ones the window would fetch one by one at start.
export { Onboarding } from './onboarding.tsx';
export { Dispute } from './dispute/dispute.tsx';
export { Outbox } from './outbox.tsx';
export { Ledger } from './ledger.tsx';
export { Batch } from './batch/batch.tsx';
export { Insights } from './insights.tsx';
export { Settings } from './settings/settings.tsx';
