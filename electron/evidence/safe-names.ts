// Names that are safe everywhere: on the merchant's disk, in a multipart header, at the
// processor, and on screen. No path separators, no control characters (C0, DEL, C1), no
// invisible or direction-changing characters (a right-to-left override makes
// "invoice\u202Egpj.exe" look like "invoiceexe.jpg"), no leading dots, bounded length.

/** C0, DEL and C1 controls; zero-width and direction marks, embeddings, overrides and isolates;
 * line and paragraph separators; the byte-order mark. */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

export function safeBaseName(name: string, fallback = 'evidence'): string {
  const base = name
    .normalize('NFKC')
    .replace(unsafe, '')
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 80);
  return base || fallback;
}

/** A name as shown to the merchant: control and invisible characters made visible as "?",
 * separators kept. */
export function displayName(name: string): string {
  return name.replace(unsafe, '?');
}
