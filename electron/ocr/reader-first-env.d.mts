// Types of reader-first-env.mjs (plain JavaScript, read by the CLI's restart before TypeScript can run).
export const READER_FIRST_ENV: string;
