// What the service sends never reaches the terminal raw: a chargeback reason or a refusal message
// with escape sequences (retitle the window, clear the screen, hide text) or a `\r` (overwrite the
// line before it) is written by the CLI without them, on stdout and stderr alike, through the one
// place the CLI writes (run-cli.ts). JSON output stays exact, its control characters escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { runCli } from '../../../electron/cli/run-cli.ts';
import type { CliCommand } from '../../../electron/cli/command.ts';
import { AppError } from '../../../shared/errors.ts';
import { terminalSafe } from '../../../electron/cli/terminal-text.ts';

// A reason as a hostile service could send it: an OSC retitle, a CSI clear, a bare ESC, a carriage
// return that would overwrite "Fraud", a bidi override, a backspace and a C1 CSI.
const hostile =
  'Fraud\r\u001b]0;owned\u0007\u001b[2J\u001b[31mPAID IN FULL\u001b[0m \u202eevil\u202c\b\u009b1mX\u001bc done';

const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

const commands: CliCommand[] = [
  {
    name: 'show',
    summary: 'Shows a reason.',
    usage: 'show',
    run: async (ctx) => {
      ctx.progress(`reading ${hostile}`);
      ctx.stdout.write(`direct: ${hostile}\n`);
      return { text: `Reason: ${hostile}`, data: { reason: hostile } };
    },
  },
  {
    name: 'fail',
    summary: 'Fails with the service’s words.',
    usage: 'fail',
    run: async () => {
      throw new AppError('validation', `The chargeback service refused the request: ${hostile}.`);
    },
  },
];

async function run(args: string[]) {
  const out = sink();
  const err = sink();
  const code = await runCli(commands, args, { stdout: out.stream, stderr: err.stream, stdin: process.stdin, env: {} });
  return { code, stdout: out.text(), stderr: err.text() };
}

test('text output, progress and direct writes carry no escape sequence, carriage return or bidi override', async () => {
  const r = await run(['show']);
  assert.equal(r.code, 0);
  for (const text of [r.stdout, r.stderr]) assert.doesNotMatch(text, controls, JSON.stringify(text));
  assert.match(r.stdout, /^direct: FraudPAID IN FULL evilX done\nReason: FraudPAID IN FULL evilX done\n$/);
  assert.match(r.stderr, /reading FraudPAID IN FULL evilX done/);
});

test('an error with the service’s words is one clean line on stderr', async () => {
  const r = await run(['fail']);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stderr, controls);
  assert.equal(r.stderr, 'dispute-desk: The chargeback service refused the request: FraudPAID IN FULL evilX done.\n');
});

test('--json keeps the value exactly, its control characters escaped, never raw', async () => {
  const r = await run(['show', '--json']);
  assert.doesNotMatch(r.stdout.replace(/\n/g, ''), controls);
  const doc = r.stdout.slice(r.stdout.indexOf('{'));
  assert.deepEqual(JSON.parse(doc), { reason: hostile }, 'a script reading --json gets the value as sent');
});

test('terminalSafe keeps ordinary text, line feeds, tabs and non-Latin letters', () => {
  const plain = 'Kein Betrug: Lieferung am 3. März\n\tZustellung bestätigt — 受領済み ✓';
  assert.equal(terminalSafe(plain), plain);
});
