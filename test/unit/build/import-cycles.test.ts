// No import cycle among electron/, shared/ and renderer/, type-only imports included
// (build/import-cycles.ts); and the check itself fails, naming the files, on a small tree that has one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkedFolders, describeCycle, findCycles, importGraph } from '../../../build/import-cycles.ts';

const root = new URL('../../..', import.meta.url).pathname;

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dd-import-cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test('electron/, shared/ and renderer/ import in no circle, type-only imports included', () => {
  const cycles = findCycles(importGraph(root, checkedFolders));
  assert.deepEqual(cycles.map(describeCycle), []);
});

test('a loop made of type-only imports is found and named file by file', () => {
  const dir = tree({
    'src/store/db.ts': `import type { Job } from '../outbox/repo.ts';\nexport type Db = { jobs: Job[] };\n`,
    'src/outbox/repo.ts': `import type { Db } from '../store/db.ts';\nexport type Job = { db: Db };\n`,
    'src/outbox/free.ts': `import type { Job } from './repo.ts';\nexport type J = Job;\n`,
  });
  try {
    const cycles = findCycles(importGraph(dir, ['src']));
    assert.equal(cycles.length, 1);
    assert.deepEqual(cycles[0]!.files, ['src/outbox/repo.ts', 'src/store/db.ts']);
    assert.equal(
      describeCycle(cycles[0]!),
      'import cycle src/outbox/repo.ts -> src/store/db.ts -> src/outbox/repo.ts ' +
        '(files that import each other: src/outbox/repo.ts, src/store/db.ts)',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every form of import is an edge: export-from, import(), require(), import types, worker URLs', () => {
  const dir = tree({
    'src/a.ts': `export * from './b.ts';\n`,
    'src/b.ts': `export const load = () => import('./c.ts');\n`,
    'src/c.ts': `const d = require('./d.ts');\nexport { d };\n`,
    'src/d.ts': `export type E = import('./e.ts').E;\n`,
    'src/e.ts': `export type E = 1;\nexport const w = new URL('a.ts', import.meta.url);\n`,
    'src/apart.ts': `import 'zod';\nimport './missing.ts';\n`,
  });
  try {
    const cycles = findCycles(importGraph(dir, ['src']));
    assert.deepEqual(
      cycles.map((c) => c.loop),
      [['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts', 'src/a.ts']],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
