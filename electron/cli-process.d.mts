// Types of cli-process.mjs (plain JavaScript, so that any Node reads it far enough to say which
// Node the CLI needs).
export const IMAGE_WORK_V8_FLAGS: readonly string[];
export const IMAGE_WORK_MALLOC: Readonly<Record<string, string>>;
export function worksOnImages(args: readonly string[]): boolean;
export function prepareCliProcess(entry: string): Promise<void>;
