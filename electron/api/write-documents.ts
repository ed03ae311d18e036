// A document, in the dialect's form (dialect.ts): a record and then its file (core API), or the
// file with its documentInfo in one request (micro-service); a call in the other dialect's form is
// refused. Each is validated before it leaves, its file streamed from disk, sent with the caller's
// request-token, once (429 excepted, see transport.ts).
import { stat } from 'node:fs/promises';
import {
  chargebackSchema,
  chargebackDocumentSchema,
  coreDocumentRecordSchema,
  documentInfoSchema,
  documentMimeTypes,
  type Chargeback,
  type ChargebackDocument,
} from '../../shared/api/index.ts';
import type { EnvelopeBody } from '../../shared/api/envelope.ts';
import type { DocumentType } from '../../shared/domain/enums.ts';
import { AppError } from '../../shared/errors.ts';
import { documentUploadBody, type UploadFile } from './multipart-body.ts';
import { documentFilePath, chargebackDocumentsPath, type Dialect } from './dialect.ts';
import type { Call } from './transport.ts';
import { validOrUndefined } from './parse-records.ts';
import { withSignal } from './reads.ts';

export interface UploadOptions {
  requestToken: string;
  signal?: AbortSignal;
  onProgress?: (sent: number, total: number) => void;
}

/** A file sent to the service, streamed from disk; its size read first (and checked). */
async function fileOnDisk(file: { path: string; name: string }): Promise<number> {
  const size = (
    await stat(file.path).catch((e: unknown) => {
      throw new AppError('bad-input', `The evidence file ${file.name} is no longer on this computer.`, { cause: e });
    })
  ).size;
  if (size === 0) throw new AppError('validation', `The document ${file.name} cannot be sent: it is empty.`);
  return size;
}

export function createDocumentWrites(call: Call, dialect: Dialect) {
  const paths = dialect.paths;

  function upload(
    path: string,
    jsonParts: Record<string, object>,
    file: UploadFile,
    o: UploadOptions,
  ): Promise<EnvelopeBody> {
    return call(
      {
        method: 'POST',
        path,
        stream: () => {
          const m = documentUploadBody(jsonParts, file, o.onProgress);
          return { body: m.body, length: m.length, contentType: m.contentType };
        },
        requestToken: o.requestToken,
        ...withSignal(o.signal),
      },
      'write',
    );
  }

  function needs(form: Dialect['documents'], what: string): void {
    if (dialect.documents !== form)
      throw new AppError('internal', `${what} is not how the ${dialect.name} dialect takes documents.`);
  }

  const readDocument = (raw: unknown): ChargebackDocument | undefined =>
    validOrUndefined(chargebackDocumentSchema.safeParse(raw));

  return {
    /** Core API, step one of a document: the record its file is then uploaded to. */
    async createDocumentRecord(
      chargebackId: string,
      doc: { name: string; documentType: DocumentType },
      o: { requestToken: string; signal?: AbortSignal },
    ): Promise<ChargebackDocument> {
      needs('record-then-file', 'A document record');
      const record = coreDocumentRecordSchema.safeParse({
        chargeback: chargebackId,
        name: doc.name,
        type: doc.documentType,
        documentSource: 'merchant',
        inactive: 0,
        frozen: 0,
      });
      if (!record.success)
        throw new AppError(
          'validation',
          `The document ${doc.name} cannot be sent: ${record.error.issues.map((i) => i.message).join('; ')}.`,
        );
      const body = await call(
        {
          method: 'POST',
          path: paths.documents,
          json: record.data,
          requestToken: o.requestToken,
          ...withSignal(o.signal),
        },
        'write',
      );
      const created = readDocument(body.data[0]);
      if (!created)
        throw new AppError(
          'server',
          'The service accepted the document record but its answer ' +
            'could not be read; Dispute Desk will check what it holds.',
        );
      return created;
    },

    /** Core API, step two: the file of a document record, in one multipart part `file`. Answers
     * the record as the service now holds it when the answer carries it. */
    async uploadDocumentFile(
      documentId: string,
      file: { path: string; name: string; documentType: DocumentType },
      o: UploadOptions,
    ): Promise<ChargebackDocument | undefined> {
      needs('record-then-file', 'A file upload to a document record');
      const size = await fileOnDisk(file);
      const body = await upload(
        documentFilePath(documentId),
        {},
        { part: 'file', path: file.path, name: file.name, size, mime: documentMimeTypes[file.documentType] },
        o,
      );
      return readDocument(body.data[0]);
    },

    /** Micro-service: one evidence file with its `documentInfo`, to the chargeback. */
    async uploadDocument(
      chargebackId: string,
      file: { path: string; name: string; documentType: DocumentType },
      o: UploadOptions,
    ): Promise<Chargeback | undefined> {
      needs('one-request', 'A one-request upload');
      const size = await fileOnDisk(file);
      const info = documentInfoSchema.safeParse({
        documentType: file.documentType,
        name: file.name,
        sizeInBytes: size,
      });
      if (!info.success)
        throw new AppError(
          'validation',
          `The document ${file.name} cannot be sent: ${info.error.issues.map((i) => i.message).join('; ')}.`,
        );
      const body = await upload(
        chargebackDocumentsPath(chargebackId),
        { documentInfo: info.data },
        { part: 'document', path: file.path, name: file.name, size, mime: documentMimeTypes[file.documentType] },
        o,
      );
      return validOrUndefined(chargebackSchema.safeParse(body.data[0]));
    },
  };
}
