// The 200 MB import limit has one wording (shared/evidence/limits.ts): the window says it before
// reading a dropped file, the IPC contract and the evidence store say the same words for whatever
// reaches them. Sizes are faked (an own `byteLength`, a sparse file): nothing large is read. The
// window's code is DOM code that a Node test does not load: it is held to the rule by its source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSizeRefusal, maxImportBytes } from '../../../shared/evidence/limits.ts';
import { evidenceChannels } from '../../../shared/ipc/channels/evidence.ts';
import { createEvidenceStore } from '../../../electron/evidence/evidence-store.ts';

const words = 'scan.jpg is larger than 200 MB: split it or export it at a lower resolution.';

test('the limit and its words', () => {
  assert.equal(importSizeRefusal('scan.jpg', maxImportBytes), undefined, 'exactly the limit is taken in');
  assert.equal(importSizeRefusal('scan.jpg', maxImportBytes + 1), words);
});

test('the window, the IPC contract and the evidence store take the words from that one place', () => {
  for (const file of [
    'renderer/components/dropped-files.ts',
    'shared/ipc/channels/evidence.ts',
    'electron/evidence/evidence-store.ts',
  ]) {
    const source = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
    assert.match(source, /importSizeRefusal\(/, `${file} asks importSizeRefusal`);
    assert.doesNotMatch(source, /\d+ ?MB|maxImportBytes/, `${file} spells no limit of its own`);
  }
});

test('the IPC contract and the evidence store refuse an oversized file in the same words', async () => {
  const bytes = new Uint8Array(4);
  Object.defineProperty(bytes, 'byteLength', { value: maxImportBytes + 1 });
  const parsed = evidenceChannels.importDropped.input.safeParse({ name: 'scan.jpg', bytes });
  assert.equal(parsed.success, false);
  assert.deepEqual(
    parsed.error?.issues.map((i) => [i.path.join('.'), i.message]),
    [['bytes', words]],
  );

  const dir = mkdtempSync(join(tmpdir(), 'dd-import-limit-'));
  try {
    const store = createEvidenceStore(join(dir, 'evidence'));
    const file = join(dir, 'scan.jpg');
    writeFileSync(file, '');
    truncateSync(file, maxImportBytes + 1);
    assert.deepEqual(await store.importPaths([file]), [{ ok: false, name: 'scan.jpg', reason: words }]);
    const buffer = Buffer.alloc(4);
    Object.defineProperty(buffer, 'length', { value: maxImportBytes + 1 });
    assert.deepEqual(await store.importBuffer('scan.jpg', buffer), { ok: false, name: 'scan.jpg', reason: words });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
