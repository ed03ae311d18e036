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
 * sooner than at 10, at 5 no sooner than at none; fifty scans (two readers): within the machine's
 * noise (three rounds of 4-5 pairs, from 4% sooner to 4% later); a scanned PDF: 2% sooner. */
const BELOW = 10;
const LOWEST = 19;

/** Lowers every other thread of this process that stands level with the calling thread (the
 * reader's), when the process asks for it; returns how many. A second reader is started from a
 * thread already lowered, so it lowers the rest again, never the first reader. A thread that ends
 * meanwhile is passed over: priority is a speed-up, never a reason to fail. */
export function putRestBelowReader(env: NodeJS.ProcessEnv = process.env): number {
  if (process.platform !== 'linux' || env[READER_FIRST_ENV] !== '1') return 0;
  let me: number;
  let mine: number;
  try {
    // "<pid>/task/<tid>": the calling thread's own id.
    me = Number(readlinkSync('/proc/thread-self').split('/').pop());
    mine = getPriority(me);
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const name of readdirSync('/proc/self/task')) {
    const tid = Number(name);
    if (tid === me) continue;
    try {
      if (getPriority(tid) !== mine) continue;
      setPriority(tid, Math.min(LOWEST, mine + BELOW));
      lowered++;
    } catch {
      // Ended since the listing.
    }
  }
  return lowered;
}
