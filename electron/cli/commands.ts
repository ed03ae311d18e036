// Every CLI command, in the order --help lists them. Adding a command: one module exporting a
// CliCommand, one line here.
import type { CliCommand } from './command.ts';
import { sandboxCommand } from './sandbox-command.ts';
import { profileAdd, profileList, profileRemove, profileSet } from './profile.ts';
import { syncCommand } from './sync.ts';
import { chargebacksCommand } from './chargebacks.ts';
import { showCommand } from './show.ts';
import { entriesCommand } from './entries.ts';
import { insightsCommand } from './insights.ts';
import { evidenceBuild } from './evidence-build.ts';
import { respondCommand } from './respond.ts';
import { outboxRun, outboxList } from './outbox.ts';
import { batchCommand } from './batch.ts';

export const commands: readonly CliCommand[] = [
  profileAdd,
  profileList,
  profileRemove,
  profileSet,
  syncCommand,
  chargebacksCommand,
  showCommand,
  entriesCommand,
  insightsCommand,
  evidenceBuild,
  respondCommand,
  outboxRun,
  outboxList,
  batchCommand,
  sandboxCommand,
];
