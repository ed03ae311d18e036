// Parses argv, finds the command (longest match of one or two words), runs it, prints its
// result and turns any failure into one line and a non-zero exit code.
import { parseArgs } from 'node:util';
import { resolveAppHome } from '../app-home.ts';
import { CliError, type CliCommand, type CliIo, type CliContext, type OptionsConfig } from './command.ts';
import { userMessage } from '../../shared/errors.ts';
import { jsonForTerminal, terminalSafeStream } from './terminal-text.ts';

const commonOptions = {
  home: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The words of argv that are not options or option values, with their positions. A value
 * belongs to an option only when that option takes one, so the command's option table decides:
 * `--home /x profile list` has the words "profile list", not "/x profile". */
function words(argv: string[], options: OptionsConfig): Array<{ value: string; index: number }> {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  return tokens.filter((t) => t.kind === 'positional').map((t) => ({ value: t.value, index: t.index }));
}

/** The command whose name (one or two words) starts the words of argv, read with that command's
 * own options; the longest name wins ("profile add" over a one-word "profile"). */
function findCommand(
  commands: readonly CliCommand[],
  argv: string[],
): { command: CliCommand; rest: string[] } | undefined {
  let best: { command: CliCommand; at: number[] } | undefined;
  for (const command of commands) {
    const name = command.name.split(' ');
    if (best && best.at.length >= name.length) continue;
    const found = words(argv, { ...commonOptions, ...(command.options ?? {}) });
    if (name.every((w, i) => found[i]?.value === w))
      best = { command, at: found.slice(0, name.length).map((w) => w.index) };
  }
  if (!best) return undefined;
  const at = new Set(best.at);
  return { command: best.command, rest: argv.filter((_, i) => !at.has(i)) };
}

function helpText(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Dispute Desk: answer card chargebacks from the command line.',
    '',
    'Usage: dispute-desk <command> [options] [--home DIR] [--json]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --home DIR (or DISPUTE_DESK_HOME) for its data folder and --json for machine-readable output.',
  ].join('\n');
}

export async function runCli(commands: readonly CliCommand[], argv: string[], given: CliIo): Promise<number> {
  // The one place output is written from: no control character the service sent reaches the terminal.
  const io: CliIo = { ...given, stdout: terminalSafeStream(given.stdout), stderr: terminalSafeStream(given.stderr) };
  const found = findCommand(commands, argv);
  if (!found) {
    if (
      argv.length === 0 ||
      argv.includes('--help') ||
      argv.includes('-h') ||
      words(argv, commonOptions)[0]?.value === 'help'
    ) {
      io.stdout.write(helpText(commands) + '\n');
      return 0;
    }
    const given = words(argv, commonOptions)
      .map((w) => w.value)
      .join(' ');
    io.stderr.write(
      given
        ? `dispute-desk: unknown command "${given}". Run dispute-desk --help for the list.\n`
        : 'dispute-desk: no command given. Run dispute-desk --help for the list.\n',
    );
    return 2;
  }
  const { command, rest } = found;
  let json = rest.includes('--json');
  // A signal aborts the command's work (ctx.signal), which then unwinds through its finally
  // blocks (work folders removed, the store closed) and exits 130 (SIGINT) or 143 (SIGTERM). A
  // second signal exits at once; work folders still go (fs/temp-folder.ts removes them on exit).
  const controller = new AbortController();
  const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
    const exitCode = signal === 'SIGINT' ? 130 : 143;
    if (controller.signal.aborted) process.exit(exitCode);
    io.stderr.write(`dispute-desk: stopping${signal === 'SIGINT' ? ' (Ctrl-C again quits at once)' : ''}…\n`);
    controller.abort(new CliError(signal === 'SIGINT' ? 'Stopped by Ctrl-C.' : 'Stopped (SIGTERM).', { exitCode }));
  };
  const onSigint = (): void => onSignal('SIGINT');
  const onSigterm = (): void => onSignal('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: rest,
        options: { ...commonOptions, ...(command.options ?? {}) },
        allowPositionals: command.positionals ?? false,
        strict: true,
      });
    } catch (e) {
      throw new CliError(`${(e as Error).message.replace(/\. To specify.*$/s, '')}. Usage: ${command.usage}`);
    }
    const values = parsed.values as CliContext['values'];
    json = values.json === true;
    if (values.help === true) {
      io.stdout.write(
        `${command.summary}\n\nUsage: ${command.usage}\n${command.details ? `\n${command.details}\n` : ''}`,
      );
      return 0;
    }
    const ctx: CliContext = {
      ...io,
      home: resolveAppHome(typeof values.home === 'string' ? values.home : undefined, io.env),
      json,
      values,
      positionals: parsed.positionals,
      signal: controller.signal,
      progress: (line) => {
        if (!json) io.stderr.write(line + '\n');
      },
    };
    const result = await command.run(ctx);
    if (json && !result.jsonAlreadyWritten) io.stdout.write(jsonForTerminal(result.data ?? null, 2) + '\n');
    else if (!json && result.text) io.stdout.write(result.text.endsWith('\n') ? result.text : result.text + '\n');
    return result.exitCode ?? 0;
  } catch (caught) {
    // Work stopped by a signal fails in its own words (a cancelled drawing, an AbortError): the
    // merchant is told what stopped it.
    const e: unknown =
      controller.signal.aborted && controller.signal.reason instanceof CliError ? controller.signal.reason : caught;
    const message = e instanceof CliError ? e.message : userMessage(e);
    const line = message.replace(/\s*\n\s*/g, ' ');
    if (json) io.stdout.write(jsonForTerminal({ ok: false, error: line }) + '\n');
    io.stderr.write(`dispute-desk: ${line}\n`);
    return e instanceof CliError ? e.exitCode : 1;
  } finally {
    // A run stopped by a signal keeps its handlers: the process exits right after (cli.ts), and
    // ending its threads (an OCR engine still loading) can take a moment, in which a second
    // Ctrl-C must not kill it by the signal instead of its exit code.
    if (!controller.signal.aborted) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    }
  }
}
