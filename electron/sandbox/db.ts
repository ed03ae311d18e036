// The sandbox's state in node:sqlite: every record as the JSON the service would return, with
// the few columns the routes index on. One file with --data, memory otherwise.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { transactionRunner } from '../fs/sqlite-transaction.ts';

export type RecordKind = 'chargeback' | 'status' | 'message' | 'document' | 'entry' | 'txn' | 'messageResult';

export interface SandboxDb {
  db: DatabaseSync;
  /** Bumped by every write: query results cached under an older version are stale. */
  readonly version: number;
  get(kind: RecordKind, id: string): Record<string, unknown> | undefined;
  put(kind: RecordKind, id: string, chargeback: string | null, record: Record<string, unknown>): void;
  byChargeback(kind: RecordKind, chargeback: string): Array<Record<string, unknown>>;
  meta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function openSandboxDb(dataDir: string | undefined): SandboxDb {
  let file = ':memory:';
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'sandbox.db');
  }
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    CREATE TABLE IF NOT EXISTS records (
      kind TEXT NOT NULL, id TEXT NOT NULL, chargeback TEXT, json TEXT NOT NULL, seq INTEGER NOT NULL,
      PRIMARY KEY (kind, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS records_by_chargeback ON records (kind, chargeback);
    CREATE INDEX IF NOT EXISTS records_by_seq ON records (kind, seq);
    -- What the clock tick looks for, four times a second: without these it reads every
    -- chargeback's JSON each time, which on a large portfolio takes a core from the client.
    CREATE INDEX IF NOT EXISTS records_message_status ON records (json_extract(json, '$.status'))
      WHERE kind = 'message';
    CREATE INDEX IF NOT EXISTS records_document_status ON records (json_extract(json, '$.status'))
      WHERE kind = 'document';
    CREATE INDEX IF NOT EXISTS records_decision_due ON records (json_extract(json, '$._decisionAt'))
      WHERE kind = 'chargeback';
    CREATE TABLE IF NOT EXISTS blobs (document TEXT PRIMARY KEY, bytes BLOB NOT NULL, sha256 TEXT NOT NULL, at INTEGER);
    CREATE TABLE IF NOT EXISTS tokens (
      token TEXT PRIMARY KEY, kind TEXT NOT NULL, record TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS receivers (url TEXT PRIMARY KEY, header_name TEXT, header_value TEXT);
    CREATE TABLE IF NOT EXISTS deliveries (id INTEGER PRIMARY KEY, url TEXT NOT NULL, event TEXT NOT NULL,
      chargeback TEXT NOT NULL, attempts INTEGER NOT NULL, status TEXT NOT NULL, at INTEGER NOT NULL);
  `);
  // Sandboxes saved before files had a time of arrival.
  if (!(db.prepare('PRAGMA table_info(blobs)').all() as Array<{ name: string }>).some((c) => c.name === 'at'))
    db.exec('ALTER TABLE blobs ADD COLUMN at INTEGER');
  const getStmt = db.prepare('SELECT json FROM records WHERE kind = ? AND id = ?');
  const putStmt = db.prepare(`INSERT INTO records (kind, id, chargeback, json, seq) VALUES (?, ?, ?, ?, COALESCE(
      (SELECT seq FROM records WHERE kind = ? AND id = ?),
      (SELECT COALESCE(MAX(seq), 0) + 1 FROM records WHERE kind = ?)))
    ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json, chargeback = excluded.chargeback`);
  const byCbStmt = db.prepare('SELECT json FROM records WHERE kind = ? AND chargeback = ? ORDER BY seq');
  const metaGet = db.prepare('SELECT value FROM meta WHERE key = ?');
  const metaSet = db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  let version = 0;
  return {
    db,
    get version() {
      return version;
    },
    get(kind, id) {
      const row = getStmt.get(kind, id) as { json: string } | undefined;
      return row ? (JSON.parse(row.json) as Record<string, unknown>) : undefined;
    },
    put(kind, id, chargeback, record) {
      version++;
      putStmt.run(kind, id, chargeback, JSON.stringify(record), kind, id, kind);
    },
    byChargeback(kind, chargeback) {
      return (byCbStmt.all(kind, chargeback) as Array<{ json: string }>).map(
        (r) => JSON.parse(r.json) as Record<string, unknown>,
      );
    },
    meta(key) {
      return (metaGet.get(key) as { value: string } | undefined)?.value;
    },
    setMeta(key, value) {
      metaSet.run(key, value);
    },
    transaction: transactionRunner(db),
    close() {
      db.close();
    },
  };
}
