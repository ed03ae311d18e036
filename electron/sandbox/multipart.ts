// Reads a multipart/form-data body (already bounded by the caller's byte limit) into its parts.
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

export function parseMultipart(body: Buffer, boundary: string): Part[] | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) return undefined;
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') return parts;
    if (body.subarray(pos, pos + 2).toString() !== '\r\n') return undefined;
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) return undefined;
    const headers = body.subarray(pos, headerEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return undefined;
    const part: Part = { name: '', data: body.subarray(headerEnd + 4, next) };
    for (const h of headers) {
      const [key, ...rest] = h.split(':');
      const value = rest.join(':').trim();
      if (key?.toLowerCase() === 'content-disposition') {
        part.name = /\bname="([^"]*)"/.exec(value)?.[1] ?? '';
        const fn = /\bfilename="([^"]*)"/.exec(value)?.[1];
        if (fn !== undefined) part.filename = fn;
      } else if (key?.toLowerCase() === 'content-type') part.contentType = value;
    }
    parts.push(part);
    pos = next + 2;
  }
}
