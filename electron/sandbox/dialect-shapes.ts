// How the sandbox's records look in each dialect. The sandbox keeps every record in the core
// API's recorded shapes (lowercase links, `YYYY-MM-DD HH:MM:SS.ffff` Eastern timestamps, integer
// flags, `t1_chm_`/`t1_chd_`/`t1_chs_` IDs) and turns them into the micro-service's forms (the
// contract's `Chargeback` links, ISO timestamps on statuses and messages, `documentType` and
// `sizeInBytes` on documents) only on the way out. Fields starting with `_` are the sandbox's own.
import { formatRecordTimestamp, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import type { DialectName } from '../../shared/domain/dialects.ts';
import type { SandboxDb, RecordKind } from './db.ts';

type Rec = Record<string, unknown>;

/** Network 1 codes travel network-prefixed on the core API: 13.5 is `V1305` in its records and
 * alerts (the vendor's alert examples); the other networks' codes come plain (`4837`, `F14`). */
export function coreReasonCode(code: string): string {
  const m = /^(\d{2})\.(\d{1,2})$/.exec(code);
  return m ? `V${m[1]}${m[2]!.padStart(2, '0')}` : code;
}

function isoOf(ts: unknown): unknown {
  return typeof ts === 'string' ? (parseServiceTimestamp(ts)?.toISOString() ?? ts) : ts;
}

function renameLinks(r: Rec): Rec {
  const out: Rec = {};
  for (const k in r) {
    if (k === 'chargeback') out.Chargeback = r[k];
    else if (k === 'chargebackMessage') out.ChargebackMessage = r[k];
    else out[k] = r[k];
  }
  return out;
}

/** The record as the service of this dialect answers it. */
export function present(kind: RecordKind, r: Rec, dialect: DialectName): Rec {
  if (kind === 'chargeback') {
    const out: Rec = {};
    for (const k in r) {
      // The recorded core chargebacks carry neither `mid` nor `platform`, and one spelling of
      // the processor reference; the contract's forms keep all the seed wrote.
      if (dialect === 'core' && (k === 'mid' || k === 'platform')) continue;
      if (dialect === 'core' && k === 'ChargebackRef') out.chargebackRef = r[k];
      else if (dialect === 'core' && k === 'reasonCode') out.reasonCode = coreReasonCode(String(r[k]));
      else out[k] = r[k];
    }
    return out;
  }
  if (dialect === 'core') return r;
  if (kind === 'status' || kind === 'message') {
    const out = renameLinks(r);
    out.created = isoOf(r.created);
    out.modified = isoOf(r.modified);
    if (kind === 'message') out.imported = String(r.imported ?? 0);
    return out;
  }
  if (kind === 'document') {
    const { type, _bytes, ...rest } = renameLinks(r);
    return {
      ...rest,
      documentType: r._documentType ?? type,
      type: r.status === 'processed' ? type : null,
      sizeInBytes: _bytes ?? null,
    };
  }
  return r;
}

/** Sandboxes saved before the sandbox spoke both dialects kept the contract's shapes: turned into
 * the core shapes once, so a demo's data folder carries on. */
export function upgradeStoredShapes(store: SandboxDb): void {
  if (store.meta('recordShapes') === 'core') return;
  const rows = store.db
    .prepare(`SELECT kind, id, chargeback, json FROM records WHERE kind IN ('status', 'message', 'document')`)
    .all() as Array<{ kind: RecordKind; id: string; chargeback: string | null; json: string }>;
  const ts = (v: unknown): unknown =>
    typeof v === 'string' && v.includes('T') ? formatRecordTimestamp(new Date(v)) : v;
  store.transaction(() => {
    for (const row of rows) {
      const { Chargeback, ChargebackMessage, documentType, sizeInBytes, ...r } = JSON.parse(row.json) as Rec;
      const next: Rec = {
        ...r,
        chargeback: r.chargeback ?? Chargeback,
        created: ts(r.created),
        modified: ts(r.modified),
      };
      if (row.kind === 'status') next.chargebackMessage = r.chargebackMessage ?? ChargebackMessage ?? null;
      if (row.kind === 'message') next.imported = Number(r.imported ?? 0);
      if (row.kind === 'document')
        Object.assign(next, {
          type: r.type ?? documentType ?? null,
          _documentType: documentType,
          _bytes: sizeInBytes,
          description: r.description ?? null,
          documentSource: r.documentSource ?? null,
        });
      store.put(row.kind, row.id, row.chargeback, next);
    }
    store.setMeta('recordShapes', 'core');
  });
}
