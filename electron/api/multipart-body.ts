// A document upload body, streamed from disk with an exact length so a 50 MB file never sits in
// memory and progress is measurable: optional JSON parts, then the file part. The micro-service
// takes `documentInfo` (JSON) and `document`; the core API a single part named `file`.
import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface MultipartUpload {
  contentType: string;
  length: number;
  body: Readable;
}

function quote(name: string): string {
  return name.replace(/["\\\r\n]/g, '_');
}

export interface UploadFile {
  /** The form field the file travels in. */
  part: string;
  path: string;
  name: string;
  size: number;
  mime: string;
}

export function documentUploadBody(
  jsonParts: Record<string, object>,
  file: UploadFile,
  onProgress?: (sent: number, total: number) => void,
): MultipartUpload {
  const boundary = `----DisputeDesk${randomBytes(12).toString('hex')}`;
  const json = Object.entries(jsonParts).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: ` +
      `application/json\r\n\r\n${JSON.stringify(value)}\r\n`,
  );
  const head = Buffer.from(
    json.join('') +
      (`--${boundary}\r\nContent-Disposition: form-data; name="${file.part}"; ` +
        `filename="${quote(file.name)}"\r\nContent-Type: ${file.mime}\r\n\r\n`),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + file.size + tail.length;
  let sent = 0;
  async function* parts(): AsyncGenerator<Buffer> {
    yield head;
    sent += head.length;
    onProgress?.(sent, length);
    for await (const chunk of createReadStream(file.path, { highWaterMark: 256 * 1024 })) {
      const c = chunk as Buffer;
      yield c;
      sent += c.length;
      onProgress?.(sent, length);
    }
    yield tail;
    sent += tail.length;
    onProgress?.(sent, length);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    body: Readable.from(parts(), { objectMode: false }),
  };
}
