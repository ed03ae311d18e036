// The 200 MB import limit has one wording (shared/evidence/limits.ts), said by the evidence store
// for whatever reaches it: a picked file, a dropped one (a path the preload resolved), a file
// inside a folder. Sizes are faked (a sparse file, an own `length`): nothing large is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSizeRefusal, maxImportBytes } from '../../../shared/evidence/limits.ts';
import { evidenceChannels } from '../../../shared/ipc/channels/evidence.ts';
import { createEvidenceStore } from '../../../electron/evidence/evidence-store.ts';
import { importDropped } from '../../../electron/evidence/import-dropped.ts';

const words = 'scan.jpg is larger than 200 MB: split it or export it at a lower resolution.';

test('the limit and its words', () => {
  assert.equal(importSizeRefusal('scan.jpg', maxImportBytes), undefined, 'exactly the limit is taken in');
  assert.equal(importSizeRefusal('scan.jpg', maxImportBytes + 1), words);
});

test('an oversized file is refused in those words, picked or dropped: both are paths to the one walker', async () => {
  // No channel carries a file's bytes any more: a drop is a path the preload resolved.
  const bytes = new Uint8Array(4);
  assert.equal(evidenceChannels.importDropped.input.safeParse({ name: 'scan.jpg', bytes }).success, false);

  const dir = mkdtempSync(join(tmpdir(), 'dd-import-limit-'));
  try {
    const store = createEvidenceStore(join(dir, 'evidence'));
    const file = join(dir, 'scan.jpg');
    writeFileSync(file, '');
    truncateSync(file, maxImportBytes + 1);
    assert.deepEqual(await store.importPaths([file]), [{ ok: false, name: 'scan.jpg', reason: words }]);
    assert.deepEqual(await importDropped(store, [{ path: file }]), [{ ok: false, name: 'scan.jpg', reason: words }]);
    const buffer = Buffer.alloc(4);
    Object.defineProperty(buffer, 'length', { value: maxImportBytes + 1 });
    assert.deepEqual(await store.importBuffer('scan.jpg', buffer), { ok: false, name: 'scan.jpg', reason: words });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
