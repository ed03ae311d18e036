// A picture's metadata is taken out wherever it stands in the file, the pixels are untouched, and
// a file that cannot be followed to its end is reported as such (never passed on as it is).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import {
  stripJpegMetadata,
  stripCodestreamComments,
  stripJpxMetadata,
} from '../../../electron/evidence/picture-metadata.ts';

const segment = (marker: number, body: string): Buffer => {
  const b = Buffer.from(body, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(b.length + 2, 2);
  return Buffer.concat([head, b]);
};

test('a progressive JPEG loses EXIF between its scans and anything after its end; its pixels stay', async () => {
  const source = await sharp({ create: { width: 40, height: 24, channels: 3, background: '#3080c0' } })
    .jpeg({ progressive: true })
    .withExif({ IFD0: { Artist: 'Jane-Author-Secret' } })
    .toBuffer();
  // A second start-of-scan marks where the first scan's data ends: an EXIF block put there.
  const firstScan = source.indexOf(Buffer.from([0xff, 0xda]));
  const secondScan = source.indexOf(Buffer.from([0xff, 0xda]), firstScan + 2);
  const nextMarker = source.lastIndexOf(Buffer.from([0xff, 0xc4]), secondScan);
  const at = nextMarker > firstScan ? nextMarker : secondScan;
  const hostile = Buffer.concat([
    source.subarray(0, at),
    segment(0xe1, 'Exif\0\0 GPS 48.8582 between scans'),
    segment(0xfe, 'a comment by Jane-Author-Secret'),
    source.subarray(at),
    Buffer.from('trailing GPS 48.8582'),
  ]);
  const clean = stripJpegMetadata(hostile);
  assert.ok(clean);
  const text = Buffer.from(clean).toString('latin1');
  for (const s of ['Exif', 'GPS', 'Jane-Author-Secret', '48.8582']) assert.ok(!text.includes(s), s);
  const [before, after] = await Promise.all([
    sharp(source).raw().toBuffer(),
    sharp(Buffer.from(clean)).raw().toBuffer(),
  ]);
  assert.ok(before.equals(after), 'the same pixels');
  assert.equal(stripJpegMetadata(hostile.subarray(0, at + 20)), undefined, 'a JPEG cut short cannot be followed');
});

test('a JPEG 2000 codestream loses comments in its main and tile-part headers, tile lengths kept true', () => {
  const com = (text: string) => segment(0x64, `\0\x01${text}`);
  const siz = segment(0x51, '\0'.repeat(39));
  const tileHeader = com('Jane-Author-Secret');
  const data = Buffer.alloc(10, 0x80);
  const sot = Buffer.from([0xff, 0x90, 0, 10, 0, 0, 0, 0, 0, 0, 0, 1]);
  sot.writeUInt32BE(12 + tileHeader.length + 2 + data.length, 6);
  const code = Buffer.concat([
    Buffer.from([0xff, 0x4f]),
    siz,
    com('GPS 48.8582'),
    sot,
    tileHeader,
    Buffer.from([0xff, 0x93]),
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
  const clean = stripCodestreamComments(code);
  assert.ok(clean);
  const b = Buffer.from(clean);
  assert.ok(!b.toString('latin1').includes('Jane-Author-Secret') && !b.toString('latin1').includes('48.8582'));
  const tile = b.indexOf(Buffer.from([0xff, 0x90]));
  assert.equal(b.readUInt32BE(tile + 6), 12 + 2 + data.length, 'the tile part says its new length');
  assert.equal(tile + b.readUInt32BE(tile + 6), b.length - 2, 'and ends where the end marker stands');
  assert.deepEqual(stripCodestreamComments(clean), clean, 'nothing more to remove');
  // A tile part that claims more bytes than there are cannot be followed.
  const lying = Buffer.from(code);
  lying.writeUInt32BE(9999, lying.indexOf(Buffer.from([0xff, 0x90])) + 6);
  assert.equal(stripCodestreamComments(lying), undefined);
});

test('a JP2 file whose boxes run past its end, or that is no JP2, cannot be cleaned', () => {
  const sig = Buffer.from([0, 0, 0, 12, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]);
  const xml = Buffer.concat([Buffer.from([0, 0, 0x10, 0]), Buffer.from('xml <x:xmpmeta>', 'latin1')]);
  assert.equal(stripJpxMetadata(Buffer.concat([sig, xml])), undefined);
  assert.equal(stripJpxMetadata(Buffer.from('not a picture')), undefined);
});
