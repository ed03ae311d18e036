// Reads a secret from standard input: piped (`< key.txt`) or typed at a prompt without echo.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { CliContext } from './command.ts';

export async function readSecret(ctx: CliContext, prompt: string): Promise<string> {
  if (!ctx.stdin.isTTY) {
    let text = '';
    for await (const chunk of ctx.stdin) text += chunk.toString();
    return text.trim();
  }
  ctx.stderr.write(prompt);
  const muted = new Writable({ write: (_c, _e, cb) => cb() });
  const rl = createInterface({ input: ctx.stdin, output: muted, terminal: true });
  const line = await new Promise<string>((resolve) => rl.once('line', resolve));
  rl.close();
  ctx.stderr.write('\n');
  return line.trim();
}
