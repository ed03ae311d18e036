// Hostile files, written byte by byte where pdf-lib or sharp would refuse to make them: form bombs,
// content bombs, page trees that repeat one page, TIFFs of thousands of pages.

import { createDeflate, deflateSync } from 'node:zlib';

/** A PDF from object bodies (object n is bodies[n - 1]; object 1 is the catalog), with its xref. */
export function rawPdf(bodies: Array<string | { dict: string; stream: string }>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  bodies.forEach((b, i) => {
    offsets.push(at);
    const text =
      typeof b === 'string'
        ? `${i + 1} 0 obj\n${b}\nendobj\n`
        : `${i + 1} 0 obj\n<< ${b.dict} /Length ${Buffer.byteLength(b.stream, 'latin1')} ` +
          `>>\nstream\n${b.stream}\nendstream\nendobj\n`;
    const buf = Buffer.from(text, 'latin1');
    parts.push(buf);
    at += buf.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}

/** `levels` forms, each drawing the one below it `draws` times: draws^levels from a few KB. */
export function formBombPdf(levels = 40, draws = 2): Buffer {
  // 1 catalog, 2 pages, 3 page, 4 page content, 5.. forms (5 = the bottom one).
  const form = (k: number) => 4 + k; // form k (1-based) is object 4 + k
  const bodies: Array<string | { dict: string; stream: string }> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ' +
      `<< /XObject << /F ${form(levels)} 0 R >> >> /Contents 4 0 R >>`,
    { dict: '', stream: '/F Do '.repeat(draws) },
  ];
  for (let k = 1; k <= levels; k++) {
    const inner = k === 1 ? '0 0 1 1 re f' : '/G Do '.repeat(draws);
    const res = k === 1 ? '' : `/Resources << /XObject << /G ${form(k - 1)} 0 R >> >>`;
    bodies.push({ dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] ${res}`, stream: inner });
  }
  return rawPdf(bodies);
}

/** One page whose content stream (about 480 KB) draws a 10,000-operator form 80,000 times. */
export function contentBombPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /F 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '', stream: '/F Do\n'.repeat(80_000) },
    { dict: '/Type /XObject /Subtype /Form /BBox [0 0 612 792]', stream: '0 0 1 1 re f\n'.repeat(10_000) },
  ]);
}

/** One page that runs 600,000 operators through what is not a form: a 10,000-operator tiling
 * pattern cell (`pattern`) or soft mask group (`mask`) used 60 times, or a Type 3 font of 60
 * glyphs of 10,000 operators each (`glyph`: pdf.js keeps a font's glyphs, so each counts once). */
export function hiddenBombPdf(via: 'pattern' | 'mask' | 'glyph'): Buffer {
  const heavy = '0 0 1 1 re f\n'.repeat(10_000);
  const page = (resources: string, content: string) => [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents 4 0 R >>`,
    { dict: '', stream: content },
  ];
  if (via === 'pattern')
    return rawPdf([
      ...page('/Pattern << /P 5 0 R >>', '/Pattern cs /P scn 0 0 612 792 re f\n'.repeat(60)),
      {
        dict: '/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10',
        stream: heavy,
      },
    ]);
  if (via === 'mask')
    return rawPdf([
      ...page('/ExtGState << /M 5 0 R >>', 'q /M gs 0 0 612 792 re f Q\n'.repeat(60)),
      '<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 6 0 R >> >>',
      { dict: '/Type /XObject /Subtype /Form /Group << /S /Transparency >> /BBox [0 0 612 792]', stream: heavy },
    ]);
  // Sixty different glyphs of 10,000 operators each: 600,000 however often each is shown.
  const glyphs = Array.from({ length: 60 }, (_, i) => `/g${i} ${6 + i} 0 R`).join(' ');
  return rawPdf([
    ...page('/Font << /T 5 0 R >>', 'BT /T 12 Tf (A) Tj ET'),
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [1 0 0 1 0 0] ' +
      `/CharProcs << ${glyphs} >> /Encoding << /Differences [65 /g0] >> /FirstChar 65 /LastChar 65 /Widths [1] >>`,
    ...Array.from({ length: 60 }, () => ({ dict: '', stream: `1 0 d0 ${heavy}` })),
  ]);
}

/** A page drawn slowly but within every budget: `fills` full-page fills in alternating grays. */
export function slowPdf(fills: number): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    {
      dict: '',
      stream: Array.from({ length: fills }, (_, i) => `${i % 2 ? '0.2' : '0.8'} g 0 0 612 792 re f`).join('\n'),
    },
  ]);
}

/** A page tree that names the same page `times` times. */
export function repeatedPagePdf(times: number): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${'3 0 R '.repeat(times)}] /Count ${times} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]);
}

/** A little-endian baseline TIFF of `pages` 1 × 1 gray pages, one IFD each. */
export function manyPageTiff(pages: number): Buffer {
  const entries = 9;
  const ifdSize = 2 + entries * 12 + 4;
  const pageSize = ifdSize + 2; // the IFD, then its one pixel (padded to a word)
  const buf = Buffer.alloc(8 + pages * pageSize);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(8, 4);
  for (let p = 0; p < pages; p++) {
    const at = 8 + p * pageSize;
    const pixel = at + ifdSize;
    buf.writeUInt16LE(entries, at);
    const tags: Array<[number, number, number]> = [
      [256, 3, 1],
      [257, 3, 1],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1],
      [273, 4, pixel],
      [277, 3, 1],
      [278, 3, 1],
      [279, 4, 1],
    ];
    tags.forEach(([tag, type, value], i) => {
      const e = at + 2 + i * 12;
      buf.writeUInt16LE(tag, e);
      buf.writeUInt16LE(type, e + 2);
      buf.writeUInt32LE(1, e + 4);
      if (type === 3) buf.writeUInt16LE(value, e + 8);
      else buf.writeUInt32LE(value, e + 8);
    });
    buf.writeUInt32LE(p + 1 < pages ? at + pageSize : 0, at + 2 + entries * 12);
    buf[pixel] = 0x80;
  }
  return buf;
}

/** The longest the event loop went without a turn while `fn` ran (a 10 ms ticker's worst gap). */
export async function worstLag<T>(fn: () => Promise<T>): Promise<{ value: T; lagMs: number; ms: number }> {
  let last = performance.now();
  let worst = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  const start = performance.now();
  try {
    const value = await fn();
    return { value, lagMs: Math.max(worst, performance.now() - last - 10), ms: performance.now() - start };
  } finally {
    clearInterval(tick);
  }
}

/** A little-endian TIFF of `pages` gray pages of `side` × `side` pixels, all pointing at one
 * Deflate strip of zeros: about 110 KB of data stands for every page (zlib packs 1,000:1), so a
 * few hundred KB declare `pages × side²` pixels that a decoder would inflate one by one. */
export function pixelBombTiff(pages: number, side: number): Buffer {
  const strip = deflateSync(Buffer.alloc(side * side), { level: 9 });
  const entries = 10;
  const ifdSize = 2 + entries * 12 + 4;
  const first = 8 + strip.length + (strip.length % 2);
  const buf = Buffer.alloc(first + pages * ifdSize);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(first, 4);
  strip.copy(buf, 8);
  for (let p = 0; p < pages; p++) {
    const at = first + p * ifdSize;
    buf.writeUInt16LE(entries, at);
    const tags: Array<[number, number, number]> = [
      [256, 4, side],
      [257, 4, side],
      [258, 3, 8],
      [259, 3, 8], // Deflate
      [262, 3, 1],
      [273, 4, 8],
      [277, 3, 1],
      [278, 4, side],
      [279, 4, strip.length],
      [284, 3, 1],
    ];
    tags.forEach(([tag, type, value], i) => {
      const e = at + 2 + i * 12;
      buf.writeUInt16LE(tag, e);
      buf.writeUInt16LE(type, e + 2);
      buf.writeUInt32LE(1, e + 4);
      if (type === 3) buf.writeUInt16LE(value, e + 8);
      else buf.writeUInt32LE(value, e + 8);
    });
    buf.writeUInt32LE(p + 1 < pages ? at + ifdSize : 0, at + 2 + entries * 12);
  }
  return buf;
}

/** `total` bytes of zeros, deflated as a stream (never held whole): about 1 KB per MB. */
export async function deflatedZeros(total: number): Promise<Buffer> {
  const d = createDeflate({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => d.on('end', resolve));
  const chunk = Buffer.alloc(1 << 20);
  for (let n = 0; n < total; n += chunk.length)
    if (!d.write(chunk)) await new Promise((resolve) => d.once('drain', resolve));
  d.end();
  await ended;
  return Buffer.concat(out);
}

/** A PDF from object bodies whose streams are binary (Flate data): like rawPdf, bytes kept as they are. */
export function binaryPdf(bodies: Array<string | { dict: string; stream: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  bodies.forEach((b, i) => {
    offsets.push(at);
    const buf =
      typeof b === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${b}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< ${b.dict} /Length ${b.stream.length} >>\nstream\n`, 'latin1'),
            b.stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    parts.push(buf);
    at += buf.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}

/** `pages` pages, each drawing a content stream that inflates to whatever `deflated` holds. */
export function contentInflateBomb(deflated: Buffer, pages = 1): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + 2 * i} 0 R`).join(' ');
  const bodies: Array<string | { dict: string; stream: Buffer }> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
  ];
  for (let i = 0; i < pages; i++)
    bodies.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + 2 * i} 0 R >>`, {
      dict: '/Filter /FlateDecode',
      stream: deflated,
    });
  return binaryPdf(bodies);
}

/** One blank page whose objects stand in an object stream that inflates to whatever `deflated`
 * holds: unpacked by any reader while the file loads, before a page is looked at. */
export function objectStreamInflateBomb(deflated: Buffer): Buffer {
  return binaryPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    { dict: '/Type /ObjStm /N 1 /First 8 /Filter /FlateDecode', stream: deflated },
  ]);
}
