// Dialogs without a desktop: answers queued in advance (tests, the browser bridge).
import type { FileDialogs } from './types.ts';

export function createScriptedDialogs() {
  const files: string[][] = [];
  const folders: Array<string | undefined> = [];
  const saves: Array<string | undefined> = [];
  const dialogs: FileDialogs = {
    openFiles: async () => files.shift() ?? [],
    openFolder: async () => folders.shift(),
    saveFile: async () => saves.shift(),
  };
  return {
    dialogs,
    answerFiles: (paths: string[]) => files.push(paths),
    answerFolder: (path: string | undefined) => folders.push(path),
    answerSave: (path: string | undefined) => saves.push(path),
  };
}
