// The name of the setting that makes a process's OCR reader go first (reader-first.ts). Plain
// JavaScript: the CLI's restart (cli-process.mjs), which sets it, runs before any TypeScript can.

/** Set in an image command's restarted process to the process's priority (niceness) when it
 * restarted: a reader that starts at it is the first. */
export const READER_FIRST_ENV = 'DISPUTE_DESK_READER_FIRST';
