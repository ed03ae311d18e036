// The ledger's totals are one rule in shared/domain/entry-kinds.ts (fees apart from disputed
// amounts and reversals). This name stays for the CLI's `entries` command, which imports it here.
export { summariseEntries } from '../../shared/domain/entry-kinds.ts';
