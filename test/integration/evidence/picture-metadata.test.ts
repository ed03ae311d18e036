// What a picture carries about where and by whom it was taken never reaches the processor, from
// pictures kept inside PDF pages too, whatever filters wrap them: a JPEG behind
// [/FlateDecode /DCTDecode] with EXIF GPS and XMP, a JPEG 2000 with XMP in its xml and uuid boxes
// and a comment in its codestream, /Metadata streams on the pictures. The pages stay kept as they
// are (sharp, small); a picture whose metadata cannot be removed for sure makes its page drawn.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import {
  PDFDocument,
  PDFName,
  PDFArray,
  PDFRawStream,
  StandardFonts,
  pushGraphicsState,
  popGraphicsState,
  concatTransformationMatrix,
  drawObject,
} from 'pdf-lib';
import { createEvidenceStore, buildPacket } from '../../../electron/evidence/index.ts';
import { closePdfRenderers } from '../../../electron/evidence/pdf-raster.ts';
import { defaultLimits } from '../../../shared/evidence/limits.ts';
import type { BuildSettings } from '../../../shared/evidence/items.ts';

after(() => closePdfRenderers());

const settings: BuildSettings = {
  preset: 'document',
  limits: defaultLimits,
  pageSize: 'letter',
  output: 'pdf',
  baseName: 'evidence',
};
/** What must not reach the packet, in any stream, inflated or not. */
const secrets = ['Exif', 'GPS', '<x:xmpmeta', 'xmpmeta', 'Jane-Author-Secret', '48.8582'];

const xmp = (what: string) =>
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ' +
  'xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
  `<exif:GPSLatitude>48.8582N</exif:GPSLatitude><dc:creator>Jane-Author-Secret (${what})</dc:creator>` +
  '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const jp2Box = (type: string, ...body: Buffer[]) => {
  const data = Buffer.concat(body);
  return Buffer.concat([u32(8 + data.length), Buffer.from(type, 'latin1'), data]);
};
const marker = (code: number, body: Buffer) => {
  const b = Buffer.alloc(4);
  b.writeUInt16BE(code);
  b.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([b, body]);
};

/** A JPEG 2000 file of 32 × 32 gray: signature, type, header, XMP in an xml box and in a uuid box,
 * and a codestream with a comment in its main header and in its tile-part header. */
function jp2WithMetadata(): Buffer {
  const siz = Buffer.alloc(38 + 3);
  siz.writeUInt32BE(32, 2);
  siz.writeUInt32BE(32, 6);
  siz.writeUInt32BE(32, 18);
  siz.writeUInt32BE(32, 22);
  siz.writeUInt16BE(1, 34);
  siz.set([7, 1, 1], 36);
  const com = (text: string) => marker(0xff64, Buffer.concat([Buffer.from([0, 1]), Buffer.from(text, 'latin1')]));
  const tileHeader = Buffer.concat([com('Jane-Author-Secret GPS 48.8582 in a tile')]);
  const data = Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]);
  const psot = 12 + tileHeader.length + 2 + data.length;
  const sot = Buffer.alloc(12);
  sot.writeUInt16BE(0xff90);
  sot.writeUInt16BE(10, 2);
  sot.writeUInt32BE(psot, 6);
  sot[11] = 1;
  const codestream = Buffer.concat([
    Buffer.from([0xff, 0x4f]),
    marker(0xff51, siz),
    marker(0xff52, Buffer.from([0, 0, 0, 1, 0, 0, 4, 4, 0, 1])),
    marker(0xff5c, Buffer.from([0x20, 0x40])),
    com('Jane-Author-Secret took this at GPS 48.8582'),
    sot,
    tileHeader,
    Buffer.from([0xff, 0x93]),
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
  const ihdr = Buffer.concat([u32(32), u32(32), Buffer.from([0, 1, 7, 7, 0, 0])]);
  return Buffer.concat([
    jp2Box('jP  ', Buffer.from([0x0d, 0x0a, 0x87, 0x0a])),
    jp2Box('ftyp', Buffer.from('jp2 ', 'latin1'), u32(0), Buffer.from('jp2 ', 'latin1')),
    jp2Box('jp2h', jp2Box('ihdr', ihdr), jp2Box('colr', Buffer.from([1, 0, 0]), u32(17))),
    jp2Box('xml ', Buffer.from(xmp('jp2 xml box'), 'latin1')),
    jp2Box('uuid', Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), Buffer.from(xmp('jp2 uuid box'), 'latin1')),
    jp2Box('jp2c', codestream),
  ]);
}

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Jane-Author-Secret', Copyright: 'Jane-Author-Secret' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    })
    .withXmp(xmp('jpeg'))
    .toBuffer();
}

/** A delivery note with two pictures: the photo behind [/FlateDecode /DCTDecode] (or `filters`)
 * and the JPEG 2000, each with an XMP /Metadata stream of its own. `photo` replaces the JPEG's
 * bytes when given. */
async function noteWithPictures(photo?: Buffer, filters = ['FlateDecode', 'DCTDecode']): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  page.drawText('Delivery note: parcel left at the door', {
    x: 20,
    y: 260,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  const ctx = doc.context;
  const meta = (what: string) => ctx.register(ctx.stream(xmp(what), { Type: 'Metadata', Subtype: 'XML' }));
  const jpeg = ctx.register(
    PDFRawStream.of(
      ctx.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: 64,
        Height: 48,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: filters,
        Metadata: meta('jpeg /Metadata'),
      }),
      deflateSync(photo ?? (await photoWithGps())),
    ),
  );
  const jpx = ctx.register(
    PDFRawStream.of(
      ctx.obj({
        Type: 'XObject',
        Subtype: 'Image',
        Width: 32,
        Height: 32,
        Filter: 'JPXDecode',
        Metadata: meta('jpx /Metadata'),
      }),
      jp2WithMetadata(),
    ),
  );
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(128, 0, 0, 96, 20, 100),
    drawObject(page.node.newXObject('Photo', jpeg)),
    popGraphicsState(),
    pushGraphicsState(),
    concatTransformationMatrix(64, 0, 0, 64, 200, 100),
    drawObject(page.node.newXObject('Scan', jpx)),
    popGraphicsState(),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every stream of a PDF, as stored and (where it starts with Flate) inflated, with its filters. */
async function streamsOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const out: Array<{ filters: string[]; raw: Buffer; inflated?: Buffer }> = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const f = obj.dict.lookup(PDFName.of('Filter'));
    const filters = (f instanceof PDFArray ? f.asArray() : f ? [f] : []).map((x) => x.toString());
    const raw = Buffer.from(obj.contents);
    let inflated: Buffer | undefined;
    if (filters[0] === '/FlateDecode')
      try {
        inflated = inflateSync(raw);
      } catch {
        inflated = undefined;
      }
    out.push({ filters, raw, inflated });
  }
  return out;
}

function leaks(file: Buffer, streams: Awaited<ReturnType<typeof streamsOf>>): string[] {
  const texts = [file, ...streams.flatMap((s) => [s.raw, ...(s.inflated ? [s.inflated] : [])])].map((b) =>
    b.toString('latin1'),
  );
  return secrets.filter((s) => texts.some((t) => t.includes(s)));
}

async function build(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'dd-picture-metadata-'));
  try {
    writeFileSync(join(dir, 'delivery.pdf'), bytes);
    const store = createEvidenceStore(join(dir, 'store'));
    const [o] = await store.importPaths([join(dir, 'delivery.pdf')]);
    assert.ok(o?.ok, JSON.stringify(o));
    const built = await buildPacket(store, { pages: [{ itemId: o.item.id, page: 0, rotation: 0 }] }, settings, {
      outDir: join(dir, 'out'),
    });
    assert.ok(built.ok, JSON.stringify(built));
    const packet = readFileSync(join(dir, 'out', built.files[0]!.name));
    return { built, packet, streams: await streamsOf(packet) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test(
  'a kept PDF page: EXIF GPS behind [/FlateDecode /DCTDecode], XMP in a JPEG 2000 and /Metadata ' +
    'streams are gone from the packet; both pictures stay, the page is not drawn',
  { timeout: 60_000 },
  async () => {
    const source = await noteWithPictures();
    // The file really carries them, where an inflating reader finds them.
    assert.deepEqual(leaks(source, await streamsOf(source)), secrets);
    const { built, packet, streams } = await build(source);
    assert.deepEqual(leaks(packet, streams), [], 'nothing of the metadata is in the packet');
    assert.deepEqual(built.warnings, [], 'the page was kept as it is');
    const jpeg = streams.find((s) => s.filters.join(' ') === '/DCTDecode');
    assert.ok(jpeg, `the photo is stored as a plain JPEG: ${streams.map((s) => s.filters.join(' ')).join(', ')}`);
    assert.deepEqual([...jpeg.raw.subarray(0, 2)], [0xff, 0xd8]);
    const meta = await sharp(jpeg.raw).metadata();
    assert.equal(meta.width, 64, 'the photo is whole');
    assert.equal(meta.exif, undefined);
    assert.equal(meta.xmp, undefined);
    const jpx = streams.find((s) => s.filters.join(' ') === '/JPXDecode');
    assert.ok(jpx, 'the JPEG 2000 is kept');
    assert.equal(jpx.raw.subarray(4, 8).toString('latin1'), 'jP  ');
    assert.ok(jpx.raw.includes(Buffer.from('jp2c')) && jpx.raw.includes(Buffer.from([0xff, 0x93])));
  },
);

test("the same photo behind the filters' abbreviations [/Fl /DCT] (as pdf.js reads them): its EXIF is gone too", async () => {
  const source = await noteWithPictures(undefined, ['Fl', 'DCT']);
  assert.ok(leaks(source, await streamsOf(source)).length > 0, 'the file carries its metadata');
  const { built, packet, streams } = await build(source);
  assert.deepEqual(leaks(packet, streams), [], 'nothing of the metadata is in the packet');
  assert.deepEqual(built.warnings, [], 'the page was kept as it is');
  const jpeg = streams.find((s) => s.filters.join(' ') === '/DCTDecode');
  assert.ok(jpeg, `the photo is stored as a plain JPEG: ${streams.map((s) => s.filters.join(' ')).join(', ')}`);
  assert.equal((await sharp(jpeg.raw).metadata()).exif, undefined);
});

test('a picture whose structure cannot be followed makes its page drawn, with a warning; nothing of it is kept', async () => {
  // EXIF first, then bytes that are no JPEG segment: its end cannot be found for sure.
  const photo = await photoWithGps();
  const broken = Buffer.concat([
    photo.subarray(0, 600),
    Buffer.from('not a marker Jane-Author-Secret'),
    photo.subarray(600),
  ]);
  const { built, packet, streams } = await build(await noteWithPictures(broken));
  assert.deepEqual(leaks(packet, streams), []);
  assert.match(
    built.warnings.join(' '),
    /PDF pages turned into images because the metadata of a picture on them could not be removed for sure: delivery\.pdf page 1/,
  );
});

test('a JPEG written inline in the page content (BI … /F /DCT … ID) makes its page drawn; its EXIF is not kept', async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const photo = await photoWithGps();
  const content = Buffer.concat([
    Buffer.from('q 128 0 0 96 20 100 cm\nBI /W 64 /H 48 /CS /RGB /BPC 8 /F [/DCT] ID\n', 'latin1'),
    photo,
    Buffer.from('\nEI\nQ\n', 'latin1'),
  ]);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
  const source = Buffer.from(await doc.save({ useObjectStreams: false }));
  assert.ok(leaks(source, await streamsOf(source)).includes('Exif'), 'the file carries the EXIF');
  const { built, packet, streams } = await build(source);
  assert.deepEqual(leaks(packet, streams), []);
  assert.match(
    built.warnings.join(' '),
    /the metadata of a picture on them could not be removed for sure: delivery\.pdf page 1/,
  );
});
