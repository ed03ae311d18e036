// What a PDF is made of, before anything else touches it: page count, and a clear refusal for
// encrypted or broken files.
import { PDFDocument, EncryptedPDFError } from 'pdf-lib';
import { DecodeError } from './decode.ts';

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (e) {
    if (e instanceof EncryptedPDFError || /encrypt/i.test((e as Error)?.message ?? '')) {
      throw new DecodeError('it is password-protected (encrypted). Open it, print it to a new PDF without a password, and add that');
    }
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
}

export async function probePdf(bytes: Uint8Array): Promise<{ pages: number }> {
  const doc = await loadPdf(bytes);
  let pages: number;
  try {
    // A damaged page tree shows here, not at load: touch every page once.
    pages = doc.getPageCount();
    for (const page of doc.getPages()) page.getSize();
  } catch {
    throw new DecodeError('it is damaged and cannot be read as a PDF. Save or export it again, then add the new file');
  }
  if (pages === 0) throw new DecodeError('it has no pages');
  return { pages };
}
