// What a PDF page holds, read from its content without drawing it (pdf-content.ts): a page that
// paints through something the reading does not follow (a tiling pattern, a Type 3 font, a soft
// mask) is drawnOnly, so it is drawn and searched as drawn; the same page painting plainly (a
// shading pattern, a standard font, a graphics state without a mask) is read as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDict, PDFDocument, PDFName, type PDFObject, type PDFPage } from 'pdf-lib';
import { readPageContent } from '../../../electron/evidence/pdf-content.ts';

/** A page of text with a resource `X1` of `kind` (made by `make`) and `content` drawn after the text. */
async function page(kind: string, make: (doc: PDFDocument) => PDFObject, content: string): Promise<PDFPage> {
  const doc = await PDFDocument.create();
  const p = doc.addPage([612, 792]);
  p.drawText('Delivery note');
  const resources = p.node.Resources()!;
  const ref = doc.context.register(make(doc));
  const existing = resources.lookup(PDFName.of(kind));
  if (existing instanceof PDFDict) existing.set(PDFName.of('X1'), ref);
  else resources.set(PDFName.of(kind), doc.context.obj({ X1: ref }));
  p.node.addContentStream(doc.context.register(doc.context.stream(content)));
  // Read as a file is: saved and loaded again (pdf-lib's own new streams are not raw until then).
  return (await PDFDocument.load(await doc.save())).getPage(0);
}

/** A resource that is a dictionary. */
const dict =
  (o: object) =>
  (doc: PDFDocument): PDFObject =>
    doc.context.obj(o as Parameters<typeof doc.context.obj>[0]);

test('a pattern cell or soft mask that paints a picture or text, or a Type 3 font: drawn only; their plain kin: read', async () => {
  const fill = '/Pattern cs /X1 scn 0 0 100 100 re f';
  const text = 'BT /X1 12 Tf (A) Tj ET';
  const cell = (content: string) => (doc: PDFDocument) => doc.context.stream(content, tiling());
  const masked = (group?: string) => (doc: PDFDocument) =>
    doc.context.obj({
      Type: 'ExtGState',
      SMask: {
        Type: 'Mask',
        S: 'Luminosity',
        ...(group ? { G: doc.context.register(doc.context.stream(group)) } : {}),
      },
    });
  const type3Font = (doc: PDFDocument) => doc.context.register(doc.context.obj(type3() as never));
  const cases: Array<[string, string, (doc: PDFDocument) => PDFObject, string, boolean]> = [
    ['a pattern cell drawing a picture', 'Pattern', cell('q 10 0 0 10 0 0 cm /Im1 Do Q'), fill, true],
    ['a pattern cell showing text', 'Pattern', cell('BT (4111) Tj ET'), fill, true],
    ['a pattern cell holding an inline picture', 'Pattern', cell('BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI'), fill, true],
    ['a pattern cell of lines only', 'Pattern', cell('0 0 5 5 re f'), fill, false],
    ['a shading pattern', 'Pattern', dict({ PatternType: 2, Shading: shading() }), fill, false],
    ['a Type 3 font', 'Font', dict(type3()), text, true],
    ['a standard font', 'Font', dict({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Courier' }), text, false],
    ['a soft mask whose group draws a picture', 'ExtGState', masked('/Im1 Do'), '/X1 gs', true],
    ['a soft mask without its group', 'ExtGState', masked(), '/X1 gs', true],
    ['a gradient soft mask', 'ExtGState', masked('/Sh1 sh'), '/X1 gs', false],
    ['no soft mask', 'ExtGState', dict({ Type: 'ExtGState', SMask: 'None', CA: 0.5 }), '/X1 gs', false],
    [
      'a Type 3 font chosen by a graphics state',
      'ExtGState',
      (doc) => doc.context.obj({ Font: [type3Font(doc), 12] }),
      '/X1 gs',
      true,
    ],
    [
      'a standard font chosen by a graphics state',
      'ExtGState',
      (doc) =>
        doc.context.obj({
          Font: [doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Courier' })), 12],
        }),
      '/X1 gs',
      false,
    ],
  ];
  for (const [what, kind, make, content, drawnOnly] of cases) {
    const facts = readPageContent(await page(kind, make, content));
    assert.equal(facts.drawnOnly, drawnOnly, what);
  }
});

function tiling(): Parameters<PDFDocument['context']['stream']>[1] {
  return { Type: 'Pattern', PatternType: 1, PaintType: 1, TilingType: 1, BBox: [0, 0, 10, 10], XStep: 10, YStep: 10 };
}

function shading(): object {
  return {
    ShadingType: 2,
    ColorSpace: 'DeviceGray',
    Coords: [0, 0, 100, 0],
    Function: { FunctionType: 2, Domain: [0, 1], C0: [0], C1: [1], N: 1 },
  };
}

function type3(): object {
  return {
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, 0, 10, 10],
    FontMatrix: [0.1, 0, 0, 0.1, 0, 0],
    CharProcs: {},
    Encoding: { Type: 'Encoding', Differences: [65, 'a'] },
    FirstChar: 65,
    LastChar: 65,
    Widths: [10],
  };
}
