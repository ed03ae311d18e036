// Headless entry: `dispute-desk <command>`. Same services as the app, no Electron.
// A reader that stops early (`| head`) closes the pipe: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
import { runCli } from './cli/run-cli.ts';
import { commands } from './cli/commands.ts';

const code = await runCli(commands, process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });
process.exitCode = code;
