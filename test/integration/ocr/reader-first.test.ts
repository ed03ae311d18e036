// The OCR reader's thread goes first in a command-line image command's process (reader-first.ts):
// on Linux the first reader puts every other thread of its process ten steps of niceness below it,
// a later reader (started from a lowered thread) changes nothing, and a process that does not ask
// (the window's) is left as it is. Run in a process of its own: a lowered thread cannot be raised
// again, and this one runs other tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
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

const own = getPriority();
const linuxOnly = {
  skip:
    (process.platform !== 'linux' && 'threads have priorities of their own on Linux only') ||
    (own > 9 && `this runs at niceness ${own}: ten steps lower cannot be shown`),
};

test(
  'asked for, the first reader puts the rest of its process ten steps below it; a second one changes nothing',
  linuxOnly,
  () => {
    const said = twoReaders({ ...process.env, [READER_FIRST_ENV]: String(own) });
    const [first, second] = said.readers;
    assert.equal(said.after[0]![first!.tid], own, 'the first reader keeps its priority');
    assert.ok(first!.lowered >= 2, `${first!.lowered} threads lowered`);
    for (const [tid, nice] of Object.entries(said.after[0]!))
      assert.equal(nice, tid === first!.tid ? own : own + 10, `thread ${tid} after the first reader`);
    assert.equal(said.after[0]![String(said.pid)], own + 10, 'the main thread');
    // The second starts from the lowered main thread, level with the rest: it leaves them there (the
    // drawing threads are never starved further), and the first keeps its place.
    assert.equal(second!.lowered, 0);
    for (const [tid, nice] of Object.entries(said.after[1]!))
      assert.equal(nice, tid === first!.tid ? own : own + 10, `thread ${tid} after the second reader`);
  },
);

test(
  'not asked for (the window’s process), or asked at another priority, the readers change nothing',
  linuxOnly,
  () => {
    const env = { ...process.env };
    delete env[READER_FIRST_ENV];
    for (const setting of [
      env,
      { ...env, [READER_FIRST_ENV]: String(own + 1) },
      { ...env, [READER_FIRST_ENV]: '1x' },
    ]) {
      const said = twoReaders(setting);
      assert.deepEqual(
        said.readers.map((r) => r.lowered),
        [0, 0],
      );
      for (const nices of said.after) for (const nice of Object.values(nices)) assert.equal(nice, own);
    }
  },
);

test('the OCR engine’s own thread (ocr-worker.ts) is the reader that goes first', linuxOnly, () => {
  const dir = mkdtempSync(join(tmpdir(), 'dd-reader-'));
  try {
    const script = join(dir, 'engine-thread.mjs');
    const worker = new URL('../../../electron/ocr/ocr-worker.ts', import.meta.url).href;
    writeFileSync(
      script,
      "import { Worker } from 'node:worker_threads';\n" +
        "import { getPriority } from 'node:os';\n" +
        `const w = new Worker(new URL(${JSON.stringify(worker)}));\n` +
        "await new Promise((ok) => w.once('online', ok));\n" +
        // Its module runs the setting before it waits for the engine's first message.
        'for (let k = 0; k < 100 && getPriority() === ' +
        String(own) +
        '; k++) await new Promise((ok) => setTimeout(ok, 50));\n' +
        'process.stdout.write(String(getPriority()));\n' +
        'process.exit(0);\n',
    );
    const r = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, [READER_FIRST_ENV]: String(own) },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(Number(r.stdout), own + 10, 'the main thread, after the engine thread started');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
