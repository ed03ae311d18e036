// Where on a page of print a card number could be, found from the shapes of its marks alone, so
// that OCR reads those places instead of the whole page. A card number is 13 to 19 digits in one
// row, in groups split by spaces or dashes; every digit stands as tall as a capital, and no
// lowercase letter without an ascender (a, c, e, m, n, o, r, s, u, v, w, x, z) is among them.
// So the page's marks are joined into rows, and a row's stretch of tall marks at least six
// mark-heights long, without two short marks side by side and without a gap wider than a few
// spaces, is a place to read; dots, commas, dashes and specks neither end a stretch nor count.
// English words end a stretch within a few letters, and so does a word of one or two characters
// between spaces (no group of a card number's digits is that short, but a 19-digit number's
// last); numbers, capitals and codes do not, and are read. What decides is conservative: a mark
// misjudged makes a stretch longer (more is read), never shorter, except for two digits in a row
// each shrunk to a lowercase letter's height.
//
// It answers only for a page it can judge: many marks in rows, the right way up (the marks' feet
// line up more than their heads, as a printed line's do). For anything else (a sideways or upside-
// down page, a photo with a few words, a page it finds no rows on) it says so, and the whole page
// is read as before.

export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A place to read, in pixels of the picture searched (end-exclusive). */
export type Place = Box;

export type RunSearch = { judged: true; places: Place[]; marks: number } | { judged: false; why: string };

/** A mark of print is at most this many pixels tall (a 72 pt headline at 150 dpi); larger ones
 * are pictures, rules or frames, and are left out of the rows. */
const MAX_MARK = 160;
/** A mark larger than a character with this many dark pixels or more (at 150 dpi) is a picture or
 * a rule. */
const LARGE_AREA = 400;
/** Marks smaller than this both ways (in pixels, at 150 dpi) are specks, dots or hyphens. */
const MIN_MARK = 4;
/** A dark pixel is at least this much darker than the mean around it: the grain of a photo of
 * paper in shadow is not print. */
const CONTRAST = 24;
/** Fewer marks in rows than this: too little print to judge, the page is read whole (it is
 * quick to read then). */
const MIN_MARKS = 150;
/** A place is a stretch at least this many mark-heights long: 13 digits take 12.5 advances of
 * 0.64 (a condensed font) to 0.87 (DejaVu Sans) of a digit's height, 8 or more. */
const MIN_SPAN = 7.5;
/** A place holds at least this many characters: a card number's 13 digits, less two the scan may
 * have lost (broken into specks, or shrunk to a lowercase letter's height). */
const MIN_CHARACTERS = 11;
/** The fewest characters a group of a card number's digits between spaces counts: three (a
 * 19-digit number's 4-4-4-4-3, or four with two digits that touch, counted as one mark by its
 * width), but for the last. */
const MIN_GROUP = 3;
/** The widest a single digit's ink stands, in mark-heights (0.45-0.7 in the common fonts): a mark
 * as wide as two of these is counted as two characters. */
const CHAR_WIDTH = 0.55;
/** A gap wider than this many mark-heights ends a stretch (two spaces take at most about 1.7). */
const MAX_GAP = 2.5;
/** Below this share of the row's height a mark is short (a lowercase letter without an
 * ascender: 0.70-0.78 of a capital in the common fonts); below TINY it is a dot, a comma, a
 * dash or a speck, and is passed over. */
const SHORT = 0.85;
const TINY = 0.4;
/** Wider than this, in row heights, a gap between marks is a space (one is about 0.5). */
const SPACE = 0.35;
/** A foot this far below the row's baseline, in row heights, is a descender's. */
const DESCENT = 0.2;

/** For each local mean, the grey levels darker than it are below this: 82% of the mean and at
 * least CONTRAST darker (a table, so the test of each of a page's millions of pixels is one
 * look-up). */
const DARK_BELOW = Uint8Array.from({ length: 256 }, (_, m) =>
  Math.max(0, Math.min(Math.ceil((m * 82) / 100), m - CONTRAST + 1)),
);

const LIGHTEST_DARK = DARK_BELOW[255]!;

/** Added to each byte of a word's complement, it sets that byte's top bit if the byte is more than
 * 255 - LIGHTEST_DARK (45): the bit-twiddling "has a byte greater than n" test, for n < 128. */
const LIGHT_TEST = (127 - (255 - LIGHTEST_DARK)) * 0x01010101;
if (LIGHTEST_DARK < 128) throw new Error('digit-runs: the four-pixel test needs LIGHTEST_DARK of 128 or more');

/** Whether all four pixels of `word` are at least LIGHTEST_DARK, so none of them is dark. A byte
 * whose sum carries into the next already fails the test. */
function allLight(word: number): boolean {
  const c = ~word;
  return (((c + LIGHT_TEST) | c) & 0x80808080) === 0;
}

/** A copy twice as long, for a typed array that has filled up. */
function doubled(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Whether the pixel at `i` is dark: lighter than LIGHTEST_DARK never is (most of a page). */
function isDark(data: Uint8Array, localMean: Uint8Array, i: number): boolean {
  return data[i]! < LIGHTEST_DARK && data[i]! < DARK_BELOW[localMean[i]!]!;
}

/** Where the next dark pixel of a row is, from `x` on (`width` if none). The paper between runs
 * is most of a page: the loop over it is a function of its own, compiled soon and small. */
function nextDark(
  data: Uint8Array,
  localMean: Uint8Array,
  words: Uint32Array | undefined,
  row: number,
  x: number,
  width: number,
): number {
  while (x < width) {
    const i = row + x;
    if (words && (i & 3) === 0 && x + 4 <= width && allLight(words[i >> 2]!)) x += 4;
    else if (isDark(data, localMean, i)) return x;
    else x++;
  }
  return width;
}

/** Where the run of dark pixels from `x` ends (end-exclusive). */
function darkEnd(data: Uint8Array, localMean: Uint8Array, row: number, x: number, width: number): number {
  while (x < width && isDark(data, localMean, row + x)) x++;
  return x;
}

/** The root of `a`'s region, halving the path on the way. */
function rootOf(parent: Int32Array, a: number): number {
  while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
  return a;
}

/** The runs of dark pixels (stretches of a row), row by row, each with the label it was given;
 * `parent` joins the labels of one region (union-find, the smaller label its root), `labels` of
 * them in all. */
interface LabelledRuns {
  n: number;
  x0: Int32Array;
  x1: Int32Array;
  y: Int32Array;
  label: Int32Array;
  parent: Int32Array;
  labels: number;
}

// Written for the optimising compiler as much as for the reader: module functions instead of a
// closure per call (a new closure is a new call target, and each page's first call threw the
// compiled code away), and the growing columns in local variables instead of an object's fields
// (a field given a new array changed what compiled code had assumed of it).
function labelRuns(g: Gray, localMean: Uint8Array): LabelledRuns {
  const { width, height, data } = g;
  // Sized for a page of print (an A4 receipt at 150 dpi has 20,000-40,000 runs), so that they
  // rarely grow: code compiled while the top margin was read has never seen them grow.
  const room = Math.max(4096, (width * height) >> 6);
  let x0s = new Int32Array(room);
  let x1s = new Int32Array(room);
  let ys = new Int32Array(room);
  let labels = new Int32Array(room);
  let n = 0;
  // Label 0 is "none"; a run without a run touching it above starts a label.
  let parent = new Int32Array(room >> 2);
  let next = 1;
  // Four pixels at a time where they are aligned: a scan's paper is lighter than any limit, so
  // most of a page is passed over a word at a time.
  const words = data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2) : undefined;
  let aboveFrom = 0;
  let aboveTo = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const from = n;
    let k = aboveFrom;
    let x = 0;
    while (x < width) {
      x = nextDark(data, localMean, words, row, x, width);
      if (x === width) break;
      const x0 = x;
      x = darkEnd(data, localMean, row, x, width);
      // Runs above that touch this one, corners included: they end at or after x0 - 1 and
      // start at or before x (end-exclusive ends). Their regions are joined, the smaller root
      // the root of both.
      while (k < aboveTo && x1s[k]! < x0) k++;
      let l = 0;
      for (let j = k; j < aboveTo && x0s[j]! <= x; j++) {
        if (!l) {
          l = labels[j]!;
          continue;
        }
        const ra = rootOf(parent, l);
        const rb = rootOf(parent, labels[j]!);
        if (ra < rb) parent[rb] = ra;
        else if (rb < ra) parent[ra] = rb;
        l = Math.min(ra, rb);
      }
      if (!l) {
        if (next === parent.length) parent = doubled(parent);
        l = next++;
        parent[l] = l;
      }
      if (n === x0s.length) {
        x0s = doubled(x0s);
        x1s = doubled(x1s);
        ys = doubled(ys);
        labels = doubled(labels);
      }
      x0s[n] = x0;
      x1s[n] = x;
      ys[n] = y;
      labels[n++] = l;
    }
    aboveFrom = from;
    aboveTo = n;
  }
  return { n, x0: x0s, x1: x1s, y: ys, label: labels, parent, labels: next };
}

/** The bounding boxes of the 8-connected regions of dark pixels, with their pixel counts, in the
 * order of each region's first pixel (row by row). A pixel is dark when it is darker than 82% of
 * the mean around it (`localMean`, a blurred copy made by the caller): a local threshold, so a
 * shadow across a photo does not black out the words under it. Each row's stretches of dark
 * pixels (runs) are joined to the runs they touch in the row above (union-find over typed
 * arrays): a page of print is mostly paper, and a run costs what a pixel did. */
export function marksOf(g: Gray, localMean: Uint8Array): Array<Box & { area: number }> {
  const { width, height, data } = g;
  if (data.length < width * height || localMean.length < width * height)
    throw new RangeError('marksOf: fewer pixels than the picture is wide and tall');
  const runs = labelRuns(g, localMean);
  const next = runs.labels;
  const x0 = new Int32Array(next).fill(width);
  const y0 = new Int32Array(next).fill(-1);
  const x1 = new Int32Array(next);
  const y1 = new Int32Array(next);
  const area = new Int32Array(next);
  for (let k = 0; k < runs.n; k++) {
    const r = rootOf(runs.parent, runs.label[k]!);
    const y = runs.y[k]!;
    if (y0[r] === -1) y0[r] = y;
    if (runs.x0[k]! < x0[r]!) x0[r] = runs.x0[k]!;
    if (runs.x1[k]! > x1[r]!) x1[r] = runs.x1[k]!;
    y1[r] = y + 1;
    area[r]! += runs.x1[k]! - runs.x0[k]!;
  }
  const out: Array<Box & { area: number }> = [];
  for (let r = 1; r < next; r++)
    if (area[r]) out.push({ x0: x0[r]!, y0: y0[r]!, x1: x1[r]!, y1: y1[r]!, area: area[r]! });
  return out;
}

const h = (b: Box): number => b.y1 - b.y0;
const w = (b: Box): number => b.x1 - b.x0;

/** Parts of one character stacked above each other (the dot of an i, a stroke broken by the
 * scan) become one mark: a broken digit then stands as tall as it is printed. */
function glyphs(marks: readonly Box[]): Box[] {
  const sorted = [...marks].sort((a, b) => a.x0 - b.x0);
  const out: Box[] = [];
  const used = new Uint8Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    if (used[i]) continue;
    // Every box the rows are made of has the same four fields, in the same order, as the
    // transposed ones below: code compiled for one kind of box is not thrown away for another.
    const first = sorted[i]!;
    const g = { x0: first.x0, y0: first.y0, x1: first.x1, y1: first.y1 };
    for (let j = i + 1; j < sorted.length && sorted[j]!.x0 < g.x1; j++) {
      if (used[j]) continue;
      const m = sorted[j]!;
      const overlap = Math.min(g.x1, m.x1) - Math.max(g.x0, m.x0);
      const gap = Math.max(m.y0 - g.y1, g.y0 - m.y1);
      const tall = Math.max(h(g), h(m));
      const joined = Math.max(g.y1, m.y1) - Math.min(g.y0, m.y0);
      // Parts of one character only: characters of two lines above each other stay apart.
      if (overlap >= 0.5 * Math.min(w(g), w(m)) && gap <= Math.max(2, 0.3 * tall) && joined <= 1.6 * tall) {
        g.x0 = Math.min(g.x0, m.x0);
        g.y0 = Math.min(g.y0, m.y0);
        g.x1 = Math.max(g.x1, m.x1);
        g.y1 = Math.max(g.y1, m.y1);
        used[j] = 1;
      }
    }
    out.push(g);
  }
  return out;
}

/** Marks joined into rows: each to the nearest mark on its right that shares most of its height
 * (a local link, so a slightly tilted line stays one row). Also counts the links closer than a
 * third of the mark's height: the gaps between the letters of a word, which are narrower than
 * those between lines. */
function rowsOf(marks: readonly Box[]): { rows: Box[][]; close: number } {
  const sorted = [...marks].sort((a, b) => a.x0 - b.x0);
  const parent = new Int32Array(sorted.length);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  let close = 0;
  for (let i = 0; i < sorted.length; i++) {
    const best = nearestOnRight(sorted, i);
    if (best < 0) continue;
    const m = sorted[i]!;
    parent[rootOf(parent, best)] = rootOf(parent, i);
    if (sorted[best]!.x0 - m.x1 <= h(m) / 3) close++;
  }
  // Each row gathers its marks in the order sorted, left to right.
  const groups = new Map<number, Box[]>();
  sorted.forEach((m, i) => {
    const r = rootOf(parent, i);
    const row = groups.get(r);
    if (row) row.push(m);
    else groups.set(r, [m]);
  });
  return { rows: [...groups.values()], close };
}

/** The index of the nearest mark on the right of `sorted[i]` (sorted by x0) that shares most of
 * its height, or -1: the first such in x order, within a few spaces. */
function nearestOnRight(sorted: readonly Box[], i: number): number {
  const m = sorted[i]!;
  const reach = m.x1 + MAX_GAP * h(m);
  for (let j = i + 1; j < sorted.length && sorted[j]!.x0 <= reach; j++) {
    const n = sorted[j]!;
    const shared = Math.min(m.y1, n.y1) - Math.max(m.y0, n.y0);
    if (shared >= 0.5 * Math.min(h(m), h(n)) && n.x0 >= m.x1 - 0.5 * w(m)) return j;
  }
  return -1;
}

/** The height of a row's tall marks: the upper quartile of its marks' heights (capitals, digits
 * and ascenders, however many lowercase letters it has). */
function rowHeight(row: readonly Box[]): number {
  const hs = row.map(h).sort((a, b) => a - b);
  return hs[Math.floor(hs.length * 0.75)]!;
}

/** The stretches of a row that could hold a card number. A short mark ends one, unless it stands
 * between two tall ones with no space on either side (a digit the scan shrank is read, a word
 * such as "a" or "x" or the "a" of "at" is not a digit). */
function stretches(row: readonly Box[]): Box[] {
  const H = rowHeight(row);
  const marks = row.filter((m) => h(m) >= TINY * H);
  // The row's baseline near each mark (a tilted row's drifts): the middle foot of its neighbours.
  const feet = localMiddles(marks.map((m) => m.y1));
  // A mark reaching below the baseline (g, p, q, y, a comma) is no digit either.
  const tall = marks.map((m, i) => h(m) >= SHORT * H && m.y1 - feet[i]! <= DESCENT * H);
  const gap = (i: number): number => marks[i]!.x0 - marks[i - 1]!.x1;
  const out: Box[] = [];
  let run: Box[] = [];
  // Characters counted by width, so digits that touch (one mark) count as what they are.
  const count = (ms: readonly Box[]): number =>
    ms.reduce((n, m) => n + Math.max(1, Math.floor(w(m) / (CHAR_WIDTH * H))), 0);
  const place = (ms: readonly Box[]): void => {
    if (ms.length && count(ms) >= MIN_CHARACTERS && w(bound(ms)) >= MIN_SPAN * H) out.push(bound(ms));
  };
  const close = (): void => {
    // A card number's groups are of three to six digits (or one of 13 to 19): a word of one or
    // two tall characters between spaces ("at" in 6 pt print, its letters touching) is none of
    // them, and splits the stretch. A group counted short by touching digits still counts three;
    // a 19-digit number's last group of one or two is kept with the groups before it.
    let part: Box[] = [];
    let group: Box[] = [];
    const endGroup = (): void => {
      if (count(group) >= MIN_GROUP) part.push(...group);
      else {
        if (count(part) >= MIN_CHARACTERS) place([...part, ...group]);
        part = [];
      }
      group = [];
    };
    run.forEach((m, k) => {
      if (k > 0 && m.x0 - run[k - 1]!.x1 > SPACE * H) endGroup();
      group.push(m);
    });
    endGroup();
    place(part);
    run = [];
  };
  for (let i = 0; i < marks.length; i++) {
    if (run.length && gap(i) > MAX_GAP * H) close();
    const inside =
      i > 0 && i + 1 < marks.length && tall[i - 1]! && tall[i + 1]! && gap(i) <= SPACE * H && gap(i + 1) <= SPACE * H;
    if (tall[i] || inside) run.push(marks[i]!);
    else close();
  }
  close();
  return out;
}

function bound(bs: readonly Box[]): Box {
  return {
    x0: Math.min(...bs.map((b) => b.x0)),
    y0: Math.min(...bs.map((b) => b.y0)),
    x1: Math.max(...bs.map((b) => b.x1)),
    y1: Math.max(...bs.map((b) => b.y1)),
  };
}

/** The middle of `xs` around each index (six either side): a tilted row's baseline drifts. */
function localMiddles(xs: readonly number[]): number[] {
  const out = new Array<number>(xs.length);
  // Sorted in place as it is filled (13 at most): a row has hundreds of marks, each its window.
  const near: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    near.length = 0;
    for (let k = Math.max(0, i - 6); k < Math.min(xs.length, i + 7); k++) {
      const v = xs[k]!;
      let j = near.push(v) - 1;
      for (; j > 0 && near[j - 1]! > v; j--) near[j] = near[j - 1]!;
      near[j] = v;
    }
    out[i] = near[near.length >> 1]!;
  }
  return out;
}

/** Whether the rows stand the right way up: a printed line's feet (the baseline) line up, its
 * heads (capitals against lowercase) do not; upside down it is the other way round. Measured
 * as how many marks' feet and heads lie off the middle of their neighbours'. */
function upright(rs: readonly Box[][]): boolean {
  let feet = 0;
  let heads = 0;
  for (const r of rs) {
    if (r.length < 8) continue;
    const H = rowHeight(r);
    const off = (xs: number[]): number => {
      const mids = localMiddles(xs);
      return xs.filter((x, i) => Math.abs(x - mids[i]!) > 0.15 * H).length;
    };
    feet += off(r.map((m) => m.y1));
    heads += off(r.map((m) => m.y0));
  }
  return heads > 1.5 * feet;
}

/** The places on a page where a card number could be printed, or why the page cannot be judged. */
export function digitRunPlaces(g: Gray, localMean: Uint8Array): RunSearch {
  const all = marksOf(g, localMean);
  // A picture, a dark band or a rule (a table's, an underline) could hold print this search does
  // not see: white on black, digits run into a line. Such a page is read whole.
  if (all.some((m) => (h(m) > MAX_MARK || w(m) > MAX_MARK * 4) && m.area >= LARGE_AREA))
    return { judged: false, why: 'pictures or rules' };
  // Specks (noise, dots, a hyphen) are left out: they would join rows that are not one.
  const marks = all.filter((m) => m.area >= 3 && Math.max(h(m), w(m)) >= MIN_MARK);
  const chars = glyphs(marks);
  const across = rowsOf(chars);
  const rs = across.rows.filter((r) => r.length >= 3);
  const inRows = rs.reduce((s, r) => s + r.length, 0);
  if (inRows < MIN_MARKS) return { judged: false, why: 'too little print' };
  // Letters of a word stand closer side by side than lines above each other: on a page lying
  // sideways, more marks have a close neighbour below them than beside them.
  const down = rowsOf(chars.map((m) => ({ x0: m.y0, y0: m.x0, x1: m.y1, y1: m.x1 })));
  if (across.close < 2 * down.close) return { judged: false, why: 'sideways' };
  if (!upright(rs)) return { judged: false, why: 'not upright' };
  return { judged: true, places: rs.flatMap(stretches), marks: inRows };
}
