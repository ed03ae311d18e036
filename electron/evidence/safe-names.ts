// Names that are safe everywhere: on the merchant's disk, in a multipart header, at the
// processor. No path separators, no control characters, no leading dots, bounded length.
export function safeBaseName(name: string, fallback = 'evidence'): string {
  const base = name
    .normalize('NFKC')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\\/:*?"<>|]/g, '-')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 80);
  return base || fallback;
}

/** A name as shown to the merchant: control characters made visible, separators kept. */
export function displayName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, '?');
}
