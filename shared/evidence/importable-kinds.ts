// The one list of what Dispute Desk imports as evidence. The sniffer (electron/evidence/sniff.ts)
// must recognise each kind by its first bytes, the evidence item schema accepts exactly these
// kinds, and the "Add evidence" dialog offers exactly these extensions: adding a kind here is the
// whole change, and the type checker points at the sniffer until it can tell the new kind.
// The order is the order the sniffer tries them in (an AVIF is also a HEIF: AVIF is tried first).
export const importableKinds = {
  jpeg: { label: 'JPEG', extensions: ['jpg', 'jpeg'], mime: 'image/jpeg', magic: 'FF D8 FF' },
  png: { label: 'PNG', extensions: ['png'], mime: 'image/png', magic: '89 "PNG"' },
  gif: { label: 'GIF', extensions: ['gif'], mime: 'image/gif', magic: '"GIF8"' },
  tiff: { label: 'TIFF', extensions: ['tif', 'tiff'], mime: 'image/tiff', magic: '"II" 2A|2B 00, or "MM" 00 2A|2B' },
  pdf: { label: 'PDF', extensions: ['pdf'], mime: 'application/pdf', magic: '"%PDF-" in the first 1 KB' },
  webp: { label: 'WebP', extensions: ['webp'], mime: 'image/webp', magic: '"RIFF" …. "WEBP"' },
  bmp: { label: 'BMP', extensions: ['bmp'], mime: 'image/bmp', magic: '"BM" with a consistent header' },
  avif: { label: 'AVIF', extensions: ['avif'], mime: 'image/avif', magic: 'ftyp box with an AVIF brand' },
  heic: { label: 'HEIC', extensions: ['heic', 'heif'], mime: 'image/heic', magic: 'ftyp box with a HEIF brand' },
} as const satisfies Record<string, { label: string; extensions: readonly string[]; mime: string; magic: string }>;

export type ImportKind = keyof typeof importableKinds;
/** The kinds as a tuple, for z.enum. */
export const importKinds = Object.keys(importableKinds) as [ImportKind, ...ImportKind[]];

/** Every extension the open-file dialog offers, in the list's order. */
export const importableExtensions: readonly string[] = importKinds.flatMap((k) => importableKinds[k].extensions);

/** The open-file dialog's filter for evidence. */
export const evidenceDialogFilters = [{ name: 'Images and PDFs', extensions: [...importableExtensions] }];
