// The shape every CLI command has. A command returns what it found; the runner decides how to
// print it (`--json` or text), so no command formats output twice.
import type { ParseArgsConfig } from 'node:util';

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export interface CliContext extends CliIo {
  /** The data folder: --home, DISPUTE_DESK_HOME, or the app's own folder. */
  home: string;
  json: boolean;
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  /** Aborted on Ctrl-C: long commands stop cleanly. */
  signal: AbortSignal;
  /** Progress for people; silent with --json. */
  progress(line: string): void;
}

export interface CliResult {
  /** What --json prints (one JSON document on stdout). */
  data?: unknown;
  /** What a person reads. */
  text?: string;
  /** Non-zero when the command did its job only in part (the text says why). */
  exitCode?: number;
  /** A long-running command (the sandbox) wrote its one JSON document when it was ready:
   * nothing more goes to stdout under --json. */
  jsonAlreadyWritten?: boolean;
}

export interface CliCommand {
  /** One or two words: "sync", "profile add". */
  name: string;
  summary: string;
  usage: string;
  /** More for `--help`: what the command does that its summary cannot say in a line. */
  details?: string;
  options?: OptionsConfig;
  positionals?: boolean;
  run(ctx: CliContext): Promise<CliResult>;
}

/** A failure the user caused or can fix; its message is printed as the one-line reason. */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: number;
  constructor(message: string, options?: { cause?: unknown; exitCode?: number }) {
    super(message, { cause: options?.cause });
    this.exitCode = options?.exitCode ?? 1;
  }
}

export function stringOption(ctx: CliContext, name: string): string | undefined {
  const v = ctx.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function numberOption(ctx: CliContext, name: string): number | undefined {
  const v = stringOption(ctx, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new CliError(`--${name} must be a number, not "${v}".`);
  return n;
}
