import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, readdirSync, rmSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvidenceStore, buildPacket } from '../../../electron/evidence/index.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import { scanJpeg, pdfWithPages, encryptedPdf, pngBomb, pngBadCrc } from './corpus.ts';

function walkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walkFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

test('a corpus of broken files: each fails alone with its own clear reason, the rest succeed, nothing is left half-written', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dd-bad-'));
  const dir = join(root, 'receipts');
  mkdirSync(join(dir, 'nested'), { recursive: true });
  try {
    const p = (n: string) => join(dir, n);
    await scanJpeg(p('good-1.jpg'));
    await scanJpeg(p('nested/good-2.jpg'));
    writeFileSync(p('empty.jpg'), Buffer.alloc(0));
    const jpg = readFileSync(p('good-1.jpg'));
    writeFileSync(p('truncated.jpg'), jpg.subarray(0, Math.floor(jpg.length * 0.6)));
    await pngBadCrc(p('bad-crc.png'));
    writeFileSync(p('really-a-jpeg.pdf'), jpg.subarray(0, jpg.length).map((b) => b) );
    writeFileSync(p('program.jpg'), Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(200)]));
    writeFileSync(p('windows.jpg'), Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]));
    pngBomb(p('bomb.png'));
    encryptedPdf(p('locked.pdf'));
    await pdfWithPages(p('long.pdf'), 600);
    writeFileSync(p('broken.pdf'), '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ngarbage garbage\n');
    symlinkSync(dir, p('nested/loop'));
    symlinkSync(p('does-not-exist.jpg'), p('dangling.jpg'));
    writeFileSync(p('odd\\name\u0001\nwith controls.jpg'), jpg);
    writeFileSync(p('invoice.docx'), Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('[Content_Types].xml word/document.xml')]));

    const storeDir = join(root, 'store');
    const store = createEvidenceStore(storeDir);
    const before = process.memoryUsage().rss;
    const outcomes = await store.importPaths([dir]);
    const byName = new Map(outcomes.map((o) => [o.ok ? o.item.name : o.name, o]));
    const reason = (n: string) => {
      const o = byName.get(n);
      assert.ok(o && !o.ok, `${n} should be refused`);
      return o.reason;
    };
    assert.match(reason('empty.jpg'), /empty \(0 bytes\)/);
    assert.match(reason('truncated.jpg'), /cut short|truncated|damaged/);
    assert.match(reason('bad-crc.png'), /damaged/);
    assert.match(reason('program.jpg'), /is a program/);
    assert.match(reason('windows.jpg'), /is a program/);
    assert.match(reason('bomb.png'), /30,000 × 30,000 pixels, too large/);
    assert.match(reason('locked.pdf'), /password-protected/);
    assert.match(reason('broken.pdf'), /damaged and cannot be read as a PDF/);
    assert.match(reason('loop'), /link loop|back into a folder/);
    assert.match(reason('dangling.jpg'), /no longer exists/);
    assert.match(reason('invoice.docx'), /Word document: save it as PDF/);
    const ok = outcomes.filter((o) => o.ok);
    const names = ok.map((o) => (o.ok ? o.item.name : '')).sort();
    assert.deepEqual(names, ['good-1.jpg', 'good-2.jpg', 'long.pdf', 'odd\\name??with controls.jpg', 'really-a-jpeg.pdf'].sort());
    const wrongExt = byName.get('really-a-jpeg.pdf');
    assert.ok(wrongExt?.ok && wrongExt.item.kind === 'jpeg', 'identified by content, not by name');
    const long = byName.get('long.pdf');
    assert.ok(long?.ok && long.item.pages === 600);
    const odd = byName.get('odd\\name??with controls.jpg');
    assert.ok(odd?.ok && odd.duplicate, 'the same content imported twice is stored once');
    assert.ok(process.memoryUsage().rss - before < 600 * 1024 * 1024, 'memory stays bounded');

    // Building: the 600-page PDF does not fit 19 pages, and says so; nothing is written.
    const items = ok.flatMap((o) => (o.ok ? [o.item] : []));
    const out = join(root, 'out');
    const all = { pages: items.filter((i, k) => items.findIndex((j) => j.id === i.id) === k).flatMap((i) => Array.from({ length: i.pages }, (_, page) => ({ itemId: i.id, page, rotation: 0 as const }))) };
    const settings = { preset: 'document' as const, limits: defaultLimits, pageSize: 'letter' as const, output: 'pdf' as const, baseName: 'evidence' };
    const tooLong = await buildPacket(store, all, settings, { outDir: out });
    assert.equal(tooLong.ok, false);
    assert.equal(all.pages.length, 601, 'the scan (stored once) and the 600 pages');
    assert.match(tooLong.problems.map((x) => x.message).join(' '), /601 pages; the limit is 19\. Remove 582 pages/);
    assert.equal(tooLong.totalPages, 601, 'no page was dropped');
    // The rest builds fine, with a safe file name.
    const fine = await buildPacket(store, { pages: all.pages.filter((x) => x.itemId !== (long.ok ? long.item.id : '')) }, { ...settings, baseName: 'odd/..\\name\u0001' }, { outDir: out });
    assert.ok(fine.ok);
    assert.match(fine.files[0]!.name, /^[^/\\\u0000-\u001f]+\.pdf$/);
    assert.ok(statSync(join(out, fine.files[0]!.name)).size > 0);
    const leftovers = [...walkFiles(storeDir), ...walkFiles(out)].filter((f) => f.endsWith('.tmp'));
    assert.deepEqual(leftovers, []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an unreadable file fails alone with a permission message', async (t) => {
  if (process.getuid?.() === 0) return t.skip('running as root, which can read any file: permission errors cannot be produced here');
  const root = mkdtempSync(join(tmpdir(), 'dd-perm-'));
  try {
    await scanJpeg(join(root, 'ok.jpg'));
    writeFileSync(join(root, 'secret.jpg'), 'x');
    const { chmodSync } = await import('node:fs');
    chmodSync(join(root, 'secret.jpg'), 0o000);
    const outcomes = await createEvidenceStore(join(root, 'store')).importPaths([root]);
    const bad = outcomes.find((o) => !o.ok);
    assert.ok(bad && !bad.ok && /no permission/.test(bad.reason));
    assert.equal(outcomes.filter((o) => o.ok).length, 1);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
