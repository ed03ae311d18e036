// Evidence pipeline benchmark, whole process: ten A4 receipt scans at 300 dpi (6 pt print, paper
// tone, noise, a slight tilt; generated here, nothing downloaded; one of them prints a full,
// Luhn-valid card number) into a document-preset PDF within 2 MB, as a merchant runs it:
// `dispute-desk evidence build` (bin/dispute-desk.mjs, the bundled CLI the README puts on PATH,
// bundled here first as `npm run build` does), one process from Node's start to its exit, the
// CLI's own start, the import into the evidence store and the card-number search included (every
// page searched: the places of a page of print that could hold a card number are read by OCR,
// any other page is read whole; electron/evidence/card-mask/read-places.ts). The same scans as one
// PDF (img2pdf, as a scanner's app writes them) are built the same way and printed beside, without
// a target: their pages are drawn from their JPEGs, not by pdf.js (pdf-picture-page.ts).
//
// Two references, each the fastest fair script for its job:
// - plain: ONE ImageMagick `convert` over all ten scans (grayscale, 150 dpi, JPEG quality 75; its
//   OpenMP threads use both cores), then img2pdf wrapping the JPEGs into one A4 PDF without
//   re-encoding them (Debian's ImageMagick policy forbids its own PDF writer). It does not look
//   for card numbers: the issue's ≥ 3× target is against it.
// - same job: the same script, plus Debian's native `tesseract` reading every 150 dpi page for
//   its words and their boxes (what a mask is drawn from), two pages at once (`xargs -P2`): how a
//   script would search every page. It paints no mask (we do); its model is Debian's "fast" one
//   (ours is the integer "best" model in WebAssembly, the only one the app ships).
// ImageMagick's memory limits are raised so it never spills its pixels to a disk cache, which
// would only slow it down. The three run in turn, PAIRS times, each measured by GNU time (wall
// seconds, CPU seconds, and the peak resident memory of the largest process in the run); medians
// are printed, and each ratio is the median of the rounds' ratios, so a machine whose speed drifts
// during the run still compares like with like.
//
// Our packet is then checked from the outside: its card page, drawn by poppler and read by
// Debian's Tesseract, shows no full card number, and its order number is still readable.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { receiptLines, receiptScan } from '../support/receipts.ts';
import { findCardNumbers } from '../../shared/evidence/card-numbers.ts';
import { bundleCli } from '../../build/cli-bundle.ts';

const PAGES = 10;
const PAIRS = 5;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const TARGET = 3;
/** The page printing a full card number (a Visa test number: Luhn-valid, as a real one is). */
const CARD_PAGE = 3;
const CARD = '4111 1111 1111 1111';
const root = mkdtempSync(join(tmpdir(), 'dd-evbench-'));
const scans = join(root, 'scans');
const projectRoot = new URL('../..', import.meta.url).pathname;
const cliBin = join(projectRoot, 'bin', 'dispute-desk.mjs');
await bundleCli({ root: projectRoot, outdir: join(projectRoot, 'dist/cli') });

interface Run {
  seconds: number;
  /** User and system CPU seconds of the whole process tree: what a busy machine bends least. */
  cpu: number;
  peakKb: number;
  stdout: string;
}

/** One whole process under GNU time. The runner's NODE_OPTIONS would change the process measured. */
function measure(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const start = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', cmd, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    cwd: projectRoot,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr.slice(-800)}`);
  const figure = (name: string): number => Number(new RegExp(`${name}: ([\\d.]+)`).exec(r.stderr)?.[1] ?? NaN);
  const cpu = figure('User time \\(seconds\\)') + figure('System time \\(seconds\\)');
  return { seconds, cpu, peakKb: figure('Maximum resident set size \\(kbytes\\)'), stdout: r.stdout };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function pdfOf(dir: string): Promise<{ bytes: number; pages: number; files: number }> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
  let pages = 0;
  for (const f of files) pages += (await PDFDocument.load(readFileSync(join(dir, f)))).getPageCount();
  return { bytes: files.reduce((s, f) => s + statSync(join(dir, f)).size, 0), pages, files: files.length };
}

function need(cmd: string, args: string[], what: string): void {
  if (spawnSync(cmd, args, { encoding: 'utf8' }).status !== 0)
    throw new Error(`${what} is not installed here (bash .ci/setup installs it): the reference cannot run.`);
}

try {
  need('convert', ['-version'], 'ImageMagick (`convert`)');
  need('img2pdf', ['--version'], '`img2pdf`');
  need('tesseract', ['--version'], "Tesseract (`tesseract`, Debian's tesseract-ocr)");
  need('pdftoppm', ['-v'], "poppler's `pdftoppm`");
  if (!existsSync('/usr/bin/time')) throw new Error('GNU time (/usr/bin/time, apt-get install time) is needed.');

  mkdirSync(scans);
  const genStart = performance.now();
  for (let k = 0; k < PAGES; k++) {
    const printed = receiptLines({
      order: `ORD-${48213 + k}`,
      total: '$129.00',
      date: '6 Oct 2026',
      last4: '4242',
      auth: 'A1B2C3',
      items: 50,
      seed: k + 1,
    });
    if (k === CARD_PAGE) printed.splice(6, 0, `Card number ${CARD}`);
    writeFileSync(
      join(scans, `scan-${String(k).padStart(2, '0')}.jpg`),
      await receiptScan(printed, { look: 'scan', seed: 7 * k + 1 }),
    );
  }
  const scanBytes = readdirSync(scans).reduce((s, f) => s + statSync(join(scans, f)).size, 0);
  console.log(
    `Generated ${PAGES} A4 receipt scans at 300 dpi (2480 × 3508, colour, 6 pt print) in ` +
      `${((performance.now() - genStart) / 1000).toFixed(1)} s; ${(scanBytes / 1048576).toFixed(1)} MB in total.`,
  );

  // The same scans as one PDF, as a scanner's app or img2pdf writes them (each page one JPEG): a
  // merchant's other common input, drawn from its JPEGs as the files are (pdf-picture-page.ts).
  const scannedPdf = join(root, 'scanned');
  mkdirSync(scannedPdf);
  const wrapped = spawnSync(
    'img2pdf',
    [
      '--pagesize',
      'A4',
      '-o',
      join(scannedPdf, 'scans.pdf'),
      ...readdirSync(scans)
        .sort()
        .map((f) => join(scans, f)),
    ],
    { encoding: 'utf8' },
  );
  if (wrapped.status !== 0) throw new Error(`img2pdf could not wrap the scans: ${wrapped.stderr}`);

  const policy = join(root, 'impolicy');
  mkdirSync(policy);
  writeFileSync(
    join(policy, 'policy.xml'),
    '<policymap><policy domain="resource" name="memory" value="16GiB"/><policy ' +
      'domain="resource" name="map" value="16GiB"/><policy domain="resource" name="area" ' +
      'value="4GP"/><policy domain="resource" name="disk" value="32GiB"/></policymap>',
  );
  // The reference scripts, as a merchant with ImageMagick (and Tesseract) would write them.
  const convert = 'convert -density 300 "$@" -colorspace Gray -resample 150 -quality 75 "$out/page-%02d.jpg"; ';
  const script =
    'set -e; out=$1; shift; ' +
    convert +
    'img2pdf --pagesize A4 -o "$out/packet.pdf" "$out"/page-*.jpg; rm "$out"/page-*.jpg';
  // Each page's words and boxes as TSV (page-NN.tsv), one Tesseract thread per process and two
  // processes at once: its own OpenMP threads would only fight the other process for the cores.
  const withOcr =
    'set -e; out=$1; shift; ' +
    convert +
    'ls "$out"/page-*.jpg | OMP_THREAD_LIMIT=1 xargs -P2 -I{} sh -c \'tesseract "$1" "${1%.jpg}" --psm 6 tsv ' +
    "2>/dev/null' _ {}; " +
    'img2pdf --pagesize A4 -o "$out/packet.pdf" "$out"/page-*.jpg; rm "$out"/page-*.jpg';
  const scanFiles = readdirSync(scans)
    .sort()
    .map((f) => join(scans, f));

  /** Our build of the files in `from`, as a merchant runs it. */
  const build = (from: string, out: string, home: string): Run =>
    measure(process.execPath, [
      cliBin,
      'evidence',
      'build',
      from,
      '--out',
      out,
      '--home',
      home,
      '--preset',
      'document',
      '--page',
      'a4',
      '--max-file-bytes',
      String(MAX_FILE_BYTES),
      '--json',
    ]);
  const ours: Run[] = [];
  const oursPdf: Run[] = [];
  const theirs: Run[] = [];
  const theirsOcr: Run[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // A fresh store each time: the import is part of the job, and a store that already holds
    // the scans would skip it.
    const out = join(root, `ours-${i}`);
    ours.push(build(scans, out, join(root, `home-${i}`)));
    oursPdf.push(build(scannedPdf, join(root, `ours-pdf-${i}`), join(root, `home-pdf-${i}`)));
    const im = join(root, `im-${i}`);
    mkdirSync(im);
    theirs.push(measure('sh', ['-c', script, 'reference', im, ...scanFiles], { MAGICK_CONFIGURE_PATH: policy }));
    const imOcr = join(root, `im-ocr-${i}`);
    mkdirSync(imOcr);
    theirsOcr.push(measure('sh', ['-c', withOcr, 'reference', imOcr, ...scanFiles], { MAGICK_CONFIGURE_PATH: policy }));
  }
  // The CLI's start alone: what every command pays before its own work.
  const start = Array.from({ length: 3 }, () => measure(process.execPath, [cliBin, '--help']));
  const nodeAlone = Array.from({ length: 3 }, () => measure(process.execPath, ['-e', '0']));

  const ourOut = await pdfOf(join(root, 'ours-0'));
  const imOut = await pdfOf(join(root, 'im-0'));
  const imOcrOut = await pdfOf(join(root, 'im-ocr-0'));
  for (const [who, out] of [
    ['Dispute Desk', ourOut],
    ['ImageMagick + img2pdf', imOut],
    ['ImageMagick + Tesseract + img2pdf', imOcrOut],
  ] as const)
    if (out.pages !== PAGES) throw new Error(`${who}'s PDF has ${out.pages} pages, not ${PAGES}.`);

  // Both searched for the number: the reference's Tesseract read it, and our build masked it.
  const tsv = readFileSync(join(root, 'im-ocr-0', `page-${String(CARD_PAGE).padStart(2, '0')}.tsv`), 'utf8');
  // Its words line by line (block, paragraph and line numbers), as our search joins them.
  const lines = new Map<string, string[]>();
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c[0] !== '5') continue;
    const key = c.slice(2, 5).join(':');
    lines.set(key, [...(lines.get(key) ?? []), c[11] ?? '']);
  }
  const words = [...lines.values()].map((l) => l.join(' ')).join('\n');
  const full = CARD.replace(/\s/g, '');
  if (!findCardNumbers(words).some((h) => h.digits === full))
    throw new Error(`The reference's Tesseract did not read the card number: ${words.slice(0, 400)}`);
  const report = JSON.parse(ours[0]!.stdout) as { masked?: Array<{ name: string; page: number; last4: string }> };
  const cardFile = `scan-${String(CARD_PAGE).padStart(2, '0')}.jpg`;
  if (!report.masked?.some((m) => m.name === cardFile && m.last4 === full.slice(-4)))
    throw new Error(`Our build did not mask the card number on ${cardFile}: ${JSON.stringify(report.masked)}`);
  // Our built page, read from the outside (poppler, then Debian's Tesseract): no full number left.
  const readBack = (dir: string, who: string): void => {
    const pdf = join(
      root,
      dir,
      readdirSync(join(root, dir))
        .sort()
        .find((f) => f.endsWith('.pdf'))!,
    );
    const page = String(CARD_PAGE + 1);
    const png = spawnSync('pdftoppm', ['-r', '200', '-gray', '-png', '-f', page, '-l', page, pdf], {
      maxBuffer: 64 * 1024 * 1024,
    }).stdout;
    const read = spawnSync('tesseract', ['-', 'stdout', '--psm', '6'], { input: png, encoding: 'utf8' }).stdout;
    const leaked = findCardNumbers(read).map((h) => h.digits);
    const orderShown = read.includes(`ORD-${48213 + CARD_PAGE}`);
    if (leaked.length || !orderShown)
      throw new Error(
        `${who}'s card page, read back: ${leaked.length ? 'a full number left' : 'order number unreadable'}.`,
      );
  };
  readBack('ours-0', 'Our build');
  const fromPdf = JSON.parse(oursPdf[0]!.stdout) as { masked?: Array<{ name: string; last4: string }> };
  if (!fromPdf.masked?.some((m) => m.name === 'scans.pdf' && m.last4 === full.slice(-4)))
    throw new Error(`Our build from the scanned PDF did not mask the card number: ${JSON.stringify(fromPdf.masked)}`);
  readBack('ours-pdf-0', 'The build from the scanned PDF');
  const largest = Math.max(...readdirSync(join(root, 'ours-0')).map((f) => statSync(join(root, 'ours-0', f)).size));

  const row = (who: string, runs: Run[], out: { bytes: number; files: number }) => {
    const s = runs.map((r) => r.seconds);
    const cpu = median(runs.map((r) => r.cpu));
    const peak = median(runs.map((r) => r.peakKb)) / 1024;
    console.log(
      `${who.padEnd(22)} ${median(s).toFixed(2).padStart(6)} s wall (${Math.min(...s).toFixed(2)}–` +
        `${Math.max(...s).toFixed(2)})   ${cpu.toFixed(2).padStart(5)} s CPU   ${peak.toFixed(0).padStart(4)} ` +
        `MB peak   ${(out.bytes / 1048576).toFixed(2)} MB in ${out.files} file(s), ` +
        `${(out.bytes / PAGES / 1024).toFixed(0)} KB/page`,
    );
  };
  const load = loadavg()[0]!;
  console.log(`On ${cpus().length} cores (load average ${load.toFixed(1)}), ${PAIRS} runs of each in turn (medians):`);
  row('Dispute Desk (CLI)', ours, ourOut);
  row('  from one scanned PDF', oursPdf, await pdfOf(join(root, 'ours-pdf-0')));
  row('ImageMagick + img2pdf', theirs, imOut);
  row('  + Tesseract per page', theirsOcr, imOcrOut);
  console.log(
    `(the CLI's start, \`dispute-desk --help\`: ${median(start.map((r) => r.seconds)).toFixed(2)} s; ` +
      `\`node -e 0\`: ${median(nodeAlone.map((r) => r.seconds)).toFixed(2)} s, ` +
      `${(median(nodeAlone.map((r) => r.peakKb)) / 1024).toFixed(0)} MB)`,
  );
  const speed = median(theirs.map((t, i) => t.seconds / ours[i]!.seconds));
  const cpuRatio = median(theirs.map((t, i) => t.cpu / ours[i]!.cpu));
  const speedOcr = median(theirsOcr.map((t, i) => t.seconds / ours[i]!.seconds));
  const cpuOcr = median(theirsOcr.map((t, i) => t.cpu / ours[i]!.cpu));
  const memory = median(ours.map((r) => r.peakKb)) / median(theirs.map((r) => r.peakKb));
  console.log(
    `speed:  ${speed.toFixed(2)}× the plain script's wall time (median of the rounds; target ≥ ` +
      `${TARGET}×) ${speed >= TARGET ? 'ok' : `MISSED (${((1 - speed / TARGET) * 100).toFixed(0)}% short)`}`,
  );
  if (speed < TARGET)
    console.log(
      '        the plain script does not look for card numbers; we search every page (card numbers ' +
        "must not leave unmasked): the OCR engines' start and the places read cost on top of the " +
        'plain job, and the same-job ratio below compares like with like',
    );
  console.log(`        ${speedOcr.toFixed(2)}× the same job's wall time (the script with Tesseract on every page)`);
  // On a machine shared with other work the reference's threads wait for each other and its wall
  // time stretches more than ours: the CPU ratio says how much of the speed is the machine's load.
  console.log(
    `CPU:    ${cpuRatio.toFixed(2)}× the plain script's CPU time, ${cpuOcr.toFixed(2)}× the same job's ` +
      '(above 1: less CPU than the reference)',
  );
  console.log(
    `masks:  the card number on ${cardFile} covered but for its last four; read back by Debian's ` +
      'Tesseract, our page shows no full number and its order number: ok',
  );
  if (load > cpus().length)
    console.log(
      `        the machine was busy (load ${load.toFixed(1)} on ${cpus().length} cores): the reference's ` +
        'threads wait for each other, so the wall ratio flatters us: run it again on an idle ' +
        'machine, and until then count on the CPU ratio',
    );
  console.log(
    `scanned PDF: the same scans as one PDF take ${median(oursPdf.map((r, i) => r.seconds / ours[i]!.seconds)).toFixed(2)}× ` +
      "the JPEG files' time (no target; each page is drawn from its JPEG, as a file is), its card page masked: ok",
  );
  console.log(`memory: ${memory.toFixed(2)} of the reference's peak`);
  console.log(`output: ${(ourOut.bytes / imOut.bytes).toFixed(2)} of the reference's bytes`);
  console.log(
    `largest file: ${(largest / 1048576).toFixed(2)} MB (limit 2 MB) ${largest <= MAX_FILE_BYTES ? 'ok' : 'MISSED'}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
