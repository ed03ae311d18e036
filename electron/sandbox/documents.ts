// Documents as each dialect sends them: the core API's record and then its file (two requests),
// the micro-service's file with its documentInfo (one request). Each file is checked
// (document-checks.ts), kept with its hash and time of arrival, and restarts the issuer's wait:
// the decision waits for the evidence to stop coming.
import { createHash } from 'node:crypto';
import { newId } from './ids.ts';
import { fail } from './refusals.ts';
import type { WriteParts } from './write-parts.ts';
import type { ServiceOptions } from './service-options.ts';
import { checkDocumentType, createDocumentChecks } from './document-checks.ts';
import { parseServiceTimestamp } from '../../shared/domain/dates.ts';

type Rec = Record<string, unknown>;
type UploadedFile = { name: string; bytes: Uint8Array };
/** The fields of a document record that only the core API's request can set. */
type DocumentOnlyField = 'description' | 'inactive' | 'frozen' | 'documentSource';

export function createDocuments(
  deps: Pick<ServiceOptions, 'store' | 'clock' | 'limits' | 'messageStepMs'> & WriteParts,
) {
  const { store, clock, state, tokens, decisions } = deps;
  const { stamp } = state;
  const { checkFile, checkDocumentCount } = createDocumentChecks(deps);

  /** The file is in: stored, and the issuer's decision waits for the evidence to stop coming. */
  function storeFile(doc: Rec, f: { bytes: Uint8Array }): void {
    const sha256 = createHash('sha256').update(f.bytes).digest('hex');
    store.db
      .prepare('INSERT INTO blobs (document, bytes, sha256, at) VALUES (?, ?, ?, ?)')
      .run(String(doc.id), f.bytes, sha256, clock.now().getTime());
    const updated = store.get('chargeback', String(doc.chargeback))!;
    if (updated._decisionAt !== undefined) decisions.schedule(updated);
    state.touch(store.get('chargeback', String(doc.chargeback))!, {});
  }

  /** A new document record, `created`: what the request did not give is null (0 for the flags). */
  function newDocument(
    id: string,
    now: Date,
    chargebackId: string,
    given: { ref: string | null; type: string | null; name: unknown } & Partial<Record<DocumentOnlyField, unknown>>,
  ): Rec {
    return {
      ...state.head(id, now),
      chargeback: chargebackId,
      ref: given.ref,
      type: given.type,
      name: given.name ?? null,
      description: given.description ?? null,
      status: 'created',
      inactive: Number(given.inactive ?? 0),
      frozen: Number(given.frozen ?? 0),
      documentSource: given.documentSource ?? null,
    };
  }

  /** Core API, step one: POST /chargebackDocuments with a JSON record. Only `chargeback` is
   * required (the OpenAPI); the record waits, `created`, for its file. */
  function createDocumentRecord(body: unknown, token: string | undefined): Rec {
    return store.transaction(() => {
      tokens.check(token);
      const b = (body ?? {}) as Rec;
      if (!b.chargeback) fail('required_field', 'This field is required to be set', 'chargeback');
      const type = b.type === undefined || b.type === null ? null : String(b.type);
      if (type !== null) checkDocumentType(type, 'type');
      for (const f of ['name', 'description'] as const) {
        if (
          b[f] !== undefined &&
          b[f] !== null &&
          (typeof b[f] !== 'string' || (b[f] as string).length < 1 || (b[f] as string).length > 100)
        )
          fail('invalid_value', `${f} must be 1 to 100 characters`, f, 16);
      }
      if (
        b.documentSource !== undefined &&
        b.documentSource !== null &&
        !['merchant', 'issuer'].includes(String(b.documentSource))
      )
        fail('invalid_value', 'documentSource must be merchant or issuer', 'documentSource', 16);
      const cbId = String(b.chargeback);
      state.assertAnswerable(state.chargeback(cbId));
      checkDocumentCount(cbId, 'chargeback');
      const now = clock.now();
      const id = newId('chd', now);
      const { name, description, inactive, frozen, documentSource } = b;
      const doc = newDocument(id, now, cbId, { ref: null, type, name, description, inactive, frozen, documentSource });
      store.put('document', id, cbId, doc);
      tokens.save(token, 'document', id);
      return doc;
    });
  }

  /** Core API, step two: POST /files/chargebackDocuments/{id}, one multipart part `file`. The
   * record turns `processed`, its `ref` the ID with the file name's own extension (recorded:
   * `t1_chd_….TIFF` for `invoice 1.TIFF`). One file per record: a second one is refused. */
  function uploadDocumentFile(documentId: string, file: UploadedFile | undefined, token: string | undefined): Rec {
    return store.transaction(() => {
      tokens.check(token);
      const doc = store.get('document', documentId);
      if (!doc) fail('invalid_document', `Chargeback document ${documentId} does not exist`, 'id', 17);
      if (!file) fail('required_field', 'The file part is missing', 'file');
      if (doc!.status !== 'created')
        fail('invalid_document', `Chargeback document ${documentId} already has its file`, 'file', 17);
      const f = file!;
      const ext = /\.([A-Za-z0-9]{2,5})$/.exec(f.name)?.[1];
      const type = doc!.type === null ? (ext ?? '').toLowerCase() : String(doc!.type);
      checkDocumentType(type, 'type');
      checkFile(String(doc!.chargeback), type, f, 'file');
      const next: Rec = {
        ...doc,
        type,
        ref: `${documentId}.${ext ?? type}`,
        status: 'processed',
        modified: stamp(clock.now()),
        _bytes: f.bytes.length,
      };
      store.put('document', documentId, String(doc!.chargeback), next);
      storeFile(next, f);
      tokens.save(token, 'file', documentId);
      return next;
    });
  }

  /** Micro-service: POST /Chargebacks/{id}/documents, `documentInfo` and `document` in one
   * request. Answers the chargeback (the contract). */
  function uploadDocument(
    chargebackId: string,
    info: unknown,
    file: UploadedFile | undefined,
    token: string | undefined,
  ): Rec {
    return store.transaction(() => {
      tokens.check(token);
      const i = (info ?? {}) as Rec;
      if (!file) fail('required_field', 'The document part is missing', 'document');
      const type = String(i.documentType ?? '').toLowerCase();
      checkDocumentType(type, 'documentType');
      if (!i.name) fail('required_field', 'This field is required to be set', 'name');
      checkFile(chargebackId, type, file!, 'document');
      checkDocumentCount(chargebackId, 'document');
      const now = clock.now();
      const id = newId('chd', now);
      const doc: Rec = {
        ...newDocument(id, now, chargebackId, { ref: `DOC${id.slice(-8).toUpperCase()}`, type, name: String(i.name) }),
        _documentType: type,
        _bytes: file!.bytes.length,
      };
      store.put('document', id, chargebackId, doc);
      storeFile(doc, file!);
      tokens.save(token, 'document', id);
      return store.get('chargeback', chargebackId)!;
    });
  }

  /** A micro-service upload is processed a step (ms) later; a core record waits for its file. */
  function advanceDocuments(now: number): void {
    for (const row of store.db
      .prepare(`SELECT json FROM records WHERE kind = 'document' AND json_extract(json, '$.status') = 'created'`)
      .all() as Array<{ json: string }>) {
      const d = JSON.parse(row.json) as Rec;
      if (d._bytes === undefined) continue;
      const age = now - (parseServiceTimestamp(String(d.created))?.getTime() ?? now);
      if (age >= deps.messageStepMs)
        store.put('document', String(d.id), String(d.chargeback), { ...d, status: 'processed' });
    }
  }

  /** A document's file as received, with when it arrived (sandbox clock, ms). */
  function documentBlob(id: string): { bytes: Uint8Array; sha256: string; at: number | null } | undefined {
    return store.db.prepare('SELECT bytes, sha256, at FROM blobs WHERE document = ?').get(id) as
      { bytes: Uint8Array; sha256: string; at: number | null } | undefined;
  }

  return { createDocumentRecord, uploadDocumentFile, uploadDocument, advanceDocuments, documentBlob };
}
