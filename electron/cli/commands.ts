// Every CLI command, in the order --help lists them. Adding a command: one module exporting a
// CliCommand, one line here.
import type { CliCommand } from './command.ts';
import { sandboxCommand } from './sandbox-command.ts';

export const commands: readonly CliCommand[] = [
  sandboxCommand,
];
