// Evidence pipeline benchmark: 50 synthetic A4 scans at 300 dpi (colour, text-like lines,
// noise, a slight tilt; generated here, nothing downloaded) into a document-preset PDF within
// 2 MB per file. The same job done with ImageMagick in the same run is the reference, run the way
// a fair script would: one `convert` per page (grayscale, 150 dpi, JPEG quality 75), then the
// pages wrapped into one PDF without re-encoding them (what img2pdf does; Debian's ImageMagick
// policy forbids its own PDF writer). Both sides are measured by GNU time: wall-clock seconds and
// peak resident memory (for ImageMagick, the largest of its processes, which run one at a time).
// Ours runs as a merchant runs it: `dispute-desk evidence build`, one process for the folder.
// Both PDFs are checked to hold 50 pages.
//
// Peak memory is also shown above each program's own floor (the same command given nothing to
// do): what the job itself costs. And the Node runtime alone is measured, since a target below
// it cannot be met by any program that runs on Node.
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  rmSync,
  readdirSync,
  statSync,
  mkdirSync,
  existsSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { textPage } from '../integration/evidence/corpus.ts';

const PAGES = 50;
const root = mkdtempSync(join(tmpdir(), 'dd-evbench-'));
const scans = join(root, 'scans');
mkdirSync(scans);

interface Run {
  seconds: number;
  maxRssKb: number;
}

const projectRoot = new URL('../..', import.meta.url).pathname;

function measure(cmd: string, args: string[], o: { mayFail?: boolean } = {}): Run {
  const start = performance.now();
  // NODE_OPTIONS from the runner would change the process measured.
  const env = { ...process.env, NODE_OPTIONS: '' };
  const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    cwd: projectRoot,
    env,
  });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0 && !o.mayFail) throw new Error(`${cmd} failed: ${r.stderr.slice(-800)}`);
  const maxRssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { seconds, maxRssKb };
}

async function pdfPages(dir: string): Promise<{ bytes: number; files: number; pages: number }> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
  let pages = 0;
  for (const f of files) pages += (await PDFDocument.load(readFileSync(join(dir, f)))).getPageCount();
  return { bytes: files.reduce((s, f) => s + statSync(join(dir, f)).size, 0), files: files.length, pages };
}

try {
  const im = spawnSync('convert', ['-version'], { encoding: 'utf8' });
  if (im.status !== 0 || !/ImageMagick/.test(im.stdout))
    throw new Error(
      'ImageMagick `convert` is not installed here (apt-get install imagemagick): the reference cannot run.',
    );
  if (!existsSync('/usr/bin/time'))
    throw new Error('GNU time (/usr/bin/time, apt-get install time) is needed to measure peak memory.');

  const genStart = performance.now();
  const page = textPage(2480, 3508, 70, 'Receipt');
  for (let i = 0; i < PAGES; i += 2) {
    await Promise.all(
      [i, i + 1]
        .filter((k) => k < PAGES)
        .map(async (k) => {
          const base = await sharp(page).flatten({ background: '#f6f3ec' }).raw().toBuffer({ resolveWithObject: true });
          const noise = await sharp({
            create: {
              width: 2480,
              height: 3508,
              channels: 3,
              background: '#808080',
              noise: { type: 'gaussian', mean: 0, sigma: 9 + (k % 5) },
            },
          })
            .raw()
            .toBuffer();
          const px = base.data;
          for (let j = 0; j < px.length; j++)
            px[j] = Math.max(0, Math.min(255, px[j]! + noise[j % noise.length]! - 128 + (k % 7)));
          await sharp(px, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } })
            .rotate(((k % 5) - 2) * 0.35, { background: '#ffffff' })
            .resize(2480, 3508, { fit: 'cover' })
            .withMetadata({ density: 300 })
            .jpeg({ quality: 88 })
            .toFile(join(scans, `scan-${String(k).padStart(2, '0')}.jpg`));
        }),
    );
  }
  const scanFiles = readdirSync(scans)
    .sort()
    .map((f) => join(scans, f));
  console.log(
    `Generated ${PAGES} A4 scans at 300 dpi (2480 × 3508, colour, noise, tilt) ` +
      `in ${((performance.now() - genStart) / 1000).toFixed(1)} s; ` +
      `${(scanFiles.reduce((s, f) => s + statSync(f).size, 0) / 1048576).toFixed(1)} MB in total.`,
  );

  // Dispute Desk: the CLI, one process for the whole folder, as a merchant runs it.
  const cli = (from: string, out: string, o?: { mayFail?: boolean }): Run =>
    measure(
      process.execPath,
      [
        new URL('../../electron/cli-bin.mjs', import.meta.url).pathname,
        'evidence',
        'build',
        from,
        '--out',
        out,
        '--home',
        join(root, 'home'),
        '--preset',
        'document',
        '--page',
        'a4',
        '--max-file-bytes',
        String(2 * 1024 * 1024),
        '--max-total-bytes',
        String(500 * 1024 * 1024),
        '--max-pages',
        '500',
        '--json',
      ],
      o,
    );
  const ours = cli(scans, join(root, 'ours'));
  // Its floor: the same command on an empty folder (it loads the pipeline, finds nothing, stops).
  mkdirSync(join(root, 'empty'));
  const ourFloor = cli(join(root, 'empty'), join(root, 'ours-empty'), { mayFail: true });
  const nodeAlone = measure(process.execPath, ['-e', '0']);
  const ourOut = await pdfPages(join(root, 'ours'));

  // ImageMagick: one convert per page, one at a time (its OpenMP threads use both cores), with
  // a memory limit high enough that it never spills to its disk cache.
  mkdirSync(join(root, 'im'));
  mkdirSync(join(root, 'impolicy'));
  writeFileSync(
    join(root, 'impolicy', 'policy.xml'),
    '<policymap><policy domain="resource" name="memory" value="16GiB"/><policy ' +
      'domain="resource" name="map" value="16GiB"/><policy domain="resource" name="area" ' +
      'value="4GP"/><policy domain="resource" name="disk" value="32GiB"/></policymap>',
  );
  process.env.MAGICK_CONFIGURE_PATH = join(root, 'impolicy');
  const perPage: Run[] = scanFiles.map((f, i) =>
    measure('convert', [
      '-density',
      '300',
      f,
      '-colorspace',
      'Gray',
      '-resample',
      '150',
      '-quality',
      '75',
      join(root, 'im', `page-${String(i).padStart(2, '0')}.jpg`),
    ]),
  );
  // The PDF around ImageMagick's pages: each JPEG placed as it is on an A4 page.
  const wrapScript = `import { PDFDocument } from 'pdf-lib';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [dir, out] = process.argv.slice(1);
const doc = await PDFDocument.create();
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort()) {
  const img = await doc.embedJpg(readFileSync(join(dir, f)));
  const page = doc.addPage([595.44, 841.68]);
  const scale = Math.min(595.44 / img.width, 841.68 / img.height);
  const [width, height] = [img.width * scale, img.height * scale];
  page.drawImage(img, { x: (595.44 - width) / 2, y: (841.68 - height) / 2, width, height });
}
writeFileSync(out, await doc.save({ useObjectStreams: true }));
`;
  mkdirSync(join(root, 'im-pdf'));
  const wrap = measure(process.execPath, [
    '--no-warnings',
    '--input-type=module',
    '-e',
    wrapScript,
    join(root, 'im'),
    join(root, 'im-pdf', 'imagemagick.pdf'),
  ]);
  const theirs: Run = {
    seconds: perPage.reduce((s, r) => s + r.seconds, 0) + wrap.seconds,
    maxRssKb: Math.max(...perPage.map((r) => r.maxRssKb), wrap.maxRssKb),
  };
  const convertPeak = Math.max(...perPage.map((r) => r.maxRssKb));
  // Its floor: the same convert on a one-pixel scan.
  await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .withMetadata({ density: 300 })
    .jpeg()
    .toFile(join(root, 'pixel.jpg'));
  const theirFloor = measure('convert', [
    '-density',
    '300',
    join(root, 'pixel.jpg'),
    '-colorspace',
    'Gray',
    '-resample',
    '150',
    '-quality',
    '75',
    join(root, 'pixel-out.jpg'),
  ]);
  const imOut = await pdfPages(join(root, 'im-pdf'));

  for (const [who, out] of [
    ['Dispute Desk', ourOut],
    ['ImageMagick', imOut],
  ] as const) {
    if (out.pages !== PAGES) throw new Error(`${who}'s PDF has ${out.pages} pages, not ${PAGES}.`);
  }
  const row = (who: string, r: Run, out: { bytes: number; files: number }) =>
    console.log(
      `${who.padEnd(14)} ${(PAGES / r.seconds).toFixed(2).padStart(7)} pages/s   ` +
        `${(r.maxRssKb / 1024).toFixed(0).padStart(6)} MB peak   ` +
        `${(out.bytes / PAGES / 1024).toFixed(0).padStart(5)} KB/page   ${out.files} file(s), ` +
        `${(out.bytes / 1048576).toFixed(2)} MB, ${PAGES} pages   (${r.seconds.toFixed(1)} s)`,
    );
  console.log(`On ${cpus().length} cores:`);
  row('Dispute Desk', ours, ourOut);
  row('ImageMagick', theirs, imOut);
  console.log(
    `(ImageMagick: ${PAGES} converts, ${(perPage.reduce((s, r) => s + r.seconds, 0) / PAGES).toFixed(2)} ` +
      `s and up to ${(convertPeak / 1024).toFixed(0)} MB each; the PDF wrapped around its ` +
      `pages in ${wrap.seconds.toFixed(1)} s and ${(wrap.maxRssKb / 1024).toFixed(0)} MB.)`,
  );
  const speed = theirs.seconds / ours.seconds;
  const memory = ours.maxRssKb / theirs.maxRssKb;
  const size = ourOut.bytes / imOut.bytes;
  const verdict = (ok: boolean, miss: string) => (ok ? 'ok' : `MISSED (${miss})`);
  const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;
  console.log(
    `speed:  ${speed.toFixed(2)}× ImageMagick's pages per second (target ≥ ` +
      `4×) ${verdict(speed >= 4, `${((1 - speed / 4) * 100).toFixed(0)}% short`)}`,
  );
  console.log(
    `memory: ${memory.toFixed(2)} of ImageMagick's peak (target ≤ 0.25, ${mb(theirs.maxRssKb / 4)}) ` +
      `${verdict(memory <= 0.25, `${(memory / 0.25).toFixed(1)}× the target`)}`,
  );
  console.log(
    `        the Node runtime alone (node -e 0) peaks at ${mb(nodeAlone.maxRssKb)} = ` +
      `${(nodeAlone.maxRssKb / theirs.maxRssKb).toFixed(2)} of ImageMagick's ` +
      `peak${nodeAlone.maxRssKb > theirs.maxRssKb / 4 ? ': no program on Node can meet this target' : ''}`,
  );
  const ourWork = ours.maxRssKb - ourFloor.maxRssKb;
  const theirWork = convertPeak - theirFloor.maxRssKb;
  console.log(
    `        above each program's floor (the same command with nothing to do: ours ` +
      `${mb(ourFloor.maxRssKb)}, convert ${mb(theirFloor.maxRssKb)}): ours ${mb(ourWork)} for all ` +
      `${PAGES} pages, ImageMagick ${mb(theirWork)} for one page = ${(ourWork / theirWork).toFixed(2)}`,
  );
  console.log(
    `output: ${size.toFixed(2)} of ImageMagick's bytes (target ≤ 1) ` +
      `${verdict(size <= 1, `${((size - 1) * 100).toFixed(0)}% larger`)}`,
  );
  const largest = Math.max(...readdirSync(join(root, 'ours')).map((f) => statSync(join(root, 'ours', f)).size));
  console.log(
    `largest file: ${(largest / 1048576).toFixed(2)} MB (limit 2 MB) ${largest <= 2 * 1024 * 1024 ? 'ok' : 'MISSED'}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
