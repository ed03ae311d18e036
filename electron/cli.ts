// Headless entry: `dispute-desk <command>`. Same services as the app, no Electron.
import { reserveStdout } from './cli/reserved-stdout.ts';
import { runCli } from './cli/run-cli.ts';
import { commands } from './cli/commands.ts';

// stdout is the command's alone: whatever a library prints goes to stderr from here on.
const stdout = reserveStdout();
// A reader that stops early (`| head`) closes the pipe: that is not an error.
stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const code = await runCli(commands, process.argv.slice(2), {
  stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
process.exitCode = code;
// Stopped by a signal: the command's finally blocks have run (work folders removed, the store
// closed, nothing half-queued); work shared in the background, such as a card-number search
// still reading pages, is not the merchant's to wait for.
if (code === 130 || code === 143) process.exit(code);
