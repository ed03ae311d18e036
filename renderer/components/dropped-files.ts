// What a drop on the window holds: the dropped files and folders themselves, as File objects.
// They go to the bridge as they are; the preload finds where each lives on disk and main imports
// them with the same walker as picked files and folders (folders read to their depth, hidden and
// system files listed as skipped). The window never reads their bytes nor sees a path.
import type { DragEvent } from 'react';

export function droppedFiles(e: DragEvent): File[] {
  e.preventDefault();
  return [...e.dataTransfer.files];
}
