// Everything that differs between the service's two dialects, in one table (see
// shared/domain/dialects.ts for which profile speaks which). The client asks this table for
// paths, link fields and bodies; nothing else in the app branches on the dialect except the
// outbox's order of steps and its way of sending a document, which it reads from here too.
//
// Sources: the contract (micro-service forms); the vendor's "Respond to Chargeback Disputes using
// the API" steps and its OpenAPI-generated SDK; recorded test-deployment responses
// (observed-service-behaviour.md, "Two dialects").
import type { MessageType } from '../../shared/domain/enums.ts';
import { sendsDocumentsFirst, type DialectName } from '../../shared/domain/dialects.ts';
import { coreMessageSchema, newMessageSchema, type AnswerMessage } from '../../shared/api/requests.ts';

export interface Dialect {
  name: DialectName;
  /** Resource paths of the list and read-one operations. */
  paths: { chargebacks: string; statuses: string; messages: string; documents: string };
  /** Where a message is posted. */
  postMessage: string;
  /** The field that ties statuses, messages and documents to their chargeback, in records and
   * in the search header. */
  link: 'chargeback' | 'Chargeback';
  /** How a chargeback's status history is read: by searching the status list (core, where
   * /chargebackStatuses/{id} takes a status ID), or by the contract's path with the chargeback ID. */
  statusHistory: 'search' | 'path';
  /** Core: a JSON document record, then its file (multipart part `file`). Micro-service: one
   * multipart request with `documentInfo` and `document`. */
  documents: 'record-then-file' | 'one-request';
  documentsFirst: boolean;
  /** Where transactions are listed and searched (`GET /txns`); null where the dialect has none:
   * the micro-service serves chargebacks only. */
  txns: string | null;
  /** Which listing a sync asks to expand each chargeback's transaction in. The core API expands
   * `txn` on `/chargebacks` as on every resource (the vendor's clients send `expand[txn][]`), so
   * each transaction arrives once, with its chargeback, and the ledger entries are read bare; the
   * contract shows an expansion only on `/entries` (`expand[chargeback][txn][]`), so the
   * micro-service is read that way, every entry repeating its chargeback and transaction. */
  txnsExpandedOn: 'chargebacks' | 'entries';
  /** The message body on the wire, validated by the dialect's strict schema. */
  messageBody(m: AnswerMessage): { ok: true; body: object } | { ok: false; problems: string[] };
}

/** The contract misspells `respondToPreArbitration`; the core API's list spells it right. */
function coreType(type: MessageType): string {
  return type === 'repsondToPreArbitration' ? 'respondToPreArbitration' : type;
}

function checked(
  r:
    | { success: true; data: object }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } },
): { ok: true; body: object } | { ok: false; problems: string[] } {
  return r.success
    ? { ok: true, body: r.data }
    : { ok: false, problems: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}

const optional = (m: AnswerMessage) => ({
  ...(m.note ? { note: m.note } : {}),
  ...(m.contact ? { contact: m.contact } : {}),
  ...(m.amount !== undefined ? { amount: m.amount } : {}),
  ...(m.currency ? { currency: m.currency } : {}),
});

const core: Dialect = {
  name: 'core',
  paths: {
    chargebacks: '/chargebacks',
    statuses: '/chargebackStatuses',
    messages: '/chargebackMessages',
    documents: '/chargebackDocuments',
  },
  postMessage: '/chargebackMessages',
  link: 'chargeback',
  statusHistory: 'search',
  documents: 'record-then-file',
  documentsFirst: sendsDocumentsFirst('core'),
  txns: '/txns',
  txnsExpandedOn: 'chargebacks',
  messageBody: (m) =>
    checked(coreMessageSchema.safeParse({ chargeback: m.chargeback, type: coreType(m.type), ...optional(m) })),
};

// The contract shows only the reads and writes it needs; listing messages and documents (which
// reconciliation needs) is read here from the same capitalised resources, searched by the same
// `Chargeback` link the contract's records carry. The contract is silent on this: a choice.
const microservice: Dialect = {
  name: 'microservice',
  paths: {
    chargebacks: '/Chargebacks',
    statuses: '/ChargebackStatuses',
    messages: '/ChargebackMessages',
    documents: '/ChargebackDocuments',
  },
  postMessage: '/ChargebackMessages/',
  link: 'Chargeback',
  statusHistory: 'path',
  documents: 'one-request',
  documentsFirst: sendsDocumentsFirst('microservice'),
  txns: null,
  txnsExpandedOn: 'entries',
  messageBody: (m) =>
    checked(
      newMessageSchema.safeParse({
        Chargeback: m.chargeback,
        type: m.type,
        status: 'requested',
        imported: '0',
        inactive: '0',
        frozen: '0',
        ...optional(m),
      }),
    ),
};

export const dialects: Readonly<Record<DialectName, Dialect>> = { core, microservice };

/** The core API's upload address for the file of a document record. */
export function documentFilePath(documentId: string): string {
  return `/files/chargebackDocuments/${encodeURIComponent(documentId)}`;
}

/** The micro-service's upload address for a chargeback's document. */
export function chargebackDocumentsPath(chargebackId: string): string {
  return `/Chargebacks/${encodeURIComponent(chargebackId)}/documents`;
}
