// A command-line build waits for its reader. Once the first page is drawn, the card-number search's
// OCR reads follow one another to the end, and the packet is written a moment after the last; the
// drawing, encoding, compiling and collecting the rest of the process does meanwhile fills both
// cores of a small machine, and the reader, one thread among a dozen, got half a core at times.
// On Linux each thread has a priority of its own, so the reader's thread lowers the rest of its
// process: they take what the reader leaves. Only in a command-line image command's process (the
// CLI's restart, cli-process.mjs, sets READER_FIRST_ENV): in the window's process the main thread
// answers the window. Elsewhere than Linux a priority is the whole process's: nothing is done.
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { READER_FIRST_ENV } from './reader-first-env.mjs';

/** How many steps of niceness the rest of the process is put below the reader, and the lowest
 * there is. Ten scans: 4-6% sooner at the same CPU (12 and 10 paired builds), at 19 steps no
 * sooner than at 10, at 5 no sooner than at none; a scanned PDF: 2% sooner; fifty scans (two
 * readers): within the machine's noise (three rounds of 4-5 pairs, from 4% sooner to 4% later,
 * measured when the second reader still lowered the rest again). */
const BELOW = 10;
const LOWEST = 19;

/** Lowers every other thread of this process that stands level with the calling thread (the
 * reader's), when the process asks for it and the reader starts at the process's own priority
 * (the one its restart recorded in READER_FIRST_ENV); returns how many. Only the first reader
 * does: every later one starts from a lowered thread, level with the rest, so the rest is never
 * put lower still. Starved further, the drawing threads' own time limits (a PDF page's 20 s)
 * could run out on work that is not theirs. A thread that ends meanwhile is passed over:
 * priority is a speed-up, never a reason to fail. */
export function putRestBelowReader(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env[READER_FIRST_ENV];
  if (process.platform !== 'linux' || asked === undefined || !/^-?\d+$/.test(asked)) return 0;
  let me: number;
  let mine: number;
  try {
    // "<pid>/task/<tid>": the calling thread's own id.
    me = Number(readlinkSync('/proc/thread-self').split('/').pop());
    mine = getPriority(me);
  } catch {
    return 0;
  }
  const below = Math.min(LOWEST, mine + BELOW);
  if (mine !== Number(asked) || below === mine) return 0;
  let lowered = 0;
  for (const name of readdirSync('/proc/self/task')) {
    const tid = Number(name);
    if (tid === me) continue;
    try {
      if (getPriority(tid) !== mine) continue;
      setPriority(tid, below);
      lowered++;
    } catch {
      // Ended since the listing.
    }
  }
  return lowered;
}
