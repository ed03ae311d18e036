// The inflate budget holds wherever pdf-lib decodes: per stream, per page and for a document's
// pages together, refused before the memory is taken, and said even where pdf-lib catches it.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { PDFContext, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import {
  InflateBudget,
  InflateRefusal,
  inflateLimits,
  withInflateBudget,
} from '../../../electron/evidence/pdf-inflate-budget.ts';

const MB = 1024 * 1024;
const saved = { ...inflateLimits };
afterEach(() => Object.assign(inflateLimits, saved));

const flate = (bytes: number) =>
  PDFRawStream.of(PDFContext.create().obj({ Filter: 'FlateDecode' }), deflateSync(Buffer.alloc(bytes)));
const unpack = (bytes: number) => decodePDFRawStream(flate(bytes)).decode().length;

test('a stream over its budget is refused before it is unpacked; one within it unpacks whole', () => {
  Object.assign(inflateLimits, { streamBytes: 1 * MB, pageBytes: 8 * MB, documentBytes: 16 * MB });
  assert.equal(
    withInflateBudget(new InflateBudget('page'), () => unpack(MB - 1000)),
    MB - 1000,
  );
  assert.throws(
    () => withInflateBudget(new InflateBudget('page'), () => unpack(3 * MB)),
    (e: unknown) => e instanceof InflateRefusal && /one of its streams unpacks to more than 1 MB/.test(e.message),
  );
  // Outside a budget pdf-lib decodes as it always did (the packet's own small streams).
  assert.equal(unpack(3 * MB), 3 * MB);
});

test("a page's streams together, and a document's pages together, each have a budget", () => {
  Object.assign(inflateLimits, { streamBytes: 1 * MB, pageBytes: 2 * MB, documentBytes: 5 * MB });
  assert.throws(
    () => withInflateBudget(new InflateBudget('page'), () => [unpack(900_000), unpack(900_000), unpack(900_000)]),
    /a page unpacks to more than 2 MB of drawing instructions and data/,
  );
  const doc = new InflateBudget('document');
  // Each page takes 1 MB (its buffer's size): four pages fit in five, the sixth does not.
  for (let page = 0; page < 5; page++) withInflateBudget(new InflateBudget('page', doc), () => unpack(900_000));
  assert.throws(
    () => withInflateBudget(new InflateBudget('page', doc), () => unpack(900_000)),
    /its pages unpack to more than 5 MB in all \(a decompression bomb\)/,
  );
  assert.equal(doc.used, 5 * MB);
});

test('a refusal that pdf-lib catches and words otherwise is still given with its reason', async () => {
  Object.assign(inflateLimits, { streamBytes: 1 * MB });
  await assert.rejects(
    withInflateBudget(new InflateBudget('document'), async () => {
      try {
        unpack(3 * MB);
      } catch {
        // As pdf-lib's parser does: the object is reported as invalid instead.
        throw new Error('Trying to parse invalid object');
      }
    }),
    /one of its streams unpacks to more than 1 MB/,
  );
});
