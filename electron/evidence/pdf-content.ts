// What a PDF page holds, read from its content stream without drawing it: the pictures on it
// (their pixels and the size they are drawn at, hence their resolution) and whether it has text.
// The solver needs this to keep a page as it is only when that meets the profile's dpi limit;
// reading the operators is cheap, where rendering would decode every picture.
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  PDFBool,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { DecodeError } from './decode-error.ts';

/** What one page may cost before it is refused: a few kilobytes of forms drawn within forms (or
 * one huge content stream) can ask for billions of operations, which would freeze whatever draws
 * them. Real pages, even dense vector drawings, stay far below these. Counted with every form
 * expanded where it is drawn, exactly as a renderer would run them, and so are tiling patterns'
 * cells and soft masks' groups where they are used, and a Type 3 font's glyphs once a page. */
export const pageBudget = {
  operators: 500_000,
  formNesting: 12,
  /** Decoded content (the page's and its forms', each time drawn). */
  contentBytes: 64 * 1024 * 1024,
} as const;

export interface PageContent {
  /** The finest picture on the page, in pixels per inch of the page as drawn (0 when none). */
  maxImageDpi: number;
  /** The largest picture, in pixels: a decompression bomb shows here before anything decodes it. */
  maxImagePixels: number;
  images: number;
  hasText: boolean;
  /** A picture written into the content itself (inline) as JPEG or JPEG 2000: it may carry EXIF
   * or XMP, which cannot be taken out of a content stream, so the page is not kept as it is. */
  inlineJpeg: boolean;
  /** What is read here is not all pdf.js draws: a stream pdf-lib decodes otherwise (misread),
   * annotations that draw (a form field's value, a stamp) whose appearances neither the text layer
   * nor a kept copy of the page has, or what is painted through a tiling pattern, a Type 3 font's
   * glyphs or a soft mask (a picture or text there is counted nowhere here, and the text layer
   * does not hold it). Such a page is drawn, and searched as drawn. */
  drawnOnly: boolean;
}

/** The filter names (full and abbreviated) of pictures that can carry their own metadata. */
const jpegFilters = new Set(['DCTDecode', 'DCT', 'JPXDecode']);

/** Operators that paint a picture, a form or text, or paint through a pattern. */
const HIDDEN_PAINT = new Set(['Do', 'BI', 'Tj', 'TJ', "'", '"', 'scn', 'SCN']);

type Matrix = [number, number, number, number, number, number];
const identity: Matrix = [1, 0, 0, 1, 0, 0];

/** CTM' = m × ctm (the PDF `cm` operator). */
function times(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

type Token = { t: 'num'; v: number } | { t: 'name'; v: string } | { t: 'op'; v: string } | { t: 'other' };

/** The content-stream tokens that matter here; strings, arrays and dictionaries are skipped. */
class Lexer {
  pos = 0;
  readonly b: Uint8Array;
  constructor(b: Uint8Array) {
    this.b = b;
  }

  next(): Token | undefined {
    const b = this.b;
    const n = b.length;
    while (this.pos < n) {
      const c = b[this.pos]!;
      if (WHITE.has(c)) {
        this.pos++;
        continue;
      }
      if (c === 0x25 /* % */) {
        while (this.pos < n && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
        continue;
      }
      if (c === 0x28 /* ( */) {
        let depth = 0;
        for (; this.pos < n; this.pos++) {
          if (b[this.pos] === 0x5c) this.pos++;
          else if (b[this.pos] === 0x28) depth++;
          else if (b[this.pos] === 0x29 && --depth === 0) break;
        }
        this.pos++;
        return { t: 'other' };
      }
      if (c === 0x3c /* < */) {
        if (b[this.pos + 1] === 0x3c) this.pos += 2;
        else {
          while (this.pos < n && b[this.pos] !== 0x3e) this.pos++;
          this.pos++;
        }
        return { t: 'other' };
      }
      if (c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
        this.pos += c === 0x3e && b[this.pos + 1] === 0x3e ? 2 : 1;
        return { t: 'other' };
      }
      const isName = c === 0x2f;
      let j = this.pos + (isName ? 1 : 0);
      while (j < n && !WHITE.has(b[j]!) && !DELIM.has(b[j]!)) j++;
      const word = String.fromCharCode(...b.subarray(isName ? this.pos + 1 : this.pos, j));
      this.pos = j;
      if (isName) return { t: 'name', v: word };
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { t: 'num', v: Number(word) };
      return { t: 'op', v: word };
    }
    return undefined;
  }

  /** From just after BI: its dictionary, ID and data, skipped. */
  skipInlineImage(): void {
    for (let v = this.next(); v; v = this.next()) {
      if (v.t === 'op' && v.v === 'ID') return this.skipInlineImageData();
    }
  }

  /** After an inline image's ID and one white-space byte, its data runs to an EI standing
   * between white space: skipped without reading it as operators. */
  skipInlineImageData(): void {
    const b = this.b;
    for (let i = this.pos + 1; i + 1 < b.length; i++) {
      if (b[i] === 0x45 && b[i + 1] === 0x49 && WHITE.has(b[i - 1]!) && (i + 2 >= b.length || WHITE.has(b[i + 2]!))) {
        this.pos = i + 2;
        return;
      }
    }
    this.pos = b.length;
  }
}

type Lookup = (o: PDFObject | undefined) => PDFObject | undefined;

/** A page's object, or the object a reference on the page points to. */
const lookupIn =
  (page: PDFPage): Lookup =>
  (o) =>
    o instanceof PDFRef ? page.doc.context.lookup(o) : o;

function streamBytes(o: PDFObject | undefined): Uint8Array | undefined {
  if (!(o instanceof PDFRawStream)) return undefined;
  try {
    return decodePDFRawStream(o).decode();
  } catch (e) {
    // A filter no reader here knows (abbreviations are written in full when the file is loaded):
    // what the page would draw cannot be priced, so it is not drawn. pdf-lib's errors are plain
    // Errors (compiled for ES5, `instanceof` its own classes fails): known by their message.
    const unknown = e instanceof Error ? /^(\S+) stream encoding not supported$/.exec(e.message) : null;
    if (unknown)
      throw new DecodeError(
        `a page's drawing is packed with a method this app cannot read (${unknown[1]}). ` +
          'Print it to a new PDF and add that',
      );
    throw e;
  }
}

/** Whether pdf-lib's decoding could read a stream differently from pdf.js: a predictor (which it
 * does not undo), or the short keys pdf.js also takes (/F for /Filter, /DP for /DecodeParms),
 * which it ignores. Its operators then cannot be trusted here, though pdf.js draws them. */
function misread(x: PDFRawStream, lookup: Lookup): boolean {
  if (x.dict.get(PDFName.of('F')) !== undefined || x.dict.get(PDFName.of('DP')) !== undefined) return true;
  const parms = lookup(x.dict.get(PDFName.of('DecodeParms')));
  const all = parms instanceof PDFArray ? parms.asArray().map(lookup) : [parms];
  return all.some((d) => d instanceof PDFDict && num(lookup(d.get(PDFName.of('Predictor')))) > 1);
}

function num(o: PDFObject | undefined): number {
  return o instanceof PDFNumber ? o.asNumber() : 0;
}

/** Reads the page within `pageBudget`; a page over it is refused with the reason (DecodeError). */
export function readPageContent(page: PDFPage): PageContent {
  const out: PageContent = {
    maxImageDpi: 0,
    maxImagePixels: 0,
    images: 0,
    hasText: false,
    inlineJpeg: false,
    drawnOnly: drawingAnnotations(page),
  };
  const lookup = lookupIn(page);
  const decoded = new Map<PDFRawStream, Uint8Array | undefined>();
  const bytesOf = (x: PDFRawStream): Uint8Array | undefined => {
    if (misread(x, lookup)) out.drawnOnly = true;
    if (!decoded.has(x)) decoded.set(x, streamBytes(x));
    return decoded.get(x);
  };
  /** The resource named `name` of a kind (/XObject, /Pattern, /Font, /ExtGState) in `resources`. */
  const resource = (resources: PDFDict | undefined, kind: string, name: string): PDFObject | undefined => {
    const all = lookup(resources?.get(PDFName.of(kind)));
    return all instanceof PDFDict ? all.get(PDFName.of(name)) : undefined;
  };

  const formOf = (resources: PDFDict | undefined, name: string): PDFRawStream | undefined => {
    const x = lookup(resource(resources, 'XObject', name));
    return x instanceof PDFRawStream && lookup(x.dict.get(PDFName.of('Subtype'))) === PDFName.of('Form')
      ? x
      : undefined;
  };
  const ownResources = (x: PDFRawStream, outer: PDFDict | undefined): PDFDict | undefined => {
    const own = lookup(x.dict.get(PDFName.of('Resources')));
    return own instanceof PDFDict ? own : outer;
  };

  /** What drawing `content` costs with every form expanded where it is drawn: each distinct form
   * is read once (memoised), so a bomb is priced in the time it takes to read its few streams.
   * `paints`: its own operators paint a picture, a form or text, or paint through a pattern. */
  type Cost = { operators: number; bytes: number; paints: boolean };
  const costs = new Map<PDFRawStream, Cost>();
  const cost = (content: Uint8Array, resources: PDFDict | undefined, depth: number, open: Set<PDFRawStream>): Cost => {
    const total = { operators: 0, bytes: content.length, paints: false };
    /** Adds what drawing `inner` (a form, a pattern's cell, a mask's group, a glyph) costs, read
     * once with its own resources, or the ones it is drawn with; says whether it paints (one that
     * cannot be read, or that draws itself, is taken to). */
    const drawn = (inner: PDFRawStream): boolean => {
      if (open.has(inner)) return true;
      if (depth + 1 > pageBudget.formNesting)
        throw new DecodeError(
          `a page nests forms more than ${pageBudget.formNesting} deep, ` +
            'too deep to draw safely. Print it to a new PDF and add that',
        );
      let c = costs.get(inner);
      if (!c) {
        const body = bytesOf(inner);
        c = body
          ? cost(body, ownResources(inner, resources), depth + 1, new Set([...open, inner]))
          : { operators: 0, bytes: 0, paints: true };
        costs.set(inner, c);
      }
      total.operators += c.operators;
      total.bytes += c.bytes;
      return c.paints;
    };
    const lex = new Lexer(content);
    let name: string | undefined;
    for (let tok = lex.next(); tok; tok = lex.next()) {
      if (tok.t === 'name') {
        name = tok.v;
        continue;
      }
      if (tok.t !== 'op') continue;
      total.operators++;
      if (HIDDEN_PAINT.has(tok.v)) total.paints = true;
      if (tok.v === 'BI') lex.skipInlineImage();
      // What pdf.js also runs: a form where it is drawn, a tiling pattern's cell and a soft mask's
      // group each time they are used, and a Type 3 font's glyphs once a page (it keeps them).
      // The last three are painted through, not read here as the page's own content: a cell or a
      // group that paints a picture or text, and any Type 3 font (its glyphs are little content
      // streams, often bitmaps, and their text may not be in the text layer) make the page drawn
      // only. A card number could be among what they paint.
      if (name) {
        if (tok.v === 'Do') {
          const form = formOf(resources, name);
          if (form) drawn(form);
        } else if (tok.v === 'scn' || tok.v === 'SCN') {
          const pattern = lookup(resource(resources, 'Pattern', name));
          if (pattern instanceof PDFRawStream && drawn(pattern)) out.drawnOnly = true;
        } else if (tok.v === 'gs') {
          const state = lookup(resource(resources, 'ExtGState', name));
          const mask = state instanceof PDFDict ? lookup(state.get(PDFName.of('SMask'))) : undefined;
          const group = mask instanceof PDFDict ? lookup(mask.get(PDFName.of('G'))) : undefined;
          if (mask instanceof PDFDict && (!(group instanceof PDFRawStream) || drawn(group))) out.drawnOnly = true;
          // A graphics state may choose the font too.
          const font = state instanceof PDFDict ? lookup(state.get(PDFName.of('Font'))) : undefined;
          if (font instanceof PDFArray) type3Used(lookup(font.get(0)), drawn);
        } else if (tok.v === 'Tf') type3Used(lookup(resource(resources, 'Font', name)), drawn);
      }
      name = undefined;
      if (total.operators > pageBudget.operators) break;
    }
    return total;
  };
  /** A Type 3 font makes the page drawn only; its glyphs are each handed to `drawn` the first time
   * the page uses the font. */
  const glyphsCounted = new Set<PDFDict>();
  const type3Used = (font: PDFObject | undefined, drawn: (glyph: PDFRawStream) => unknown): void => {
    if (
      !(font instanceof PDFDict) ||
      lookup(font.get(PDFName.of('Subtype'))) !== PDFName.of('Type3') ||
      glyphsCounted.has(font)
    )
      return;
    out.drawnOnly = true;
    glyphsCounted.add(font);
    const procs = lookup(font.get(PDFName.of('CharProcs')));
    if (!(procs instanceof PDFDict)) return;
    for (const glyph of procs.values()) {
      const proc = lookup(glyph);
      if (proc instanceof PDFRawStream) drawn(proc);
    }
  };

  const picture = (w: number, h: number, ctm: Matrix): void => {
    out.images++;
    out.maxImagePixels = Math.max(out.maxImagePixels, w * h);
    // The image fills the unit square: its drawn size is the length of the CTM's axes.
    const drawnW = Math.hypot(ctm[0], ctm[1]) / 72;
    const drawnH = Math.hypot(ctm[2], ctm[3]) / 72;
    // Drawn smaller than a hundredth of an inch: not visible, and its "resolution" means nothing.
    if (drawnW < 0.01 || drawnH < 0.01) return;
    out.maxImageDpi = Math.max(out.maxImageDpi, w / drawnW, h / drawnH);
  };

  const run = (
    content: Uint8Array,
    resources: PDFDict | undefined,
    start: Matrix,
    depth: number,
    forms: Set<PDFObject>,
  ): void => {
    const stack: Matrix[] = [];
    let ctm = start;
    let nums: number[] = [];
    let name: string | undefined;
    const lex = new Lexer(content);
    for (let tok = lex.next(); tok; tok = lex.next()) {
      if (tok.t === 'num') {
        nums.push(tok.v);
        continue;
      }
      if (tok.t === 'name') {
        name = tok.v;
        continue;
      }
      if (tok.t === 'other') continue;
      switch (tok.v) {
        case 'q':
          stack.push(ctm);
          break;
        case 'Q':
          ctm = stack.pop() ?? start;
          break;
        case 'cm':
          if (nums.length >= 6) ctm = times(nums.slice(-6) as Matrix, ctm);
          break;
        case 'Tj':
        case 'TJ':
        case "'":
        case '"':
          out.hasText = true;
          break;
        case 'BI': {
          // Inline image: /W and /H (or /Width, /Height) come before ID.
          let w = 0;
          let h = 0;
          let key: string | undefined;
          for (let v = lex.next(); v; v = lex.next()) {
            if (v.t === 'name' && jpegFilters.has(v.v)) out.inlineJpeg = true;
            if (v.t === 'name') key = v.v;
            else if (v.t === 'num' && key) {
              if (key === 'W' || key === 'Width') w = v.v;
              if (key === 'H' || key === 'Height') h = v.v;
              key = undefined;
            } else if (v.t === 'op' && v.v === 'ID') {
              lex.skipInlineImageData();
              break;
            }
          }
          picture(w, h, ctm);
          break;
        }
        case 'Do': {
          if (!name) break;
          const x = lookup(resource(resources, 'XObject', name));
          if (!(x instanceof PDFRawStream)) break;
          const subtype = lookup(x.dict.get(PDFName.of('Subtype')));
          if (subtype === PDFName.of('Image'))
            picture(num(lookup(x.dict.get(PDFName.of('Width')))), num(lookup(x.dict.get(PDFName.of('Height')))), ctm);
          else if (subtype === PDFName.of('Form') && !forms.has(x)) {
            const m = lookup(x.dict.get(PDFName.of('Matrix')));
            const matrix =
              m instanceof PDFArray && m.size() === 6 ? (m.asArray().map((v) => num(lookup(v))) as Matrix) : identity;
            const own = lookup(x.dict.get(PDFName.of('Resources')));
            const body = bytesOf(x);
            if (body)
              run(
                body,
                own instanceof PDFDict ? own : resources,
                times(matrix, ctm),
                depth + 1,
                new Set([...forms, x]),
              );
          }
          break;
        }
      }
      nums = [];
      name = undefined;
    }
  };

  const contents = lookup(page.node.get(PDFName.of('Contents')));
  const parts = contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents];
  if (parts.some((x) => x instanceof PDFRawStream && misread(x, lookup))) out.drawnOnly = true;
  const streams = parts.map(streamBytes).filter((x): x is Uint8Array => !!x);
  // Content may be split across streams at any token boundary: joined with white space.
  const joined = new Uint8Array(streams.reduce((s, x) => s + x.length + 1, 0));
  let at = 0;
  for (const d of streams) {
    joined.set(d, at);
    joined[at + d.length] = 10;
    at += d.length + 1;
  }
  const price = cost(joined, page.node.Resources(), 0, new Set());
  if (price.operators > pageBudget.operators)
    throw new DecodeError(
      `a page asks for more than ${pageBudget.operators.toLocaleString('en-US')} drawing operations (a ` +
        'content bomb, or forms drawn within forms), too many ' +
        'to draw safely. Print it to a new PDF and add that',
    );
  if (price.bytes > pageBudget.contentBytes)
    throw new DecodeError(
      `a page holds more than ${pageBudget.contentBytes / 1024 / 1024} MB of drawing instructions ` +
        '(forms drawn within forms), too many to draw safely. Print it to a new PDF and add that',
    );
  run(joined, page.node.Resources(), identity, 0, new Set());
  return out;
}

/** Whether the page has annotations pdf.js draws: any with an appearance, or of a kind it draws
 * one for; a link or a pop-up without one draws nothing. */
function drawingAnnotations(page: PDFPage): boolean {
  const lookup = lookupIn(page);
  const annots = lookup(page.node.get(PDFName.of('Annots')));
  if (!(annots instanceof PDFArray)) return false;
  return annots.asArray().some((ref) => {
    const a = lookup(ref);
    if (!(a instanceof PDFDict)) return false;
    const kind = lookup(a.get(PDFName.of('Subtype')));
    return a.get(PDFName.of('AP')) !== undefined || (kind !== PDFName.of('Link') && kind !== PDFName.of('Popup'));
  });
}

/** A page that is one JPEG picture and nothing else, as scanners and img2pdf write them: the
 * picture's own file and where it is drawn, so the page can be drawn by decoding that file (the
 * image library, pdf-picture-page.ts) instead of by pdf.js, whose JPEG decoder runs in
 * JavaScript. */
export interface SoleJpeg {
  /** The JPEG as stored in the PDF (its DCTDecode stream, undecoded). */
  jpeg: Uint8Array;
  /** Where it is drawn, in the page's points: the unit square under an unturned, unskewed `cm`. */
  rect: { x: number; y: number; w: number; h: number };
}

/** The JPEG frame's header (its SOF segment), or undefined when none comes before the scan. */
export function jpegFrame(
  b: Uint8Array,
): { precision: number; width: number; height: number; components: number } | undefined {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const m = b[i + 1]!;
    if (m === 0xff) {
      i++;
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2;
      continue;
    }
    if (m === 0xd9 || m === 0xda) return undefined;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    // Start of frame: baseline, extended, progressive, lossless; arithmetic coded too (not DHT, JPG, DAC).
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      if (i + 9 >= b.length) return undefined;
      return {
        precision: b[i + 4]!,
        height: (b[i + 5]! << 8) | b[i + 6]!,
        width: (b[i + 7]! << 8) | b[i + 8]!,
        components: b[i + 9]!,
      };
    }
    i += 2 + len;
  }
  return undefined;
}

/** Grey (1) or RGB (3) as a picture's colour space says, directly or through an ICC profile with
 * that many components (scanners and img2pdf write one); 0 for any other space. */
function componentsOf(
  space: PDFObject | undefined,
  lookup: (o: PDFObject | undefined) => PDFObject | undefined,
): number {
  if (space === PDFName.of('DeviceGray')) return 1;
  if (space === PDFName.of('DeviceRGB')) return 3;
  if (!(space instanceof PDFArray) || space.size() !== 2 || lookup(space.get(0)) !== PDFName.of('ICCBased')) return 0;
  const profile = lookup(space.get(1));
  const n = profile instanceof PDFRawStream ? num(lookup(profile.dict.get(PDFName.of('N')))) : 0;
  return n === 1 || n === 3 ? n : 0;
}

/** The page's one JPEG picture when the page draws nothing else, or undefined for any page that
 * needs pdf.js to look right: other operators or content, annotations that draw (pdf.js draws
 * their appearances), a turn that is not a quarter, a user unit, a picture turned or skewed,
 * masked, with a decode array or filter parameters, of other than 8-bit grey or RGB (an ICC
 * profile's colours are the decoder's, as for a JPEG file), or whose JPEG header does not match
 * its dictionary. */
export function soleJpeg(page: PDFPage): SoleJpeg | undefined {
  const lookup = lookupIn(page);
  const node = page.node;
  if (drawingAnnotations(page)) return undefined;
  if (node.get(PDFName.of('UserUnit')) !== undefined) return undefined;
  if (page.getRotation().angle % 90 !== 0) return undefined;
  const contents = lookup(node.get(PDFName.of('Contents')));
  const parts = contents instanceof PDFArray ? contents.asArray().map(lookup) : [contents];
  // Only q, Q and cm around one Do: the picture's matrix is the product of the cm in force there.
  let ctm: Matrix = identity;
  const saved: Matrix[] = [];
  let nums: number[] = [];
  let name: string | undefined;
  let drawn: { name: string; ctm: Matrix } | undefined;
  let operators = 0;
  for (const part of parts) {
    const body = part instanceof PDFRawStream && !misread(part, lookup) ? streamBytes(part) : undefined;
    if (!body) return undefined;
    const lex = new Lexer(body);
    for (let tok = lex.next(); tok; tok = lex.next()) {
      if (tok.t === 'num') nums.push(tok.v);
      else if (tok.t === 'name' && name === undefined && !nums.length) name = tok.v;
      else if (tok.t !== 'op' || ++operators > 64) return undefined;
      else {
        if (tok.v === 'q' && !nums.length && name === undefined) saved.push(ctm);
        else if (tok.v === 'Q' && !nums.length && name === undefined && saved.length) ctm = saved.pop()!;
        else if (tok.v === 'cm' && nums.length === 6 && name === undefined && !drawn) ctm = times(nums as Matrix, ctm);
        else if (tok.v === 'Do' && name !== undefined && !nums.length && !drawn) drawn = { name, ctm };
        else return undefined;
        nums = [];
        name = undefined;
      }
    }
  }
  if (!drawn || nums.length || name !== undefined) return undefined;
  const [a, b, c, d, e, f] = drawn.ctm;
  if (b !== 0 || c !== 0 || !(a > 0) || !(d > 0)) return undefined;
  const xobjects = lookup(node.Resources()?.get(PDFName.of('XObject')));
  const x = xobjects instanceof PDFDict ? lookup(xobjects.get(PDFName.of(drawn.name))) : undefined;
  if (!(x instanceof PDFRawStream)) return undefined;
  const get = (key: string) => lookup(x.dict.get(PDFName.of(key)));
  if (get('Subtype') !== PDFName.of('Image')) return undefined;
  const filter = get('Filter');
  const only = filter instanceof PDFArray && filter.size() === 1 ? lookup(filter.get(0)) : filter;
  if (only !== PDFName.of('DCTDecode') && only !== PDFName.of('DCT')) return undefined;
  for (const key of ['DecodeParms', 'DP', 'F', 'Decode', 'SMask', 'Mask', 'OC', 'Alternates', 'SMaskInData'])
    if (get(key) !== undefined) return undefined;
  const mask = get('ImageMask');
  if (mask instanceof PDFBool && mask.asBoolean()) return undefined;
  if (num(get('BitsPerComponent')) !== 8) return undefined;
  const components = componentsOf(lookup(x.dict.get(PDFName.of('ColorSpace'))), lookup);
  const frame = jpegFrame(x.contents);
  if (
    !frame ||
    !components ||
    frame.precision !== 8 ||
    frame.components !== components ||
    frame.width !== num(get('Width')) ||
    frame.height !== num(get('Height')) ||
    frame.width < 1 ||
    frame.height < 1
  )
    return undefined;
  return { jpeg: x.contents, rect: { x: e, y: f, w: a, h: d } };
}

/** The largest picture a page can show, from the dimensions its resources declare (forms
 * included): a decompression bomb is found at import without decoding or drawing anything. */
export function largestPicture(page: PDFPage): number {
  const lookup = lookupIn(page);
  const seen = new Set<PDFObject>();
  let largest = 0;
  const visit = (resources: PDFObject | undefined, depth: number): void => {
    const res = lookup(resources);
    if (!(res instanceof PDFDict) || depth > 8) return;
    const xobjects = lookup(res.get(PDFName.of('XObject')));
    if (!(xobjects instanceof PDFDict)) return;
    for (const ref of xobjects.values()) {
      const x = lookup(ref);
      if (!(x instanceof PDFRawStream) || seen.has(x)) continue;
      seen.add(x);
      const subtype = lookup(x.dict.get(PDFName.of('Subtype')));
      if (subtype === PDFName.of('Image'))
        largest = Math.max(
          largest,
          num(lookup(x.dict.get(PDFName.of('Width')))) * num(lookup(x.dict.get(PDFName.of('Height')))),
        );
      else if (subtype === PDFName.of('Form')) visit(x.dict.get(PDFName.of('Resources')), depth + 1);
    }
  };
  visit(page.node.Resources(), 0);
  return largest;
}
