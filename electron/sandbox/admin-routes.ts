// The admin surface under /_sandbox/, opened only by the admin token: the portfolio's summary,
// opening and deciding chargebacks, the clock, faults, alert receivers and deliveries, what the
// sandbox received, and the card-history scenarios' IDs. Answers plain JSON, not the envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultKinds, type FaultKind, type FaultSettings } from './faults.ts';
import { clean, readBody, send } from './http-io.ts';
import { ensureCardHistories, readCardHistories } from './card-histories.ts';
import { easternToday, parseServiceTimestamp } from '../../shared/domain/dates.ts';
import type { SandboxService } from './service.ts';
import type { SandboxDb } from './db.ts';
import type { Clock } from './clock.ts';
import type { AlertDispatcher } from './alerts.ts';

type Rec = Record<string, unknown>;

export interface AdminContext {
  store: SandboxDb;
  service: SandboxService;
  clock: Clock;
  alerts: AlertDispatcher;
  adminToken: string;
  faults: FaultSettings;
}

export async function adminRoute(
  ctx: AdminContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (req.headers['x-sandbox-admin'] !== ctx.adminToken)
    return send(res, 401, {
      errors: [
        { code: 4, severity: 3, msg: 'The sandbox admin surface needs the admin token', errorCode: 'invalid_auth' },
      ],
    });
  const parts = url.pathname.split('/').filter(Boolean).slice(1);
  const method = req.method ?? 'GET';
  const body = method === 'GET' ? {} : (JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as Rec);
  const route = `${method} ${parts.map((p, i) => (i === 1 && parts[0] === 'chargebacks' ? ':id' : p)).join('/')}`;
  switch (route) {
    case 'GET summary': {
      const counts = ctx.store.db
        .prepare(
          `SELECT json_extract(json, '$.status') AS status, COUNT(*) ` +
            `AS n FROM records WHERE kind = 'chargeback' GROUP BY 1`,
        )
        .all() as Array<{ status: string; n: number }>;
      const entries = ctx.store.db
        .prepare(
          'SELECT COUNT(*) AS n, COALESCE(SUM(json_extract(json, ' +
            `'$.amount')), 0) AS total FROM records WHERE kind = 'entry'`,
        )
        .get() as { n: number; total: number };
      return send(res, 200, {
        chargebacks: Object.fromEntries(counts.map((c) => [c.status, c.n])),
        entries: { count: entries.n, total: entries.total },
        now: ctx.clock.now().toISOString(),
      });
    }
    case 'POST chargebacks':
      return send(res, 200, clean(ctx.service.createChargeback((body.fields as Rec | undefined) ?? {})));
    case 'POST chargebacks/:id/decide': {
      const outcome = String(body.outcome);
      if (!['won', 'lost', 'closed'].includes(outcome))
        return send(res, 400, { error: 'outcome must be won, lost or closed' });
      return send(
        res,
        200,
        clean(ctx.service.decide(decodeURIComponent(parts[1]!), outcome as 'won' | 'lost' | 'closed')),
      );
    }
    case 'POST chargebacks/:id/deny-messages':
      return send(res, 200, clean(ctx.service.setMessageDenial(decodeURIComponent(parts[1]!), body.deny !== false)));
    case 'POST chargebacks/:id/modify':
      return send(
        res,
        200,
        clean(ctx.service.modifyChargeback(decodeURIComponent(parts[1]!), (body.fields as Rec | undefined) ?? {})),
      );
    case 'POST clock/advance':
      ctx.clock.advance(Number(body.ms ?? 0));
      ctx.service.tick();
      return send(res, 200, { now: ctx.clock.now().toISOString() });
    case 'POST card-histories':
      return send(res, 200, ensureCardHistories(ctx.store, easternToday(ctx.clock.now())));
    case 'GET card-histories':
      return send(res, 200, readCardHistories(ctx.store) ?? null);
    case 'POST tick':
      ctx.service.tick();
      return send(res, 200, { now: ctx.clock.now().toISOString() });
    case 'PUT faults': {
      const kinds = (Array.isArray(body.kinds) ? body.kinds : ctx.faults.kinds).filter((k: unknown): k is FaultKind =>
        (faultKinds as readonly unknown[]).includes(k),
      );
      Object.assign(ctx.faults, {
        rate: Number(body.rate ?? ctx.faults.rate),
        kinds,
        slowMs: Number(body.slowMs ?? ctx.faults.slowMs),
      });
      return send(res, 200, ctx.faults);
    }
    case 'POST alert-receivers':
      ctx.store.db
        .prepare(
          'INSERT INTO receivers (url, header_name, header_value) VALUES (?, ?, ?) ON CONFLICT (url) ' +
            'DO UPDATE SET header_name = excluded.header_name, header_value = excluded.header_value',
        )
        .run(
          String(body.url),
          (body.headerName as string | undefined) ?? null,
          (body.headerValue as string | undefined) ?? null,
        );
      return send(res, 200, { ok: true });
    case 'GET alert-receivers':
      return send(res, 200, ctx.store.db.prepare('SELECT url, header_name AS headerName FROM receivers').all());
    case 'GET alert-deliveries':
      await ctx.alerts.idle();
      return send(
        res,
        200,
        ctx.store.db.prepare('SELECT url, event, chargeback, attempts, status FROM deliveries ORDER BY id').all(),
      );
    case 'GET received': {
      const only = url.searchParams.get('chargeback');
      const rows = ctx.store.db
        .prepare(
          `SELECT kind, chargeback, json FROM records WHERE kind IN ('message', ` +
            `'document') ${only ? 'AND chargeback = ?' : ''} ORDER BY seq`,
        )
        .all(...(only ? [only] : [])) as Array<{ kind: string; chargeback: string; json: string }>;
      const byCb = new Map<string, { chargeback: string; messages: Rec[]; documents: Rec[] }>();
      for (const r of rows) {
        const entry = byCb.get(r.chargeback) ?? { chargeback: r.chargeback, messages: [], documents: [] };
        const rec = JSON.parse(r.json) as Rec;
        if (r.kind === 'message')
          entry.messages.push({
            ...clean(rec),
            receivedAt: parseServiceTimestamp(String(rec.created))?.getTime() ?? null,
          });
        else {
          const blob = ctx.service.documentBlob(String(rec.id));
          entry.documents.push({
            ...clean(rec),
            sizeInBytes: rec._bytes ?? null,
            sha256: blob?.sha256 ?? null,
            fileAt: blob?.at ?? null,
          });
        }
        byCb.set(r.chargeback, entry);
      }
      return send(res, 200, [...byCb.values()]);
    }
  }
  return send(res, 404, { error: `No admin route ${route}` });
}
