// The app's own log: one line per notable event (refused alerts, refused IPC calls, receivers
// that cannot start) in <data folder>/logs/dispute-desk.log, kept under 1 MB by rolling to .1.
// Lines are written by the app itself and never carry keys, request bodies or file contents.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MAX_BYTES = 1024 * 1024;

export type AppLog = (line: string) => void;

/** `name`: the file in <data folder>/logs; alert refusals have their own (alerts-refused.log), so
 * that posts from anyone who can reach the receiver never roll this one over. */
export function createAppLog(home: string, name = 'dispute-desk.log'): AppLog {
  const dir = join(home, 'logs');
  const file = join(dir, name);
  return (line) => {
    const stamped = `${new Date().toISOString()} ${line.replace(/[\r\n]+/g, ' ')}\n`;
    try {
      mkdirSync(dir, { recursive: true });
      if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_BYTES) renameSync(file, `${file}.1`);
      appendFileSync(file, stamped);
    } catch {
      // A log that cannot be written must not stop the app.
    }
  };
}
