// The IPC contract as the window's scripts need it: what each channel is (a query or a mutation,
// the tags it reads or stales, whether it carries dropped files) and each event's name and what it
// stales. The contract module also builds every channel's zod schemas, which main checks every
// call against; built again in the window at every start, they cost its first rows about 90 ms
// (the bridge script) and nothing there used them. In the bundles made for the window, an import
// of the contract is given this table instead, made here from the contract itself at build time,
// so the two cannot disagree; the types still come from the contract module.
import type { Plugin } from 'esbuild';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ContractModuleNs from '../shared/ipc/contract.ts';

type ContractModule = typeof ContractModuleNs;

/** The table, as a module's source. */
async function tableSource(contract: string): Promise<string> {
  const { ipcContract, ipcEvents, ipcEventInvalidations } = (await import(
    pathToFileURL(contract).href
  )) as ContractModule;
  const channels = Object.fromEntries(
    Object.entries(ipcContract).map(([k, d]) => [
      k,
      { kind: d.kind, tags: d.tags, invalidates: d.invalidates, ...('dropped' in d ? { dropped: d.dropped } : {}) },
    ]),
  );
  const events = Object.fromEntries(Object.keys(ipcEvents).map((k) => [k, true]));
  return (
    `export const ipcContract = ${JSON.stringify(channels)};\n` +
    `export const ipcEvents = ${JSON.stringify(events)};\n` +
    `export const ipcEventInvalidations = ${JSON.stringify(ipcEventInvalidations)};\n`
  );
}

/** Gives `importers` (every module of the bundle when none are named) the table for
 * shared/ipc/contract.ts. */
export function contractTable(root: string, importers?: readonly string[]): Plugin {
  const contract = join(root, 'shared', 'ipc', 'contract.ts');
  return {
    name: 'contract-table',
    setup(b) {
      b.onResolve({ filter: /[\\/]contract\.ts$/ }, (args) =>
        (!importers || importers.includes(args.importer)) && join(args.resolveDir, args.path) === contract
          ? { path: contract, namespace: 'contract-table' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'contract-table' }, async () => ({
        contents: await tableSource(contract),
        loader: 'js',
      }));
    },
  };
}
