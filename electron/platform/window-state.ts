// The window comes back where the merchant left it, but never off-screen (a monitor unplugged).
import { readFile, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

export const defaultSize = { width: 1280, height: 820 };

export function visibleBounds(saved: Bounds | undefined, workAreas: readonly Bounds[]): Partial<Bounds> {
  if (!saved) return { ...defaultSize };
  const width = Math.max(900, saved.width);
  const height = Math.max(600, saved.height);
  const onScreen = workAreas.some(
    (a) =>
      saved.x + 80 < a.x + a.width &&
      saved.x + width - 80 > a.x &&
      saved.y >= a.y - 10 &&
      saved.y + 40 < a.y + a.height,
  );
  return onScreen ? { x: saved.x, y: saved.y, width, height } : { width, height };
}

export async function loadWindowState(home: string): Promise<WindowState | undefined> {
  try {
    const s = JSON.parse(await readFile(join(home, 'window-state.json'), 'utf8')) as WindowState;
    return typeof s.bounds?.width === 'number' ? s : undefined;
  } catch {
    return undefined;
  }
}

export async function saveWindowState(home: string, state: WindowState): Promise<void> {
  const file = join(home, 'window-state.json');
  await writeFile(`${file}.tmp`, JSON.stringify(state));
  await rename(`${file}.tmp`, file);
}
