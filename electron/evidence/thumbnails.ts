// Small pictures of every page for the builder's grid and the full-page view. Images are drawn
// here (sharp); PDF pages are drawn in the window by pdf.js. For a PDF the answer is the whole
// file, whatever the page asked for: the window asks once per PDF and keeps one document for
// all of its page thumbnails.
import type { EvidenceStore } from './evidence-store.ts';
import { openImage } from './decode.ts';
import { AppError } from '../../shared/errors.ts';

export type PagePicture =
  | { kind: 'image'; mime: 'image/jpeg'; bytes: Uint8Array; width: number; height: number }
  | { kind: 'pdf'; mime: 'application/pdf'; bytes: Uint8Array; page: number };

export async function pagePicture(
  store: EvidenceStore,
  itemId: string,
  page: number,
  maxWidth: number,
): Promise<PagePicture> {
  const item = await store.get(itemId);
  if (!item) throw new AppError('not-found', 'This evidence is no longer in the evidence store; add the file again.');
  if (page < 0 || page >= item.pages) throw new AppError('validation', `${item.name} has no page ${page + 1}.`);
  const bytes = await store.bytes(itemId);
  if (item.kind === 'pdf') return { kind: 'pdf', mime: 'application/pdf', bytes, page };
  const img = await openImage(bytes, item.kind, page);
  const { data, info } = await img
    .resize({ width: Math.min(Math.max(Math.round(maxWidth), 32), 2000), withoutEnlargement: true })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { kind: 'image', mime: 'image/jpeg', bytes: data, width: info.width, height: info.height };
}
