// A local endpoint for the service's alerts (webhooks): validates, recognises repeats, and hands
// each new alert on. The service signs nothing: the fixed header it sends is the only check, so it
// carries the random secret (never the URL, which logs and proxies keep), compared in constant
// time. Bad posts are refused and logged without their bodies; a repeated alert is recognised.
// An alert is a hint, never the truth: it only names a chargeback to re-read from the API at once
// (the store changes only by what the API says), so a forged one changes nothing.
import { createServer, type Server } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Store } from '../store/index.ts';
import { alertPayloadSchema, inferAlertEvent, type AlertEvent } from '../../shared/api/index.ts';
import { alertSecretHeader } from '../../shared/profiles.ts';
import { bindAddressProblem } from '../../shared/network.ts';
import { AppError } from '../../shared/errors.ts';

const MAX_BODY = 256 * 1024;

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
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startAlertReceiver(o: AlertReceiverOptions): Promise<{ url: string; close(): Promise<void> }> {
  const log = o.log ?? (() => undefined);
  const refused = bindAddressProblem(o.bindAddress, { onNetwork: o.onNetwork });
  if (refused) throw new AppError('validation', `The alert receiver did not start: ${refused}.`);
  const path = '/alerts';
  const header = (o.headerName ?? alertSecretHeader).toLowerCase();
  const expected = o.headerValue ?? o.secret;
  const server: Server = createServer((req, res) => {
    const refuse = (status: number, reason: string): void => {
      log(`alert refused: ${status} ${reason} (${req.method} from ${req.socket.remoteAddress})`);
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
    req.on('error', () => log(`alert dropped: the post broke off (${req.method} from ${req.socket.remoteAddress})`));
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
        fresh = o.store.transaction(
          () =>
            o.store.database.db
              .prepare(
                'INSERT INTO alerts_received (profile_id, hash, event, chargeback_id, received_at, ' +
                  'json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, hash) DO NOTHING',
              )
              .run(o.profileId, hash, event, chargebackId, Date.now(), raw.toString('utf8')).changes > 0,
        );
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
