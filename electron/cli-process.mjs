// What happens before the CLI's own code loads, for both of its entries (bin/dispute-desk.mjs
// runs the bundle, electron/cli-bin.mjs the TypeScript source): the right Node, and the memory
// settings image work needs. Plain JavaScript, so any Node can read it far enough to say so.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { READER_FIRST_ENV } from './ocr/reader-first-env.mjs';

/** Commands that decode and encode images (evidence packets, scanned receipts). */
const IMAGE_COMMANDS = new Set(['evidence', 'respond', 'batch']);
/** Of those, the ones whose process ends when its images are done: `batch` may then wait at its
 * question or send, and gives back what its image work freed (IMAGE_WORK_MALLOC's thresholds). */
const ENDS_WITH_IMAGES = new Set(['evidence', 'respond']);

/** The JavaScript heap for image work (see prepareCliProcess): a small young generation, so a
 * pixel buffer's handle is collected soon after its last use and its memory handed back; and an
 * old generation that starts at 64 MB instead of a few, so the handles, marks and rows that one
 * page's work promotes out of that small young generation do not fill it up at every page. With
 * the default start a ten-scan build ran 13 full collections of a 15-20 MB heap, one a page (all
 * "old space requested"); with this start it runs 3, and takes 3-5% less time and CPU (three
 * rounds of 12 paired runs), its peak memory within 10 MB of before. Fifty scans: 5.35 instead of
 * 5.83 s, 9.4 instead of 10.4 s of CPU, a peak of 336 instead of 322 MB. */
export const IMAGE_WORK_V8_FLAGS = ['--max-semi-space-size=1', '--initial-old-space-size=64'];

/** glibc's allocator for image work (see prepareCliProcess): two arenas; and, for a command that
 * ends with its images (`evidence`, `respond`), blocks up to 64 MB (every page's pixels) taken
 * from them, with what is freed kept for the next page instead of handed back and asked for
 * again (each time as fresh pages the kernel must zero). Ten scans: 2-5% less time and CPU
 * (three rounds of 10-12 paired runs), peak within 3 MB; fifty: 5.75 instead of 6.10 s, peak 383
 * instead of 367 MB. */
export const IMAGE_WORK_MALLOC = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: String(64 * 1024 * 1024),
  MALLOC_TRIM_THRESHOLD_: String(256 * 1024 * 1024),
};

/** Whether argv (after the script) runs a command that works on images: its first word, past
 * the one option that may come before it with a value (`--home DIR`). */
export function worksOnImages(args) {
  return IMAGE_COMMANDS.has(commandOf(args) ?? '');
}

/** The command argv names (after the script): its first word, past the one option that may come
 * before it with a value (`--home DIR`). */
function commandOf(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--home') i++;
    else if (!args[i].startsWith('-')) return args[i];
  }
  return undefined;
}

const tooOld = () => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 18);
};

/**
 * Returns when this process is the one to run the CLI in; otherwise it hands the run to another
 * (the project's own Node, or this script restarted with the allocator's settings) and never
 * returns. `entry` is the running script's import.meta.url.
 */
export async function prepareCliProcess(entry) {
  const script = fileURLToPath(entry);
  if (tooOld()) {
    // `npm link` runs the script with whatever Node is first on PATH; the project ships Node 24
    // as a devDependency, used here instead of refusing.
    const own = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
    if (!existsSync(own)) {
      process.stderr.write(
        `dispute-desk needs Node 22.18 or newer (this is ${process.version}); ` +
          'run `npm ci` in the project so its own Node 24 is installed.\n',
      );
      process.exit(1);
    }
    // Ctrl-C reaches both processes; the child stops cleanly and its exit code is this one's.
    process.on('SIGINT', () => undefined);
    process.on('SIGTERM', () => undefined);
    const child = spawn(own, [script, ...process.argv.slice(2)], { stdio: 'inherit' });
    await new Promise(() => {
      child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
    });
  }
  // glibc gives every thread that allocates its own malloc arena and keeps what is freed there:
  // the image library's worker threads then hold on to a hundred megabytes the merchant's
  // machine never gets back. The allocator reads its settings only when a process starts, so a
  // command that works on images restarts itself once (same process, same PID) with two arenas
  // (IMAGE_WORK_MALLOC) and its heap's settings (IMAGE_WORK_V8_FLAGS). Other commands do not pay
  // for a second start. Forcing every block over 128 KB to be mapped and unmapped instead (so
  // each is handed back at once) cost a tenth of a 50-scan build's time in page faults, to save
  // 2-4% of its peak.
  if (
    worksOnImages(process.argv.slice(2)) &&
    process.platform === 'linux' &&
    process.env.MALLOC_ARENA_MAX === undefined &&
    typeof process.execve === 'function'
  ) {
    process.execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...IMAGE_WORK_V8_FLAGS, script, ...process.argv.slice(2)],
      {
        ...process.env,
        ...(ENDS_WITH_IMAGES.has(commandOf(process.argv.slice(2)) ?? '')
          ? IMAGE_WORK_MALLOC
          : { MALLOC_ARENA_MAX: IMAGE_WORK_MALLOC.MALLOC_ARENA_MAX }),
        // Its first OCR reader's thread puts the rest of the process below it (ocr/reader-first.ts).
        [READER_FIRST_ENV]: String(getPriority()),
      },
    );
  }
  process.removeAllListeners('warning');
  process.on('warning', (w) => {
    if (w.name !== 'ExperimentalWarning') process.stderr.write(`${w.name}: ${w.message}\n`);
  });
}
