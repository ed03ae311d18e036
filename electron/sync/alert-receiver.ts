// A local endpoint for the service's alerts (webhooks): validates, recognises repeats, and hands
// each new alert on. The service signs nothing: the fixed header it sends is the only check, so it
// carries the random secret (never the URL, which logs and proxies keep), compared in constant
// time. Bad posts are refused and logged without their bodies; a repeated alert is recognised.
// An alert is a hint, never the truth: it only names a chargeback to re-read from the API at once
// (the store changes only by what the API says), so a forged one changes nothing.
//
// What it keeps is bounded and holds no secret: each accepted alert is kept as its `alert` object
// alone (at most 4 KB, the secret hidden in any form), and only the newest 1,000 per profile.
// Refused posts, which anyone who can reach the port can send, are written to their own log
// (logRefused), and only the first 20 an hour one by one, then counted: a flood of them can
// neither fill the disk nor roll the app's log over and erase its history.
import { createServer, type Server } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Store } from '../store/index.ts';
import { alertPayloadSchema, inferAlertEvent, type Alert, type AlertEvent } from '../../shared/api/index.ts';
import { alertSecretHeader } from '../../shared/profiles.ts';
import { bindAddressProblem } from '../../shared/network.ts';
import { AppError } from '../../shared/errors.ts';
import { hideSecrets } from '../api/errors.ts';
import { measureRecord } from '../api/parse-records.ts';

const MAX_BODY = 256 * 1024;
/** What one alert may take in the store (its `alert` object as JSON). */
export const MAX_ALERT_KEPT_BYTES = 4 * 1024;
/** How many alerts a profile keeps (the newest): repeats are recognised among them. */
export const MAX_ALERTS_KEPT = 1000;
/** Refused posts logged one by one per hour; the rest are counted in one line. */
export const REFUSALS_LOGGED_PER_HOUR = 20;

export interface AlertReceiverOptions {
  store: Store;
  profileId: string;
  bindAddress: string;
  /** The merchant chose to listen beyond loopback. */
  onNetwork?: boolean | undefined;
  port: number;
  secret: string;
  headerName?: string | undefined;
  headerValue?: string | undefined;
  /** Called once per new alert with the chargeback it names: the app re-reads that chargeback from
   * the API (SyncEngine.applyAlert). The alert's own record is never handed on. */
  onAlert(event: AlertEvent, chargebackId: string): void;
  log?(line: string): void;
  /** Where refused posts are logged (default: `log`): kept apart, so that no one without the
   * secret writes to the app's own log. */
  logRefused?(line: string): void;
  now?(): number;
}

/** The refusals log: the first few an hour one by one, then a count when the hour is over. */
function refusalLog(write: (line: string) => void, now: () => number) {
  let hourStart = now();
  let logged = 0;
  let unlogged = 0;
  return (line: string): void => {
    if (now() - hourStart >= 3_600_000) {
      if (unlogged > 0) write(`alert refused: ${unlogged} more posts refused in that hour, not logged one by one`);
      hourStart = now();
      logged = 0;
      unlogged = 0;
    }
    if (logged < REFUSALS_LOGGED_PER_HOUR) {
      logged++;
      write(line);
      if (logged === REFUSALS_LOGGED_PER_HOUR) write('alert refused: further refusals this hour are only counted');
    } else unlogged++;
  };
}

/** The alert as kept: its `alert` object alone, no secret in any form, at most 4 KB. */
function keptAlert(alert: Alert, secrets: string[]): string {
  // Measured first: one nested too deep is never walked by JSON.stringify.
  const size = measureRecord(alert);
  const json =
    !size.problem && size.bytes <= 2 * MAX_ALERT_KEPT_BYTES
      ? hideSecrets(JSON.stringify(alert), secrets, '[secret hidden]')
      : undefined;
  if (json && json.length <= MAX_ALERT_KEPT_BYTES) return json;
  const { disputeId, disputeStatus } = alert;
  return hideSecrets(
    JSON.stringify({ disputeId, disputeStatus, cut: `larger than ${MAX_ALERT_KEPT_BYTES / 1024} KB` }),
    secrets,
    '[secret hidden]',
  ).slice(0, MAX_ALERT_KEPT_BYTES);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startAlertReceiver(o: AlertReceiverOptions): Promise<{ url: string; close(): Promise<void> }> {
  const log = o.log ?? (() => undefined);
  const logRefused = refusalLog(o.logRefused ?? log, o.now ?? Date.now);
  const secrets = [o.secret, ...(o.headerValue ? [o.headerValue] : [])];
  const refused = bindAddressProblem(o.bindAddress, { onNetwork: o.onNetwork });
  if (refused) throw new AppError('validation', `The alert receiver did not start: ${refused}.`);
  const path = '/alerts';
  const header = (o.headerName ?? alertSecretHeader).toLowerCase();
  const expected = o.headerValue ?? o.secret;
  const server: Server = createServer((req, res) => {
    const refuse = (status: number, reason: string): void => {
      logRefused(`alert refused: ${status} ${reason} (${req.method} from ${req.socket.remoteAddress})`);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, reason }));
    };
    if (req.method !== 'POST') return refuse(405, 'only POST is accepted');
    if (!same(req.url ?? '', path)) return refuse(404, 'unknown path');
    const got = req.headers[header];
    if (typeof got !== 'string' || !same(got, expected)) return refuse(401, 'missing or wrong authentication header');
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) tooBig = true;
      else chunks.push(c);
    });
    req.on('error', () =>
      logRefused(`alert dropped: the post broke off (${req.method} from ${req.socket.remoteAddress})`),
    );
    req.on('end', () => {
      if (tooBig) return refuse(413, 'body too large');
      const raw = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return refuse(400, 'not JSON');
      }
      const parsed = alertPayloadSchema.safeParse(json);
      if (!parsed.success) return refuse(400, 'not an alert payload');
      const payload = parsed.data;
      const event = inferAlertEvent(payload);
      const chargebackId = payload.response.alert.disputeId;
      const hash = createHash('sha256').update(raw).digest('hex');
      let fresh: boolean;
      try {
        const db = o.store.database.db;
        fresh = o.store.transaction(() => {
          const added =
            db
              .prepare(
                'INSERT INTO alerts_received (profile_id, hash, event, chargeback_id, received_at, ' +
                  'json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, hash) DO NOTHING',
              )
              .run(o.profileId, hash, event, chargebackId, Date.now(), keptAlert(payload.response.alert, secrets))
              .changes > 0;
          if (added)
            db.prepare(
              'DELETE FROM alerts_received WHERE profile_id = ? AND id NOT IN ' +
                '(SELECT id FROM alerts_received WHERE profile_id = ? ORDER BY id DESC LIMIT ?)',
            ).run(o.profileId, o.profileId, MAX_ALERTS_KEPT);
          return added;
        });
      } catch {
        // Not kept, so not acknowledged: the service retries.
        return refuse(503, 'could not be stored');
      }
      log(`alert ${fresh ? 'received' : 'repeated'}: ${event} for ${chargebackId}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, duplicate: !fresh }));
      if (fresh) o.onAlert(event, chargebackId);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.bindAddress, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}${path}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
