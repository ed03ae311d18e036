// How much of a page's printed text an OCR engine read back: word recall (each printed word
// found once in the reading, multiset) and line recall (a printed line counts as read when at
// least 90% of its words are in one line of the reading). Case and punctuation are ignored.

const norm = (w: string): string =>
  w
    .toLowerCase()
    .replace(/[^a-z0-9$.]/g, '')
    .replace(/\.$/, '');
const wordsOf = (line: string): string[] => line.split(/\s+/).map(norm).filter(Boolean);

export interface Recall {
  words: number;
  wordsRead: number;
  lines: number;
  linesRead: number;
}

export function recall(printed: readonly string[], read: string): Recall {
  const readLines = read
    .split('\n')
    .map(wordsOf)
    .filter((l) => l.length);
  const pool = new Map<string, number>();
  for (const l of readLines) for (const w of l) pool.set(w, (pool.get(w) ?? 0) + 1);
  let words = 0;
  let wordsRead = 0;
  let linesRead = 0;
  for (const line of printed) {
    const ws = wordsOf(line);
    words += ws.length;
    for (const w of ws) {
      const n = pool.get(w) ?? 0;
      if (n > 0) {
        wordsRead++;
        pool.set(w, n - 1);
      }
    }
    const best = Math.max(
      0,
      ...readLines.map((rl) => {
        const have = new Map<string, number>();
        for (const w of rl) have.set(w, (have.get(w) ?? 0) + 1);
        return ws.filter((w) => {
          const n = have.get(w) ?? 0;
          if (n > 0) have.set(w, n - 1);
          return n > 0;
        }).length;
      }),
    );
    if (ws.length && best / ws.length >= 0.9) linesRead++;
  }
  return { words, wordsRead, lines: printed.length, linesRead };
}

export const ratio = (r: Recall, of: 'words' | 'lines'): number =>
  of === 'words' ? r.wordsRead / r.words : r.linesRead / r.lines;
