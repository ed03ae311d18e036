// The service's rules, independent of HTTP: who may answer what, what a message does to a
// chargeback, when the issuer decides, and which alert each change fires.
import { createHash } from 'node:crypto';
import type { SandboxDb } from './db.ts';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';
import { sniffDocument, contentMatches } from './sniff-document.ts';
import {
  formatRecordTimestamp,
  easternToday,
  parseYmd,
  parseServiceTimestamp,
  addDays,
} from '../../shared/domain/dates.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';
import { messageTypes, documentTypes, type DocumentType } from '../../shared/domain/enums.ts';
import { coreMessageTypes } from '../../shared/api/requests.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';
import type { ApiErrorItemInput } from '../../shared/api/envelope.ts';
import type { AlertEvent } from '../../shared/api/alerts.ts';

export interface SandboxLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxDocuments: number;
}

export const defaultLimits: SandboxLimits = {
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: 10 * 1024 * 1024,
  maxDocuments: 50,
};

export class ServiceError extends Error {
  readonly items: ApiErrorItemInput[];
  constructor(items: ApiErrorItemInput[]) {
    super(items.map((i) => i.msg).join('; '));
    this.items = items;
  }
}

const fail = (errorCode: string, msg: string, field?: string, code = 15): never => {
  throw new ServiceError([{ code, severity: 2, msg, errorCode, ...(field ? { field } : {}) }]);
};

type Rec = Record<string, unknown>;

export interface ServiceOptions {
  store: SandboxDb;
  clock: Clock;
  limits: SandboxLimits;
  /** Time between the last response activity and the issuer's decision; null: admin decides. */
  decisionDelayMs: number | null;
  /** How long a message stays requested, then processing. */
  messageStepMs: number;
  seed: number;
  /** The real service refuses a repeated request-token. Off only in tests that must prove a
   * client prevents duplicates by itself (reconciliation), without the service's help. */
  honourRequestTokens: boolean;
  /** The forms this service takes (its records are kept in the core shapes either way). */
  dialect: DialectName;
  onAlert(event: AlertEvent, chargeback: Rec): void;
}

/** Each dialect takes its own list: the core API's OpenAPI spells `respondToPreArbitration` and
 * adds `createArbitration`; the micro-service takes the contract's list as written. */
const messageTypesAccepted: Record<DialectName, ReadonlySet<string>> = {
  core: new Set(coreMessageTypes),
  microservice: new Set(messageTypes),
};
const TOKEN_TTL_MS = 48 * 3600 * 1000;

export function createService(opts: ServiceOptions) {
  const { store, clock } = opts;
  const login = store.meta('login') ?? 't1_log_000000000000000000000001';
  const linkField = opts.dialect === 'core' ? 'chargeback' : 'Chargeback';
  const stamp = (d: Date): string => formatRecordTimestamp(d);

  function chargeback(id: string): Rec {
    const cb = store.get('chargeback', id);
    if (!cb) fail('invalid_chargeback', `Chargeback ${id} does not exist`, linkField);
    return cb!;
  }

  function assertAnswerable(cb: Rec): void {
    if (cb.status !== 'open')
      fail(
        'chargeback_not_open',
        `Chargeback ${String(cb.id)} is ${String(cb.status)} and no longer accepts responses`,
        linkField,
        1003,
      );
    if (Number(cb.actionable) !== 1)
      fail(
        'chargeback_not_actionable',
        `Chargeback ${String(cb.id)} cannot be answered through the API`,
        linkField,
        1004,
      );
  }

  /** A repeat of a request-token within 48 hours is refused, naming the record it made, whatever
   * kind of write first used it: a token is one intended write. */
  function checkToken(token: string | undefined): void {
    if (token === undefined || !opts.honourRequestTokens) return;
    if (token.length < 1 || token.length > 100)
      fail('invalid_request_token', 'request-token must be 1 to 100 characters', 'request-token');
    const row = store.db.prepare('SELECT record, at FROM tokens WHERE token = ?').get(token) as
      { record: string; at: number } | undefined;
    if (row && clock.now().getTime() - row.at < TOKEN_TTL_MS)
      fail(
        'duplicate_request_token',
        `Duplicate request: this request-token was already used for ${row.record}`,
        'request-token',
        1009,
      );
  }

  /** Only reached when the token is new or its 48 hours are over: the row is then replaced whole. */
  function saveToken(token: string | undefined, kind: string, record: string): void {
    if (token === undefined || !opts.honourRequestTokens) return;
    store.db
      .prepare(
        'INSERT INTO tokens (token, kind, record, at) VALUES (?, ?, ?, ?) ON CONFLICT (token) ' +
          'DO UPDATE SET kind = excluded.kind, record = excluded.record, at = excluded.at',
      )
      .run(token, kind, record, clock.now().getTime());
  }

  function touch(cb: Rec, changes: Rec): Rec {
    const next = { ...cb, ...changes, modified: formatRecordTimestamp(clock.now()) };
    store.put('chargeback', String(cb.id), String(cb.id), next);
    return next;
  }

  function addStatus(cb: Rec, status: string, messageId: string | null): Rec {
    const now = clock.now();
    const id = newId('chs', now);
    store.put('status', id, String(cb.id), {
      id,
      created: stamp(now),
      modified: stamp(now),
      creator: login,
      modifier: login,
      chargeback: cb.id,
      chargebackMessage: messageId,
      status,
    });
    const next = touch(cb, { status, lastStatusChange: id });
    const event: AlertEvent | undefined =
      status === 'won' ? 'won' : status === 'lost' ? 'lost' : status === 'closed' ? 'closed' : undefined;
    if (event) opts.onAlert(event, next);
    return next;
  }

  function scheduleDecision(cb: Rec): Rec {
    if (opts.decisionDelayMs === null) return cb;
    const next = { ...cb, _decisionAt: clock.now().getTime() + opts.decisionDelayMs };
    store.put('chargeback', String(cb.id), String(cb.id), next);
    return next;
  }

  /** The message body's required fields, as each dialect names them: the core API needs only
   * `chargeback` and `type` (its OpenAPI); the contract's table makes six required. */
  function checkMessageBody(b: Rec): void {
    const required =
      opts.dialect === 'core'
        ? ['chargeback', 'type']
        : ['Chargeback', 'type', 'status', 'imported', 'inactive', 'frozen'];
    const missing = required.filter((k) => b[k] === undefined || b[k] === null || b[k] === '');
    if (missing.length)
      throw new ServiceError(
        missing.map((f) => ({
          field: f,
          code: 15,
          severity: 2,
          msg: 'This field is required to be set',
          errorCode: 'required_field',
        })),
      );
    if (!messageTypesAccepted[opts.dialect].has(String(b.type)))
      fail('invalid_value', `"${String(b.type)}" is not a message type`, 'type', 16);
    if (opts.dialect === 'microservice') {
      if (b.status !== 'requested') fail('invalid_value', 'A new message must have status requested', 'status', 16);
      for (const f of ['imported', 'inactive', 'frozen'])
        if (!['0', '1', 0, 1].includes(b[f] as never)) fail('invalid_value', `${f} must be 0 or 1`, f, 16);
    }
    if (b.amount !== undefined && !(Number.isInteger(Number(b.amount)) && Number(b.amount) > 0))
      fail('invalid_value', 'amount must be a positive integer of minor units', 'amount', 16);
  }

  function createMessage(body: unknown, token: string | undefined): Rec {
    return store.transaction(() => {
      checkToken(token);
      const b = (body ?? {}) as Rec;
      checkMessageBody(b);
      const cb = chargeback(String(b[linkField]));
      assertAnswerable(cb);
      const now = clock.now();
      const id = newId('chm', now);
      // A chargeback the admin set to deny messages: the processor refuses the answer later
      // (requested → processing → denied) and it has none of a message's effects.
      const denied = cb._denyMessages === true;
      // The core API's recorded messages read `processed` within milliseconds; the contract's
      // new message starts `requested` and moves on with the clock.
      const status = opts.dialect === 'core' && !denied ? 'processed' : 'requested';
      const message: Rec = {
        id,
        created: stamp(now),
        modified: stamp(now),
        creator: login,
        modifier: login,
        chargeback: cb.id,
        date: Number(stamp(now).slice(0, 10).replace(/-/g, '')),
        type: b.type,
        fromQueue: null,
        toQueue: null,
        contact: b.contact ?? null,
        amount: b.amount === undefined ? null : Number(b.amount),
        currency: b.currency ?? cb.currency,
        note: b.note ?? null,
        status,
        inactive: Number(b.inactive ?? 0),
        frozen: Number(b.frozen ?? 0),
        imported: 0,
      };
      store.put('message', id, String(cb.id), denied ? { ...message, _denied: true } : message);
      saveToken(token, 'message', id);
      // Observed effects: acceptLiability → lost; represent → closed; respondToDispute stays
      // open; respond (with evidence) → the issuer decides after the decision delay.
      const type = String(b.type);
      if (denied) touch(cb, {});
      else if (type === 'acceptLiability') addStatus(cb, 'lost', id);
      else if (type === 'represent') addStatus(cb, 'closed', id);
      else if (type === 'respond' || type.toLowerCase().includes('prearbitration') || type.endsWith('Arbitration'))
        scheduleDecision(touch(cb, {}));
      else touch(cb, {});
      return message;
    });
  }

  /** The checks every file goes through, whichever dialect brought it. */
  function checkFile(chargebackId: string, type: string, f: { bytes: Uint8Array }, field: string): Rec {
    if (f.bytes.length === 0) fail('invalid_value', 'The document is empty', field, 16);
    const content = sniffDocument(f.bytes);
    if (!content) fail('invalid_document', 'The document is not an image or PDF of an allowed type', field, 17);
    if (!contentMatches(type as DocumentType, content!))
      fail('invalid_document', `The document's content is ${content!.toUpperCase()}, not ${type}`, 'type', 17);
    if (f.bytes.length > opts.limits.maxFileBytes)
      fail(
        'document_too_large',
        `The document is ${f.bytes.length} bytes; the limit is ${opts.limits.maxFileBytes} bytes per file`,
        field,
        18,
      );
    const cb = chargeback(chargebackId);
    assertAnswerable(cb);
    const used = store.byChargeback('document', chargebackId).reduce((s, d) => s + Number(d._bytes ?? 0), 0);
    if (used + f.bytes.length > opts.limits.maxTotalBytes)
      fail(
        'documents_too_large',
        `The documents would total ${used + f.bytes.length} bytes; ` +
          `the limit is ${opts.limits.maxTotalBytes} bytes per chargeback`,
        field,
        18,
      );
    return cb;
  }

  function checkDocumentCount(chargebackId: string, field: string): void {
    const existing = store.byChargeback('document', chargebackId);
    if (existing.length >= opts.limits.maxDocuments)
      fail(
        'too_many_documents',
        `This chargeback already has ${existing.length} documents, the most allowed`,
        field,
        18,
      );
  }

  /** The file is in: stored, and the issuer's decision waits for the evidence to stop coming. */
  function storeFile(doc: Rec, f: { bytes: Uint8Array }): void {
    const sha256 = createHash('sha256').update(f.bytes).digest('hex');
    store.db
      .prepare('INSERT INTO blobs (document, bytes, sha256, at) VALUES (?, ?, ?, ?)')
      .run(String(doc.id), f.bytes, sha256, clock.now().getTime());
    const updated = store.get('chargeback', String(doc.chargeback))!;
    if (updated._decisionAt !== undefined) scheduleDecision(updated);
    touch(store.get('chargeback', String(doc.chargeback))!, {});
  }

  /** Core API, step one: POST /chargebackDocuments with a JSON record. Only `chargeback` is
   * required (the OpenAPI); the record waits, `created`, for its file. */
  function createDocumentRecord(body: unknown, token: string | undefined): Rec {
    return store.transaction(() => {
      checkToken(token);
      const b = (body ?? {}) as Rec;
      if (!b.chargeback) fail('required_field', 'This field is required to be set', 'chargeback');
      const type = b.type === undefined || b.type === null ? null : String(b.type);
      if (type !== null && !(documentTypes as readonly string[]).includes(type))
        fail(
          'invalid_value',
          `Document type "${type}" is not allowed; allowed: ${documentTypes.join(', ')}`,
          'type',
          16,
        );
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
      assertAnswerable(chargeback(cbId));
      checkDocumentCount(cbId, 'chargeback');
      const now = clock.now();
      const id = newId('chd', now);
      const doc: Rec = {
        id,
        created: stamp(now),
        modified: stamp(now),
        creator: login,
        modifier: login,
        chargeback: cbId,
        ref: null,
        type,
        name: b.name ?? null,
        description: b.description ?? null,
        status: 'created',
        inactive: Number(b.inactive ?? 0),
        frozen: Number(b.frozen ?? 0),
        documentSource: b.documentSource ?? null,
      };
      store.put('document', id, cbId, doc);
      saveToken(token, 'document', id);
      return doc;
    });
  }

  /** Core API, step two: POST /files/chargebackDocuments/{id}, one multipart part `file`. The
   * record turns `processed`, its `ref` the ID with the file name's own extension (recorded:
   * `t1_chd_….TIFF` for `invoice 1.TIFF`). One file per record: a second one is refused. */
  function uploadDocumentFile(
    documentId: string,
    file: { name: string; bytes: Uint8Array } | undefined,
    token: string | undefined,
  ): Rec {
    return store.transaction(() => {
      checkToken(token);
      const doc = store.get('document', documentId);
      if (!doc) fail('invalid_document', `Chargeback document ${documentId} does not exist`, 'id', 17);
      if (!file) fail('required_field', 'The file part is missing', 'file');
      if (doc!.status !== 'created')
        fail('invalid_document', `Chargeback document ${documentId} already has its file`, 'file', 17);
      const f = file!;
      const ext = /\.([A-Za-z0-9]{2,5})$/.exec(f.name)?.[1];
      const type = doc!.type === null ? (ext ?? '').toLowerCase() : String(doc!.type);
      if (!(documentTypes as readonly string[]).includes(type))
        fail(
          'invalid_value',
          `Document type "${type}" is not allowed; allowed: ${documentTypes.join(', ')}`,
          'type',
          16,
        );
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
      saveToken(token, 'file', documentId);
      return next;
    });
  }

  /** Micro-service: POST /Chargebacks/{id}/documents, `documentInfo` and `document` in one
   * request. Answers the chargeback (the contract). */
  function uploadDocument(
    chargebackId: string,
    info: unknown,
    file: { name: string; bytes: Uint8Array } | undefined,
    token: string | undefined,
  ): Rec {
    return store.transaction(() => {
      checkToken(token);
      const i = (info ?? {}) as Rec;
      if (!file) fail('required_field', 'The document part is missing', 'document');
      const type = String(i.documentType ?? '').toLowerCase();
      if (!(documentTypes as readonly string[]).includes(type))
        fail(
          'invalid_value',
          `Document type "${type}" is not allowed; allowed: ${documentTypes.join(', ')}`,
          'documentType',
          16,
        );
      if (!i.name) fail('required_field', 'This field is required to be set', 'name');
      checkFile(chargebackId, type, file!, 'document');
      checkDocumentCount(chargebackId, 'document');
      const now = clock.now();
      const id = newId('chd', now);
      const doc: Rec = {
        id,
        created: stamp(now),
        modified: stamp(now),
        creator: login,
        modifier: login,
        chargeback: chargebackId,
        ref: `DOC${id.slice(-8).toUpperCase()}`,
        type,
        name: String(i.name),
        description: null,
        status: 'created',
        inactive: 0,
        frozen: 0,
        documentSource: null,
        _documentType: type,
        _bytes: file!.bytes.length,
      };
      store.put('document', id, chargebackId, doc);
      storeFile(doc, file!);
      saveToken(token, 'document', id);
      return store.get('chargeback', chargebackId)!;
    });
  }

  /** Moves time-driven state on: messages requested → processing → processed, documents
   * created → processed, and the issuer's decisions that are due. */
  function tick(): void {
    const now = clock.now().getTime();
    store.transaction(() => {
      for (const row of store.db
        .prepare(
          `SELECT json FROM records WHERE kind = 'message' AND ` +
            `json_extract(json, '$.status') IN ('requested', 'processing')`,
        )
        .all() as Array<{ json: string }>) {
        const m = JSON.parse(row.json) as Rec;
        const age = now - (parseServiceTimestamp(String(m.modified))?.getTime() ?? now);
        if (age < opts.messageStepMs) continue;
        const status = m.status === 'requested' ? 'processing' : m._denied === true ? 'denied' : 'processed';
        store.put('message', String(m.id), String(m.chargeback), { ...m, status, modified: stamp(new Date(now)) });
      }
      // A micro-service upload is processed a moment later; a core record waits for its file.
      for (const row of store.db
        .prepare(`SELECT json FROM records WHERE kind = 'document' AND json_extract(json, '$.status') = 'created'`)
        .all() as Array<{ json: string }>) {
        const d = JSON.parse(row.json) as Rec;
        if (d._bytes === undefined) continue;
        const age = now - (parseServiceTimestamp(String(d.created))?.getTime() ?? now);
        if (age >= opts.messageStepMs)
          store.put('document', String(d.id), String(d.chargeback), { ...d, status: 'processed' });
      }
      for (const row of store.db
        .prepare(
          'SELECT json FROM records INDEXED BY records_decision_due WHERE ' +
            `kind = 'chargeback' AND json_extract(json, '$._decisionAt') <= ?`,
        )
        .all(now) as Array<{ json: string }>) {
        const cb = JSON.parse(row.json) as Rec;
        if (cb.status !== 'open') continue;
        decide(String(cb.id), issuerOutcome(String(cb.id)));
      }
    });
  }

  /** The issuer's decision, fixed by the seed and the chargeback: reproducible demos. */
  function issuerOutcome(id: string): 'won' | 'lost' {
    const h = createHash('sha256').update(`${opts.seed}:${id}`).digest();
    return h[0]! < 166 ? 'won' : 'lost';
  }

  function decide(id: string, outcome: 'won' | 'lost' | 'closed'): Rec {
    return store.transaction(() => {
      const cb = chargeback(id);
      const { _decisionAt: _ignored, ...rest } = cb;
      store.put('chargeback', id, id, rest);
      const next = addStatus(rest, outcome, null);
      // Retrievals move no money, so they have no entries (the contract's entries rules).
      if (outcome === 'won' && cb.cycle !== 'retrieval') {
        const now = clock.now();
        const entryId = newId('etr', now);
        const ts = formatRecordTimestamp(now);
        store.put('entry', entryId, id, {
          id: entryId,
          created: ts,
          modified: ts,
          creator: login,
          modifier: login,
          entity: null,
          onentity: null,
          fromentity: null,
          opposingEntry: null,
          fund: null,
          fee: null,
          disbursement: null,
          refund: null,
          txn: null,
          adjustment: null,
          profitShare: null,
          event: 94,
          eventId: id,
          description: 'Chargeback reversal',
          amount: Number(cb.total),
          unsourced: null,
          pending: null,
          originalCurrency: null,
          currencyRate: null,
          statement: null,
          settlement: null,
          archiveSummary: null,
          isFee: 0,
          pendingEntry: null,
          pendingEntryCreated: ts.slice(0, 19),
          chargeback: id,
        });
      }
      return next;
    });
  }

  /** A created chargeback's order number: five digits like the seeded ones (merchants' order
   * numbers are mostly digits), fixed by the chargeback's ID. */
  const orderNumberOf = (id: string): string => `ORD-${10000 + (parseInt(id.slice(-5), 16) % 90000)}`;

  function createChargeback(fields: Rec): Rec {
    return store.transaction(() => {
      const now = clock.now();
      const id = newId('chb', now);
      const today = easternToday(now);
      const reply = parseYmd(fields.reply as number | undefined) ?? addDays(today, 14);
      const currency = String(fields.currency ?? 'USD');
      // 49.99 in the currency's major unit, rounded to what its minor units can hold (JPY: 50).
      const total = Number(fields.total ?? Math.round(49.99 * 10 ** currencyExponent(currency)));
      const txnId = newId('txn', now);
      store.put('txn', txnId, id, {
        id: txnId,
        created: formatRecordTimestamp(now),
        modified: formatRecordTimestamp(now),
        merchant: store.meta('merchant'),
        currency,
        total,
        order: orderNumberOf(id),
        description: 'Order',
        first: 'Sam',
        last: 'Rivera',
        email: 'sam.rivera@example.com',
        entryMode: 1,
        origin: 2,
        clientIp: '198.51.100.20',
      });
      const cycle = String(fields.cycle ?? 'first');
      const statusId = newId('chs', now);
      const cb: Rec = {
        created: formatRecordTimestamp(now),
        modified: formatRecordTimestamp(now),
        creator: login,
        modifier: login,
        merchant: store.meta('merchant'),
        txn: txnId,
        mid: '000123456789',
        description: '',
        total,
        representedTotal: null,
        paymentMethod: 2,
        cycle,
        currency,
        platform: 'PLATFORM_PROCESSOR_1',
        ref: `R${id.slice(-7)}`,
        reason: 'Merchandise/services not received',
        reasonCode: '13.1',
        issued: Number(`${today.y}${String(today.m).padStart(2, '0')}${String(today.d).padStart(2, '0')}`),
        received: null,
        reply: reply.y * 10000 + reply.m * 100 + reply.d,
        bankRef: `BR-${id.slice(-8).toUpperCase()}`,
        chargebackRef: `CB${id.slice(-6)}`,
        status: 'open',
        lastStatusChange: statusId,
        inactive: 0,
        frozen: 0,
        actionable: 1,
        shadow: 0,
        ...fields,
        id,
      };
      store.put('chargeback', id, id, cb);
      store.put('status', statusId, id, {
        id: statusId,
        created: stamp(now),
        modified: stamp(now),
        creator: login,
        modifier: login,
        chargeback: id,
        chargebackMessage: null,
        status: 'open',
      });
      // Retrievals are fee-only events "not represented by entries" (contract, entries rules).
      if (cycle !== 'retrieval') {
        const entryId = newId('etr', now);
        store.put('entry', entryId, id, {
          id: entryId,
          created: formatRecordTimestamp(now),
          modified: formatRecordTimestamp(now),
          event: 11,
          eventId: id,
          description: 'Chargeback',
          amount: -total,
          isFee: 0,
          chargeback: id,
        });
      }
      opts.onAlert(cycle === 'retrieval' ? 'created' : 'opened', cb);
      return cb;
    });
  }

  function modifyChargeback(id: string, fields: Rec): Rec {
    return store.transaction(() => touch(chargeback(id), fields));
  }

  /** Admin: from now on, messages to this chargeback end denied (or processed again). Not a
   * change the merchant can see until a message is denied, so `modified` stays. */
  function setMessageDenial(id: string, deny: boolean): Rec {
    return store.transaction(() => {
      const { _denyMessages: _old, ...cb } = chargeback(id);
      const next = deny ? { ...cb, _denyMessages: true } : cb;
      store.put('chargeback', id, id, next);
      return next;
    });
  }

  /** A document's file as received, with when it arrived (sandbox clock, ms). */
  function documentBlob(id: string): { bytes: Uint8Array; sha256: string; at: number | null } | undefined {
    return store.db.prepare('SELECT bytes, sha256, at FROM blobs WHERE document = ?').get(id) as
      { bytes: Uint8Array; sha256: string; at: number | null } | undefined;
  }

  return {
    createMessage,
    createDocumentRecord,
    uploadDocumentFile,
    uploadDocument,
    tick,
    decide,
    createChargeback,
    modifyChargeback,
    setMessageDenial,
    documentBlob,
    chargeback,
  };
}

export type SandboxService = ReturnType<typeof createService>;
