// `dispute-desk evidence build` as a merchant runs it: every flag checked through its schema with
// a message that says what it must be, the profile's limits, preset and page size used, and a
// cover letter from a chargeback in the local store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  mkdirSync,
  rmSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  copyFileSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { openStore, databaseFile } from '../../../electron/store/index.ts';
import { profileDefaults, type Profile } from '../../../shared/profiles.ts';
import { chargebackSchema } from '../../../shared/api/index.ts';
import { scanJpeg, pdfWithPages } from './corpus.ts';
import { readPdf } from './pdf-read.ts';

const root = new URL('../../..', import.meta.url).pathname;
let dir: string;
let inputs: string;
let scans: string;

function cli(
  args: string[],
  home = join(dir, 'home'),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'electron/cli-bin.mjs'), ...args, '--home', home], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const build = (out: string, ...flags: string[]) =>
  cli(['evidence', 'build', inputs, '--out', join(dir, out), '--json', ...flags]);
const pdfOf = async (out: string) =>
  PDFDocument.load(
    readFileSync(
      join(
        dir,
        out,
        readdirSync(join(dir, out)).find((f) => f.endsWith('.pdf'))!,
      ),
    ),
  );

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dd-cli-ev-'));
  inputs = join(dir, 'in');
  mkdirSync(inputs);
  await scanJpeg(join(inputs, '1-receipt.jpg'), { width: 1240, height: 1754, density: 150 });
  await pdfWithPages(join(inputs, '2-terms.pdf'), 2);
  scans = join(dir, 'scans');
  mkdirSync(scans);
  for (let i = 0; i < 3; i++) await scanJpeg(join(scans, `scan-${i}.jpg`), { width: 1240 + i, height: 1754 });
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('bad flag values are refused before any work, each saying what it must be', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--max-pages', '0'], /^dispute-desk: --max-pages must be a whole number from 1 to 500, not "0"\.$/m],
    [['--max-pages=-3'], /--max-pages must be a whole number from 1 to 500, not "-3"\./],
    [['--max-pages', '2.5'], /--max-pages must be a whole number from 1 to 500, not "2\.5"\./],
    [['--max-pages', '1e3'], /--max-pages must be a whole number/],
    [
      ['--max-file-bytes', '49999'],
      /--max-file-bytes must be a whole number of bytes of at least 50000 \(a smaller file cannot hold a legible page\), not "49999"\./,
    ],
    [['--max-total-bytes', 'lots'], /--max-total-bytes must be a whole number of bytes/],
    [['--page', 'legal'], /--page must be letter or a4, not "legal"\./],
    [['--preset', 'fancy'], /--preset must be document, photo or strict, not "fancy"\./],
    [['--format', 'tiff'], /--format must be pdf .* or image .*, not "tiff"\./],
    [['--dpi', '1200'], /--dpi must be a whole number from 72 to 600, not "1200"\./],
    [['--quality', '99'], /--quality must be a whole number from 20 to 95, not "99"\./],
    [['--colour', 'sepia'], /--colour must be colour, grayscale or bw, not "sepia"\./],
    [['--pdf-pages', 'never'], /--pdf-pages must be auto .* or image .*, not "never"\./],
    [['--format', 'image', '--cover-for', 't1_chb_x'], /--format image writes a single page without a cover letter/],
  ];
  for (const [flags, message] of cases) {
    const r = await cli(['evidence', 'build', inputs, '--out', join(dir, 'never'), ...flags]);
    assert.equal(r.code, 1, flags.join(' '));
    assert.match(r.stderr, message, flags.join(' '));
  }
  assert.throws(() => readdirSync(join(dir, 'never')), /ENOENT/, 'nothing was built');
});

test('--page, --preset and the preset adjustments shape the packet', async () => {
  const a4 = await build('a4', '--page', 'a4');
  assert.equal(a4.code, 0, a4.stderr);
  const a4doc = await pdfOf('a4');
  assert.equal(a4doc.getPageCount(), 3);
  assert.ok(
    a4doc.getPages().every((p) => Math.round(p.getWidth()) === 595 && Math.round(p.getHeight()) === 842),
    'A4',
  );
  assert.equal((await build('letter')).code, 0);
  const sizes = (doc: PDFDocument) =>
    doc.getPages().map((p) => `${Math.round(p.getWidth())}×${Math.round(p.getHeight())}`);
  // The receipt is an A4 scan (150 dpi recorded): it keeps its paper; the PDF's pages go on Letter.
  assert.deepEqual(
    sizes(await pdfOf('letter')),
    ['595×842', '612×792', '612×792'],
    'Letter by default, the A4 scan stays A4',
  );
  assert.equal((await build('letter-fit', '--fit-scans')).code, 0);
  assert.deepEqual(
    sizes(await pdfOf('letter-fit')),
    ['612×792', '612×792', '612×792'],
    '--fit-scans shrinks it onto Letter',
  );

  const strict = await build('strict', '--preset', 'strict');
  assert.equal(strict.code, 0, strict.stderr);
  const strictJson = JSON.parse(strict.stdout);
  assert.match(
    strictJson.warnings.join(' '),
    /PDF pages turned into images because the preset is black and white: 2-terms\.pdf pages 1–2/,
  );
  const strictPages = await readPdf(join(dir, 'strict', strictJson.files[0].name));
  assert.ok(
    strictPages.every((p) => p.text.length === 0 && p.pictures.length === 1),
    'every page drawn in black and white',
  );

  const fine = JSON.parse((await build('photo-200', '--preset', 'photo', '--dpi', '200')).stdout);
  const coarse = JSON.parse((await build('photo-100', '--preset', 'photo', '--dpi', '100', '--quality', '50')).stdout);
  const receiptWidth = async (out: string, name: string) =>
    (await readPdf(join(dir, out, name)))[0]!.pictures[0]!.widthPx;
  // The 150 dpi receipt is never upscaled to 200; at 100 dpi it is drawn smaller.
  assert.equal(await receiptWidth('photo-200', fine.files[0].name), 1240);
  assert.ok((await receiptWidth('photo-100', coarse.files[0].name)) < 900);
  assert.ok(coarse.totalBytes < fine.totalBytes);
  assert.equal(fine.settings.output, 'pdf');
});

test('--max-pages, --max-file-bytes and --max-total-bytes are the limits the packet is held to', async () => {
  const pages = await build('pages', '--max-pages', '2');
  assert.equal(pages.code, 1);
  assert.match(
    JSON.parse(pages.stdout)
      .problems.map((p: { message: string }) => p.message)
      .join(' '),
    /The packet has 3 pages; the limit is 2\. Remove 1 page\./,
  );
  assert.throws(() => readdirSync(join(dir, 'pages')), /ENOENT/, 'nothing written when it does not fit');

  const whole = JSON.parse((await cli(['evidence', 'build', scans, '--out', join(dir, 'whole'), '--json'])).stdout);
  assert.equal(whole.files.length, 1);
  const perFile = Math.round((whole.totalBytes / 3) * 2.2);
  const split = await cli([
    'evidence',
    'build',
    scans,
    '--out',
    join(dir, 'split'),
    '--json',
    '--max-file-bytes',
    String(perFile),
  ]);
  assert.equal(split.code, 0, split.stdout);
  const splitJson = JSON.parse(split.stdout);
  assert.ok(splitJson.files.length >= 2, 'split into files');
  assert.ok(splitJson.files.every((f: { bytes: number }) => f.bytes <= perFile));
  assert.equal(splitJson.totalPages, 3);

  const total = await build('total', '--max-total-bytes', '50000', '--max-file-bytes', '50000');
  assert.equal(total.code, 1);
  assert.match(
    JSON.parse(total.stdout)
      .problems.map((p: { message: string }) => p.message)
      .join(' '),
    /the limit is 0\.0 MB per chargeback|KB even at the smallest legible size/,
  );
});

test('--format image writes a single page as an image file', async () => {
  const single = await cli([
    'evidence',
    'build',
    join(inputs, '1-receipt.jpg'),
    '--out',
    join(dir, 'image'),
    '--format',
    'image',
    '--json',
  ]);
  assert.equal(single.code, 0, single.stderr);
  const json = JSON.parse(single.stdout);
  assert.deepEqual(
    json.files.map((f: { name: string; documentType: string }) => [f.name, f.documentType]),
    [['evidence.jpg', 'jpg']],
  );
  assert.equal((await sharp(join(dir, 'image', 'evidence.jpg')).metadata()).format, 'jpeg');
  const many = await cli(['evidence', 'build', inputs, '--out', join(dir, 'images'), '--format', 'image']);
  assert.equal(many.code, 1);
  assert.match(many.stdout, /An image file holds a single page; this packet has 3 pages/);
});

test(
  '--profile brings its limits, preset and page size; ' + '--cover-for writes the letter from the stored chargeback',
  async () => {
    const home = join(dir, 'profile-home');
    mkdirSync(home);
    const store = openStore(databaseFile(home));
    const tight: Profile = {
      ...profileDefaults,
      reminderThresholdDays: [7, 3, 1],
      id: 'prof_amex',
      name: 'Amex acquirer',
      deployment: 'test',
      url: 'http://127.0.0.1:9',
      merchant: 'Corner Shop',
      limits: { maxFileBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024, maxPages: 4, maxDpi: 200, colour: 'bw' },
      preset: 'document',
      pageSize: 'a4',
    };
    store.profiles.save(tight);
    store.profiles.save({
      ...tight,
      id: 'prof_other',
      name: 'Other',
      merchant: 'Other Shop',
      limits: profileDefaults.limits,
      pageSize: 'letter',
    });
    store.portfolio.upsertChargebacks(tight.id, [
      chargebackSchema.parse({
        id: 't1_chb_cli',
        total: 12345,
        currency: 'KWD',
        cycle: 'first',
        reasonCode: '13.1',
        reason: 'Merchandise not received',
        status: 'open',
        reply: 20261201,
        txn: 't1_txn_9',
      }),
    ]);
    store.close();
    const withProfile = await cli(
      ['evidence', 'build', inputs, '--out', join(dir, 'profiled'), '--profile', 'Amex acquirer', '--json'],
      home,
    );
    assert.equal(withProfile.code, 0, withProfile.stderr);
    const json = JSON.parse(withProfile.stdout);
    assert.deepEqual(json.settings, {
      preset: 'document',
      pageSize: 'a4',
      output: 'pdf',
      limits: tight.limits,
      profile: 'Amex acquirer',
    });
    const pages = await readPdf(join(dir, 'profiled', json.files[0].name));
    assert.ok(
      pages.every((p) => Math.round(p.width) === 595),
      "the profile's A4",
    );
    assert.ok(
      pages.every((p) => p.text.length === 0),
      'the profile allows only black and white: every page drawn',
    );
    const overridden = JSON.parse(
      (
        await cli(
          [
            'evidence',
            'build',
            inputs,
            '--out',
            join(dir, 'profiled-2'),
            '--profile',
            'Amex acquirer',
            '--max-pages',
            '2',
            '--json',
          ],
          home,
        )
      ).stdout,
    );
    assert.match(overridden.problems[0].message, /the limit is 2\./, 'a flag overrides the profile');

    const missing = await cli(['evidence', 'build', inputs, '--out', join(dir, 'nobody'), '--profile', 'Nobody'], home);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No profile "Nobody"\. Profiles here: Amex acquirer, Other\./);

    const letter = await cli(
      ['evidence', 'build', inputs, '--out', join(dir, 'letter'), '--cover-for', 't1_chb_cli', '--json'],
      home,
    );
    assert.equal(letter.code, 0, letter.stderr);
    const letterJson = JSON.parse(letter.stdout);
    assert.equal(letterJson.files[0].name, 'evidence t1_chb_cli.pdf');
    assert.equal(letterJson.settings.profile, 'Amex acquirer', 'the limits of the profile holding the chargeback');
    const read = await readPdf(join(dir, 'letter', letterJson.files[0].name));
    assert.equal(read.length, 4, 'letter and three pages');
    assert.match(
      read[0]!.plain,
      /Chargeback t1_chb_cli .*Card network Visa .*Reason code 13\.1 – Merchandise not received .*Amount KWD 12\.345 .*Reply due Tue, Dec 1, 2026/,
    );
    assert.match(read[0]!.plain, /Corner Shop/);
    // Listed by their titles (what their names say they show), never by the file names.
    assert.match(read[0]!.plain, /Exhibits 1\. Receipt or order record – page 2 2\. Terms and policy – pages 3–4/);
    assert.doesNotMatch(read[0]!.plain, /1-receipt\.jpg|2-terms\.pdf/);

    const elsewhere = await cli(
      ['evidence', 'build', inputs, '--out', join(dir, 'nope'), '--cover-for', 't1_chb_cli', '--profile', 'Other'],
      home,
    );
    assert.equal(elsewhere.code, 1);
    assert.match(elsewhere.stderr, /Chargeback t1_chb_cli is not in the local store of the profile "Other"/);

    // An ID no profile holds: looked for in every profile, refused with the reason and what to do.
    const unknown = await cli(
      ['evidence', 'build', inputs, '--out', join(dir, 'unknown'), '--cover-for', 't1_chb_missing'],
      home,
    );
    assert.equal(unknown.code, 1);
    assert.match(
      unknown.stderr,
      /^dispute-desk: Chargeback t1_chb_missing is not in the local store: run `dispute-desk sync` first, or check the ID\.$/m,
    );
    assert.equal(unknown.stdout, '');
    assert.throws(() => readdirSync(join(dir, 'unknown')), /ENOENT/, 'nothing built without the letter asked for');
  },
);

test('files passed over are listed with their reasons, and the build still exits 0', async () => {
  const folder = join(dir, 'with-junk');
  mkdirSync(folder);
  copyFileSync(join(inputs, '1-receipt.jpg'), join(folder, 'receipt.jpg'));
  copyFileSync(join(inputs, '1-receipt.jpg'), join(folder, 'second.jpg'));
  writeFileSync(join(folder, '.DS_Store'), Buffer.alloc(32));
  writeFileSync(join(folder, '.receipt-copy.jpg'), readFileSync(join(inputs, '1-receipt.jpg')));
  execFileSync('mkfifo', [join(folder, 'pipe')]);
  writeFileSync(join(folder, 'notes.txt'), 'call the customer');
  const text = await cli(['evidence', 'build', folder, '--out', join(dir, 'junk-out')]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^– \.DS_Store is a file the system keeps for itself, not evidence, and was skipped\.$/m);
  assert.match(text.stdout, /^– \.receipt-copy\.jpg is hidden \(its name starts with a dot\) and was skipped\./m);
  assert.match(text.stdout, /^– pipe is a pipe between programs, not a file, and was skipped\.$/m);
  assert.match(text.stdout, /^✗ notes\.txt is a plain text file/m);
  // Stored by earlier tests already: that is not news; a second copy in this run is.
  assert.match(text.stdout, /^✓ receipt\.jpg: JPEG, 1 page$/m);
  assert.match(text.stdout, /^✓ second\.jpg: JPEG, 1 page \(the same content as receipt\.jpg: used once\)$/m);
  const json = JSON.parse(
    (await cli(['evidence', 'build', folder, '--out', join(dir, 'junk-out-2'), '--json'])).stdout,
  );
  assert.equal(json.inputs.length, 6, 'every entry in the folder has an outcome');
  assert.equal(json.inputs.filter((i: { skipped?: boolean }) => i.skipped).length, 3);
});

test(
  '--cover-for a chargeback not in the store (a home ' + 'with no profiles) says so on stderr and builds nothing',
  async () => {
    const empty = join(dir, 'empty-home');
    mkdirSync(empty);
    const r = await cli(
      ['evidence', 'build', inputs, '--out', join(dir, 'missing-cover'), '--cover-for', 't1_chb_missing'],
      empty,
    );
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /Chargeback t1_chb_missing is not in the local store: run `dispute-desk sync` first, or check the ID\./,
    );
    assert.doesNotMatch(r.stderr, /of the profile/, 'no profile was named');
    assert.throws(() => readdirSync(join(dir, 'missing-cover')), /ENOENT/);
  },
);

test('text output names each file written with its pages and size', async () => {
  const check = async (from: string, out: string, ...flags: string[]) => {
    const r = await cli(['evidence', 'build', from, '--out', join(dir, out), ...flags]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /^\{/, 'text, not JSON');
    const files = readdirSync(join(dir, out))
      .filter((f) => f.endsWith('.pdf'))
      .sort();
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('→ '));
    assert.equal(lines.length, files.length, `one line per file written:\n${r.stdout}`);
    let pages = 0;
    for (const name of files) {
      const path = join(dir, out, name);
      const n = (await PDFDocument.load(readFileSync(path))).getPageCount();
      const line = `→ ${path}: ${n} ${n === 1 ? 'page' : 'pages'}, ${(statSync(path).size / 1024).toFixed(0)} KB`;
      assert.ok(lines.includes(line), `${JSON.stringify(line)} in\n${r.stdout}`);
      pages += n;
    }
    return { files: files.length, pages };
  };
  assert.deepEqual(await check(inputs, 'text-one'), { files: 1, pages: 3 });
  // The scans split across files: one line each, with that file's own pages.
  const whole = JSON.parse(
    (await cli(['evidence', 'build', scans, '--out', join(dir, 'text-whole'), '--json'])).stdout,
  );
  const split = await check(scans, 'text-split', '--max-file-bytes', String(Math.round((whole.totalBytes / 3) * 2.2)));
  assert.ok(split.files >= 2, 'split into files');
  assert.equal(split.pages, 3);
});

test('--preset strict draws pages in black and white (1 bit) at 200 dpi on paper', async () => {
  const hiRes = join(dir, 'hi-res');
  mkdirSync(hiRes);
  // A Letter page scanned at 300 dpi (8.5 × 11 in), and a 4 × 6 in receipt scanned at 300 dpi.
  await scanJpeg(join(hiRes, '1-letter.jpg'), { width: 2550, height: 3300, density: 300 });
  await scanJpeg(join(hiRes, '2-receipt.jpg'), { width: 1200, height: 1800, density: 300 });
  const r = await cli(['evidence', 'build', hiRes, '--out', join(dir, 'strict-200'), '--preset', 'strict', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.files.length, 1);
  const path = join(dir, 'strict-200', json.files[0].name);

  const doc = await PDFDocument.load(readFileSync(path));
  assert.equal(doc.getPageCount(), 2);
  const images = doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .filter(
      (o) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ) as PDFRawStream[];
  assert.equal(images.length, 2, 'one picture a page');
  for (const img of images) {
    assert.equal(img.dict.get(PDFName.of('BitsPerComponent'))?.toString(), '1', 'black and white: 1 bit per pixel');
    assert.equal(img.dict.get(PDFName.of('ColorSpace'))?.toString(), '/DeviceGray');
  }
  const widths = images.map((img) => Number(img.dict.get(PDFName.of('Width'))?.toString())).sort((a, b) => b - a);

  // Inches on paper: the scan's own size (pixels / its dpi): a full-page scan keeps its paper,
  // a receipt its size; 200 dpi of that, within 2%.
  const near = (actual: number, expected: number, what: string) =>
    assert.ok(
      Math.abs(actual - expected) <= expected * 0.02,
      `${what}: ${actual} px, expected about ${expected.toFixed(0)}`,
    );
  near(widths[0]!, 200 * 8.5, 'the Letter scan (8.5 in wide on paper)');
  near(widths[1]!, 200 * (1200 / 300), 'the 4 in receipt, kept at its size');

  // And as a viewer sees it: pixels over the drawn width in inches is 200.
  const pages = await readPdf(path);
  for (const [i, p] of pages.entries()) {
    assert.equal(p.pictures.length, 1);
    assert.equal(p.text.length, 0);
    const pic = p.pictures[0]!;
    near(pic.widthPx / (pic.width / 72), 200, `page ${i + 1} dpi`);
  }
});

test(
  'stdout holds only the JSON: a junk HEIC (its decoder ' + 'prints to stdout) is named as unusable, the PNG built',
  async () => {
    const files = join(dir, 'junk-heic');
    mkdirSync(files);
    // An 'ftyp' box with HEIC brands, then garbage: it sniffs as HEIC and libheif cannot parse it.
    const junk = Buffer.alloc(4096, 0x5a);
    junk.writeUInt32BE(24, 0);
    junk.write('ftypheic', 4, 'latin1');
    junk.writeUInt32BE(0, 12);
    junk.write('mif1heic', 16, 'latin1');
    writeFileSync(join(files, 'junk.heic'), junk);
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
      .png()
      .toFile(join(files, 'good.png'));
    const r = await cli([
      'evidence',
      'build',
      join(files, 'junk.heic'),
      join(files, 'good.png'),
      '--out',
      join(dir, 'junk-heic-out'),
      '--json',
    ]);
    let result: { inputs: Array<{ ok: boolean; name?: string; reason?: string }>; files: unknown[] };
    try {
      result = JSON.parse(r.stdout);
    } catch (e) {
      assert.fail(`stdout is not one JSON document (${(e as Error).message}):\n${r.stdout.slice(0, 300)}`);
    }
    assert.equal(r.code, 0, r.stderr);
    assert.equal(result.inputs.length, 2);
    const [heic, png] = result.inputs;
    assert.equal(heic!.ok, false);
    assert.match(heic!.reason!, /^junk\.heic could not be used: /);
    assert.equal(png!.ok, true);
    assert.equal(result.files.length, 1);
  },
);
