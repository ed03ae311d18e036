// The name of the setting that makes a process's OCR reader go first (reader-first.ts). Plain
// JavaScript: the CLI's restart (cli-process.mjs), which sets it, runs before any TypeScript can.

/** Set to "1" in an image command's restarted process. */
export const READER_FIRST_ENV = 'DISPUTE_DESK_READER_FIRST';
