// Types of cli-process.mjs (plain JavaScript, so that any Node reads it far enough to say which
// Node the CLI needs).
export function worksOnImages(args: readonly string[]): boolean;
export function prepareCliProcess(entry: string): Promise<void>;
