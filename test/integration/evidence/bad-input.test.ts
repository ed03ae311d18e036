import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  mkdtempSync,
  mkdirSync,
  writeFileSync,
  symlinkSync,
  readdirSync,
  rmSync,
  readFileSync,
  statSync,
  chmodSync,
  copyFileSync,
} from 'node:fs';
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createEvidenceStore, buildPacket } from '../../../electron/evidence/index.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import type { BuildResult, ImportOutcome } from '../../../shared/evidence/items.ts';
import {
  scanJpeg,
  pdfWithPages,
  encryptedPdf,
  pngBomb,
  pngBadCrc,
  heicBomb,
  tiffBomb,
  imageMagick,
  imageMagickCan,
} from './corpus.ts';

function walkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walkFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

interface ChildResult {
  outcomes: ImportOutcome[];
  build?: BuildResult;
  baselineKb: number;
  afterImportKb: number;
  peakKb: number;
}

// Root reads any file whatever its mode; without these two capabilities (util-linux's setpriv)
// root meets permissions as anyone does, while still reaching the checkout wherever it lies.
const withoutRootOverride = [
  '--bounding-set=-dac_override,-dac_read_search',
  '--inh-caps=-dac_override,-dac_read_search',
  '--',
];

/** The import in a child process: its own temporary folder, optionally bound by file modes
 * even when this test runs as root. */
function importInChild(
  job: { store: string; paths: string[]; buildTo?: string },
  o: { tmp: string; obeyModes?: boolean },
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const node = [
      process.execPath,
      '--no-warnings',
      new URL('./import-child.ts', import.meta.url).pathname,
      JSON.stringify(job),
    ];
    const [cmd, ...args] = o.obeyModes ? ['setpriv', ...withoutRootOverride, ...node] : node;
    const child = spawn(cmd!, args, { env: { ...process.env, TMPDIR: o.tmp, TMP: o.tmp, TEMP: o.tmp } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as ChildResult)
        : reject(new Error(`the import child exited ${code}: ${err}`)),
    );
  });
}

// What a library says about its own insides never reaches a merchant.
const jargon =
  /vips|libpng|libjpeg|libtiff|libheif|heif|wasm|Unknown error|Error:|\(\w+_\w+\)|TypeError|undefined|NaN|\[object/i;
const errorCode = /\bE[A-Z]{3,}\b/;

test(
  'a corpus of broken files: each fails alone with its own plain reason, ' +
    'the rest succeed, nothing is left behind, and peak memory stays bounded',
  async (t) => {
    const root = mkdtempSync(join(tmpdir(), 'dd-bad-'));
    const dir = join(root, 'receipts');
    const childTmp = join(root, 'tmp');
    mkdirSync(join(dir, 'nested'), { recursive: true });
    mkdirSync(childTmp);
    const socketServer = createServer();
    try {
      const p = (n: string) => join(dir, n);
      await scanJpeg(p('good-1.jpg'));
      await scanJpeg(p('nested/good-2.jpg'));
      writeFileSync(p('empty.jpg'), Buffer.alloc(0));
      const jpg = readFileSync(p('good-1.jpg'));
      writeFileSync(p('truncated.jpg'), jpg.subarray(0, Math.floor(jpg.length * 0.6)));
      await pngBadCrc(p('bad-crc.png'));
      writeFileSync(p('really-a-jpeg.pdf'), jpg);
      writeFileSync(
        p('program.jpg'),
        Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(200)]),
      );
      writeFileSync(p('windows.jpg'), Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]));
      pngBomb(p('bomb.png'));
      tiffBomb(p('bomb.tif'));
      tiffBomb(p('bomb-page-2.tif'), { normalPagesFirst: 1 });
      const heic = imageMagickCan('HEIC');
      if (heic) heicBomb(p('bomb.heic'), root);
      encryptedPdf(p('locked.pdf'));
      await pdfWithPages(p('long.pdf'), 600);
      writeFileSync(p('broken.pdf'), '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ngarbage garbage\n');
      symlinkSync(dir, p('nested/loop'));
      symlinkSync(p('does-not-exist.jpg'), p('dangling.jpg'));
      writeFileSync(p('odd\\name\u0001\nwith controls.jpg'), jpg);
      writeFileSync(p('invoice\u202Egpj.exe.jpg'), Buffer.concat([jpg, Buffer.from([1])]));
      writeFileSync(
        p('invoice.docx'),
        Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('[Content_Types].xml word/document.xml')]),
      );
      writeFileSync(
        p('BMW service invoice.txt'),
        'BMW service invoice\nOil change ........ 89.00 EUR\nBrake pads ........ 240.00 EUR\n'.repeat(4),
      );
      // BigTIFF: a scanner's format for very large scans; read like any TIFF.
      imageMagick([
        '-size',
        '600x400',
        'xc:white',
        '-fill',
        'black',
        '-draw',
        'rectangle 40,40 300,200',
        `TIFF64:${p('big-scan.tif')}`,
      ]);
      // A large, real photo (48 megapixels) next to the bombs.
      await sharp({
        create: {
          width: 8000,
          height: 6000,
          channels: 3,
          background: '#a0a8b0',
          noise: { type: 'gaussian', mean: 128, sigma: 20 },
        },
      })
        .jpeg({ quality: 80 })
        .toFile(p('large-photo.jpg'));
      // What folders also hold: system files, hidden files and folders, a pipe, a socket.
      writeFileSync(p('.DS_Store'), Buffer.alloc(64));
      writeFileSync(p('Thumbs.db'), Buffer.alloc(64));
      writeFileSync(p('._good-1.jpg'), Buffer.alloc(64));
      writeFileSync(p('.hidden-receipt.jpg'), jpg);
      mkdirSync(p('.git'));
      writeFileSync(p('.git/config'), '[core]');
      execFileSync('mkfifo', [p('a-pipe')]);
      await new Promise<void>((resolve) => socketServer.listen(p('a-socket'), resolve));

      const storeDir = join(root, 'store');
      const out = join(root, 'out');
      const result = await importInChild({ store: storeDir, paths: [dir], buildTo: out }, { tmp: childTmp });
      const { outcomes } = result;
      const byName = new Map(outcomes.map((o) => [o.ok ? o.item.name : o.name, o]));
      const reason = (n: string) => {
        const o = byName.get(n);
        assert.ok(o && !o.ok, `${n} should be refused`);
        assert.doesNotMatch(o.reason, jargon, `${n}: plain words (${o.reason})`);
        assert.doesNotMatch(o.reason, errorCode, `${n}: no system error codes (${o.reason})`);
        assert.ok(
          o.reason.startsWith(n) || o.reason.includes(` ${n} `),
          `${n}: the reason names the file (${o.reason})`,
        );
        return o.reason;
      };
      assert.match(reason('empty.jpg'), /empty \(0 bytes\)/);
      assert.match(reason('truncated.jpg'), /cut short \(truncated\).*Copy it again/);
      assert.match(
        reason('bad-crc.png'),
        /picture data is damaged and cannot be read\. Open it in a photo viewer and save or export it again/,
      );
      assert.match(reason('program.jpg'), /is a program/);
      assert.match(reason('windows.jpg'), /is a program/);
      assert.match(
        reason('bomb.png'),
        /30,000 × 30,000 pixels, too large to be a scan or photo\. Export it at a lower resolution/,
      );
      assert.match(reason('bomb.tif'), /30,000 × 30,000 pixels, too large/);
      assert.match(reason('bomb-page-2.tif'), /page 2 is 30,000 × 30,000 pixels, too large/);
      if (heic) assert.match(reason('bomb.heic'), /30,000 × 30,000 pixels, too large/);
      assert.match(reason('locked.pdf'), /password-protected/);
      assert.match(reason('broken.pdf'), /damaged and cannot be read as a PDF/);
      assert.match(reason('loop'), /link loop|back into a folder/);
      assert.match(reason('dangling.jpg'), /no longer exists/);
      assert.match(reason('invoice.docx'), /Word document: save it as PDF/);
      assert.match(
        reason('BMW service invoice.txt'),
        /is a plain text file/,
        'text that starts with "BM" is not a bitmap',
      );
      // Passed over, and said so.
      const skipped = outcomes
        .filter((o) => !o.ok && o.skipped)
        .map((o) => (o.ok ? '' : `${o.name}: ${o.reason}`))
        .sort();
      assert.equal(skipped.length, 7, skipped.join('\n'));
      assert.match(reason('.DS_Store'), /a file the system keeps for itself, not evidence, and was skipped/);
      assert.match(reason('Thumbs.db'), /system keeps for itself/);
      assert.match(reason('._good-1.jpg'), /system keeps for itself/);
      assert.match(
        reason('.hidden-receipt.jpg'),
        /hidden \(its name starts with a dot\) and was skipped\. If it is evidence, rename it/,
      );
      assert.match(reason('.git'), /hidden/);
      assert.match(reason('a-pipe'), /a pipe between programs, not a file, and was skipped/);
      assert.match(reason('a-socket'), /a socket .* not a file, and was skipped/);

      const ok = outcomes.filter((o) => o.ok);
      const names = ok.map((o) => (o.ok ? o.item.name : '')).sort();
      assert.deepEqual(
        names,
        [
          'big-scan.tif',
          'good-1.jpg',
          'good-2.jpg',
          'invoice?gpj.exe.jpg',
          'large-photo.jpg',
          'long.pdf',
          'odd\\name??with controls.jpg',
          'really-a-jpeg.pdf',
        ].sort(),
      );
      assert.ok(
        byName.get('really-a-jpeg.pdf')?.ok &&
          (byName.get('really-a-jpeg.pdf') as { item: { kind: string } }).item.kind === 'jpeg',
        'identified by content, not by name',
      );
      const big = byName.get('big-scan.tif');
      assert.ok(big?.ok && big.item.kind === 'tiff' && big.item.width === 600);
      const long = byName.get('long.pdf');
      assert.ok(long?.ok && long.item.pages === 600);
      const odd = byName.get('odd\\name??with controls.jpg');
      assert.ok(odd?.ok && odd.duplicate, 'the same content imported twice is stored once');
      // Every input is accounted for: no file in the folder vanished without an outcome.
      const listed = readdirSync(dir).filter((n) => n !== 'nested').length + readdirSync(join(dir, 'nested')).length;
      assert.equal(outcomes.length, listed, 'one outcome for every entry in the folders');

      // Peak memory of the whole child (Node, sharp, pdf-lib, the PDF threads before any work) while it
      // refused three bombs, read a 48-megapixel photo and a 600-page PDF, and built the images.
      const mb = (kb: number) => Math.round(kb / 1024);
      assert.ok(result.build?.ok, JSON.stringify(result.build?.problems));
      t.diagnostic(
        `peak memory: ${mb(result.baselineKb)} MB loaded, ${mb(result.afterImportKb)} ` +
          `MB after the import, ${mb(result.peakKb)} MB after the build`,
      );
      // Decoding the 48-megapixel photo whole would take 144 MB more, a bomb gigabytes: the import
      // reads sizes and draws each picture's page as the card-number search reads it (150 dpi: the
      // photo decoded at a quarter of its size), the drawing the search then takes instead of
      // making it. It raises the peak by 95-109 MB here (48-52 MB when it decoded small versions
      // and the search drew the pages later; the whole run's peak is lower now, see below). The
      // bound is 160 MB: a whole decode of the photo (144 MB more) would still break it.
      assert.ok(
        result.afterImportKb - result.baselineKb < 160 * 1024,
        `the import raised the peak by ${mb(result.afterImportKb - result.baselineKb)} MB (bound 160 MB)`,
      );
      // The build draws and compresses page by page, and the two OCR engines read its pages for card
      // numbers (each holding a real page's working memory, beyond what the baseline's small
      // warm-up took; measured: 130-146 MB over the baseline in all, 150-153 MB before the import
      // drew the search's pages): its peak stays within 256 MB of it (Node, sharp, pdf-lib, the two
      // PDF threads and the OCR engines, about 250–300 MB). Decoding the 48-megapixel photo whole
      // would add 144 MB more; a bomb, gigabytes.
      assert.ok(
        result.peakKb - result.baselineKb < 256 * 1024,
        `the build raised the peak by ${mb(result.peakKb - result.baselineKb)} MB (bound 256 MB)`,
      );

      // Nothing half-written: no temporary files in the store, the output or the child's temp
      // folder, and no stored copy of anything that was refused.
      assert.deepEqual(readdirSync(childTmp), [], 'the system temp folder is left as it was');
      const leftovers = [...walkFiles(storeDir), ...walkFiles(out)].filter((f) => f.endsWith('.tmp'));
      assert.deepEqual(leftovers, []);
      const stored = walkFiles(storeDir).filter((f) => !f.endsWith('.json'));
      assert.equal(
        stored.length,
        new Set(ok.map((o) => (o.ok ? o.item.id : ''))).size,
        'one copy per distinct accepted file, none of the refused',
      );

      // Building in this process: the 600-page PDF does not fit 19 pages, and says so; nothing is written.
      const store = createEvidenceStore(storeDir);
      const items = ok.flatMap((o) => (o.ok ? [o.item] : []));
      const unique = items.filter((i, k) => items.findIndex((j) => j.id === i.id) === k);
      const all = {
        pages: unique.flatMap((i) =>
          Array.from({ length: i.pages }, (_, page) => ({ itemId: i.id, page, rotation: 0 as const })),
        ),
      };
      const settings = {
        preset: 'document' as const,
        limits: defaultLimits,
        pageSize: 'letter' as const,
        output: 'pdf' as const,
        baseName: 'evidence',
      };
      const failedOut = join(root, 'failed-out');
      const tooLong = await buildPacket(store, all, settings, { outDir: failedOut });
      assert.equal(tooLong.ok, false);
      assert.match(tooLong.problems.map((x) => x.message).join(' '), /\d+ pages; the limit is 19\. Remove \d+ pages/);
      assert.equal(tooLong.totalPages, all.pages.length, 'no page was dropped');
      assert.throws(
        () => statSync(failedOut),
        /ENOENT/,
        'a build that does not fit writes nothing, not even its folder',
      );
      // Stopped part-way (the merchant closed the window): nothing written.
      const stopped = new AbortController();
      const small = { pages: all.pages.filter((x) => x.itemId !== (long.ok ? long.item.id : '')) };
      await assert.rejects(
        buildPacket(store, small, settings, {
          outDir: join(root, 'stopped'),
          signal: stopped.signal,
          onProgress: () => stopped.abort(),
        }),
      );
      assert.throws(() => statSync(join(root, 'stopped')), /ENOENT/);
      // Stopped once every page is ready, after the build made its folder: the folder goes again.
      const late = new AbortController();
      await assert.rejects(
        buildPacket(store, small, settings, {
          outDir: join(root, 'stopped-late', 'inner'),
          signal: late.signal,
          onProgress: (done, total) => done === total && late.abort(),
        }),
        /abort/i,
      );
      assert.throws(() => statSync(join(root, 'stopped-late')), /ENOENT/, 'the folders the build made are removed');
      // A split packet whose second part cannot be put in place: the first part, already
      // written, is removed again, and no temporary file is left.
      const splitSettings = { ...settings, limits: { ...defaultLimits, maxFileBytes: 160 * 1024 } };
      const probe = await buildPacket(store, small, splitSettings, { outDir: join(root, 'split-probe') });
      assert.ok(
        probe.ok && probe.files.length >= 2,
        `the probe build splits in parts: ${JSON.stringify(probe.files.map((f) => f.name))}`,
      );
      const halfway = join(root, 'split-blocked');
      mkdirSync(join(halfway, probe.files[1]!.name), { recursive: true });
      await assert.rejects(buildPacket(store, small, splitSettings, { outDir: halfway }));
      assert.deepEqual(
        readdirSync(halfway),
        [probe.files[1]!.name],
        'part 1 was removed; only the blocking folder is there',
      );
      // The file cannot be put in place (a folder already has its name): the build fails with
      // no temporary file left beside it.
      const blocked = join(root, 'blocked');
      mkdirSync(join(blocked, 'evidence.pdf'), { recursive: true });
      await assert.rejects(buildPacket(store, small, settings, { outDir: blocked }));
      assert.deepEqual(readdirSync(blocked), ['evidence.pdf']);
      // The rest builds fine, with a safe file name.
      const fine = await buildPacket(
        store,
        small,
        { ...settings, baseName: 'odd/..\\name\u0001\u202Efdp.exe' },
        { outDir: out },
      );
      assert.ok(fine.ok);
      assert.match(fine.files[0]!.name, /^[^/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e]+\.pdf$/);
      assert.ok(!fine.files[0]!.name.includes('\u202E'));
      assert.ok(statSync(join(out, fine.files[0]!.name)).size > 0);
    } finally {
      socketServer.close();
      rmSync(root, { recursive: true, force: true });
    }
  },
);

test('an unreadable file fails alone with a permission message', async () => {
  // A real permission error: run as root, the import gives up root's power to read anything.
  const root = mkdtempSync(join(tmpdir(), 'dd-perm-'));
  const asRoot = process.getuid?.() === 0;
  try {
    chmodSync(root, 0o755);
    const files = join(root, 'files');
    mkdirSync(files, { mode: 0o755 });
    await scanJpeg(join(files, 'ok.jpg'));
    chmodSync(join(files, 'ok.jpg'), 0o644);
    copyFileSync(join(files, 'ok.jpg'), join(files, 'secret.jpg'));
    writeFileSync(
      join(files, 'secret.jpg'),
      Buffer.concat([readFileSync(join(files, 'secret.jpg')), Buffer.from([7])]),
    );
    chmodSync(join(files, 'secret.jpg'), 0o000);
    const locked = join(files, 'locked-folder');
    mkdirSync(locked);
    writeFileSync(join(locked, 'inside.jpg'), 'x');
    chmodSync(locked, 0o000);
    const store = join(root, 'store');
    const tmp = join(root, 'tmp');
    mkdirSync(store);
    mkdirSync(tmp);
    const { outcomes } = await importInChild({ store, paths: [files] }, { tmp, obeyModes: asRoot });
    const secret = outcomes.find((o) => !o.ok && o.name === 'secret.jpg');
    assert.ok(secret && !secret.ok, JSON.stringify(outcomes));
    assert.match(
      secret.reason,
      /^secret\.jpg could not be read: this account has no permission to open it\. Copy it somewhere you can open it/,
    );
    const folder = outcomes.find((o) => !o.ok && o.name === 'locked-folder');
    assert.ok(folder && !folder.ok);
    assert.match(folder.reason, /^The folder locked-folder could not be read: this account has no permission/);
    assert.deepEqual(
      outcomes.filter((o) => o.ok).map((o) => (o.ok ? o.item.name : '')),
      ['ok.jpg'],
      'the others in the batch still succeed',
    );
  } finally {
    chmodSync(join(root, 'files', 'locked-folder'), 0o755);
    rmSync(root, { recursive: true, force: true });
  }
});
