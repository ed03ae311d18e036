// Runs the CLI as its own process, as a merchant's shell would, without blocking this process's
// event loop (tests often serve a sandbox from here).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], o: { env: NodeJS.ProcessEnv; input?: string }): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'electron/cli-bin.mjs'), ...args], { env: o.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(o.input ?? '');
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}
