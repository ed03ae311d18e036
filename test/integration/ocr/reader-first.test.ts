// The OCR reader's thread goes first in a command-line image command's process (reader-first.ts):
// on Linux it puts every other thread of its process ten steps of niceness below it, a second
// reader lowers the rest again but never the first, and a process that does not ask (the
// window's) is left as it is. Run in a process of its own: a lowered thread cannot be raised
// again, and this one runs other tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READER_FIRST_ENV } from '../../../electron/ocr/reader-first-env.mjs';

const readerFirst = new URL('../../../electron/ocr/reader-first.ts', import.meta.url).href;

interface Said {
  pid: number;
  readers: Array<{ tid: string; lowered: number }>;
  /** Each thread's niceness after each reader started. */
  after: Array<Record<string, number>>;
}

/** Starts two readers in turn (threads that call putRestBelowReader, as the OCR thread does on
 * starting) in a process with `env`, and says each thread's niceness after each. */
function twoReaders(env: NodeJS.ProcessEnv): Said {
  const dir = mkdtempSync(join(tmpdir(), 'dd-reader-'));
  try {
    const script = join(dir, 'readers.mjs');
    const reader =
      "const { parentPort } = require('node:worker_threads');" +
      "const tid = require('node:fs').readlinkSync('/proc/thread-self').split('/').pop();" +
      `import(${JSON.stringify(readerFirst)}).then((m) => parentPort.postMessage({ tid, lowered: m.putRestBelowReader() }));` +
      'setInterval(() => {}, 1000);';
    writeFileSync(
      script,
      "import { Worker } from 'node:worker_threads';\n" +
        "import { readdirSync } from 'node:fs';\n" +
        "import { getPriority } from 'node:os';\n" +
        'const nice = () => Object.fromEntries(readdirSync("/proc/self/task").map((t) => [t, getPriority(Number(t))]));\n' +
        `const start = () => new Promise((ok) => new Worker(${JSON.stringify(reader)}, { eval: true }).once('message', ok));\n` +
        'const readers = [];\nconst after = [];\n' +
        'for (let k = 0; k < 2; k++) { readers.push(await start()); after.push(nice()); }\n' +
        'process.stdout.write(JSON.stringify({ pid: process.pid, readers, after }));\n' +
        'process.exit(0);\n',
    );
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as Said;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const linuxOnly = { skip: process.platform !== 'linux' && 'threads have priorities of their own on Linux only' };

test('asked for, the first reader puts the rest of its process ten steps below it', linuxOnly, () => {
  const said = twoReaders({ ...process.env, [READER_FIRST_ENV]: '1' });
  const [first, second] = said.readers;
  const base = said.after[0]![first!.tid]!;
  const below = Math.min(19, base + 10);
  assert.ok(first!.lowered >= 2, `${first!.lowered} threads lowered`);
  for (const [tid, nice] of Object.entries(said.after[0]!))
    assert.equal(nice, tid === first!.tid ? base : below, `thread ${tid} after the first reader`);
  assert.equal(said.after[0]![String(said.pid)], below, 'the main thread');
  // The second reader starts at the lowered priority (from the main thread) and lowers the rest
  // again; the first stays where it was.
  const lowest = Math.min(19, below + 10);
  for (const [tid, nice] of Object.entries(said.after[1]!)) {
    const expected = tid === first!.tid ? base : tid === second!.tid ? below : lowest;
    assert.equal(nice, expected, `thread ${tid} after the second reader`);
  }
});

test('not asked for (the window’s process), the readers leave every thread where it was', linuxOnly, () => {
  const env = { ...process.env };
  delete env[READER_FIRST_ENV];
  const said = twoReaders(env);
  assert.deepEqual(
    said.readers.map((r) => r.lowered),
    [0, 0],
  );
  const base = said.after[0]![String(said.pid)]!;
  for (const nices of said.after) for (const nice of Object.values(nices)) assert.equal(nice, base);
});
