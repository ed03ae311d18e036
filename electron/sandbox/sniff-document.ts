// What a document really is, by its first bytes: the service accepts only the allowed types,
// checked by content, and the content must agree with the declared documentType.
import type { DocumentType } from '../../shared/domain/enums.ts';

export type DocumentContent = 'jpeg' | 'png' | 'gif' | 'pdf' | 'tiff';

export function sniffDocument(bytes: Uint8Array): DocumentContent | undefined {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'gif';
  if (b(0) === 0x25 && b(1) === 0x50 && b(2) === 0x44 && b(3) === 0x46) return 'pdf';
  if (
    (b(0) === 0x49 && b(1) === 0x49 && b(2) === 0x2a && b(3) === 0) ||
    (b(0) === 0x4d && b(1) === 0x4d && b(2) === 0 && b(3) === 0x2a)
  )
    return 'tiff';
  return undefined;
}

const contentOf: Record<DocumentType, DocumentContent> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  pdf: 'pdf',
  png: 'png',
  tif: 'tiff',
  tiff: 'tiff',
};

export function contentMatches(type: DocumentType, content: DocumentContent): boolean {
  return contentOf[type] === content;
}
