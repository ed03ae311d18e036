// What a document must pass before the service keeps it, whichever dialect brought it: an allowed
// type, content that is what the type says (sniffed, not trusted), and the limits per file, per
// chargeback and in count, checked in the order the service refuses them.
import { sniffDocument, contentMatches } from './sniff-document.ts';
import { fail } from './refusals.ts';
import type { ChargebackState } from './chargeback-state.ts';
import type { ServiceOptions } from './service-options.ts';
import { documentTypes, type DocumentType } from '../../shared/domain/enums.ts';

type Rec = Record<string, unknown>;

/** Refuses a type outside the allowed list; `field` is where the request named it. */
export function checkDocumentType(type: string, field: string): void {
  if (!(documentTypes as readonly string[]).includes(type))
    fail('invalid_value', `Document type "${type}" is not allowed; allowed: ${documentTypes.join(', ')}`, field, 16);
}

export function createDocumentChecks(deps: Pick<ServiceOptions, 'store' | 'limits'> & { state: ChargebackState }) {
  const { store, limits, state } = deps;

  /** The checks every file goes through; answers the chargeback it goes to. */
  function checkFile(chargebackId: string, type: string, f: { bytes: Uint8Array }, field: string): Rec {
    if (f.bytes.length === 0) fail('invalid_value', 'The document is empty', field, 16);
    const content = sniffDocument(f.bytes);
    if (!content) fail('invalid_document', 'The document is not an image or PDF of an allowed type', field, 17);
    if (!contentMatches(type as DocumentType, content!))
      fail('invalid_document', `The document's content is ${content!.toUpperCase()}, not ${type}`, 'type', 17);
    if (f.bytes.length > limits.maxFileBytes)
      fail(
        'document_too_large',
        `The document is ${f.bytes.length} bytes; the limit is ${limits.maxFileBytes} bytes per file`,
        field,
        18,
      );
    const cb = state.chargeback(chargebackId);
    state.assertAnswerable(cb);
    const used = store.byChargeback('document', chargebackId).reduce((s, d) => s + Number(d._bytes ?? 0), 0);
    if (used + f.bytes.length > limits.maxTotalBytes)
      fail(
        'documents_too_large',
        `The documents would total ${used + f.bytes.length} bytes; ` +
          `the limit is ${limits.maxTotalBytes} bytes per chargeback`,
        field,
        18,
      );
    return cb;
  }

  function checkDocumentCount(chargebackId: string, field: string): void {
    const existing = store.byChargeback('document', chargebackId);
    if (existing.length >= limits.maxDocuments)
      fail(
        'too_many_documents',
        `This chargeback already has ${existing.length} documents, the most allowed`,
        field,
        18,
      );
  }

  return { checkFile, checkDocumentCount };
}
