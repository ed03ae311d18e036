// Alert (webhook) delivery: the contract's payloads to every registered receiver, with the
// optional fixed header, retried with backoff on failure.
import type { SandboxDb } from './db.ts';
import { formatAmountPlain } from './format.ts';
import type { AlertEvent } from '../../shared/api/alerts.ts';
import { easternToday, formatMdy, parseServiceTimestamp, parseYmd } from '../../shared/domain/dates.ts';

type Rec = Record<string, unknown>;

const subjects: Record<AlertEvent, string> = {
  created: 'A new dispute has been created',
  opened: 'Dispute notification: a chargeback was opened',
  won: 'Dispute notification: the issuer decided for you',
  lost: 'Dispute notification: the issuer decided for the cardholder',
  closed: 'Dispute notification: the dispute is closed',
};
const statusWord: Record<AlertEvent, string> = {
  created: 'Open',
  opened: 'Open',
  won: 'Won',
  lost: 'Closed',
  closed: 'Closed',
};

/** The record as alerts carry it: issued/reply as strings, actionable as "0"/"1". */
function alertRecord(cb: Rec): Rec {
  const { _decisionAt: _ignored, ...rest } = cb;
  return {
    ...rest,
    issued: String(cb.issued ?? ''),
    received: cb.received === null ? null : String(cb.received ?? ''),
    reply: cb.reply === null ? null : String(cb.reply ?? ''),
    actionable: String(cb.actionable ?? 0),
  };
}

/** The dispute's dates as alerts write them (MM/DD/YYYY): created on its Eastern day, and due. */
function alertDates(cb: Rec): { created: string; due: string } {
  const created = parseServiceTimestamp(String(cb.created)) ?? new Date();
  const due = parseYmd(cb.reply as number);
  const c = easternToday(created);
  return { created: formatMdy(c), due: due ? formatMdy(due) : '' };
}

export function alertPayload(event: AlertEvent, cb: Rec, txn: Rec | undefined): Rec {
  const dates = alertDates(cb);
  const withRecord = event === 'created' || event === 'closed';
  return {
    response: {
      alert: {
        subject: subjects[event],
        disputeId: cb.id,
        disputeCaseId: cb.ref ?? '',
        disputeCreated: dates.created,
        disputeCycle: String(cb.cycle ?? '').replace(/^./, (c) => c.toUpperCase()),
        disclaimer: false,
        disputeReasonCode: cb.reasonCode,
        disputeReason: cb.reason,
        disputeResponseDue: dates.due,
        disputeStatus: statusWord[event],
        paymentLastFour: String(txn?.token ?? '0000')
          .slice(-4)
          .replace(/[^0-9]/g, '4')
          .padStart(4, '4'),
        paymentType: 'Card brand B',
        txnId: cb.txn,
        txnAmount: formatAmountPlain(Number(cb.total), String(cb.currency ?? 'USD')),
        txnCardHolder: '',
        txnCreated: dates.created,
      },
      data: withRecord ? [alertRecord(cb)] : [],
    },
  };
}

export interface AlertDispatcher {
  dispatch(event: AlertEvent, cb: Rec): void;
  idle(): Promise<void>;
  close(): void;
}

export function createAlertDispatcher(
  store: SandboxDb,
  opts: { retryDelaysMs: number[] } = { retryDelaysMs: [300, 1500, 5000] },
): AlertDispatcher {
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function deliver(
    url: string,
    headerName: string | null,
    headerValue: string | null,
    event: AlertEvent,
    chargebackId: string,
    body: string,
  ): Promise<void> {
    const record = store.db
      .prepare(
        'INSERT INTO deliveries (url, event, chargeback, attempts, status, at) VALUES (?, ?, ?, 0, ?, ?) RETURNING id',
      )
      .get(url, event, chargebackId, 'pending', Date.now()) as { id: number };
    for (let attempt = 0; attempt <= opts.retryDelaysMs.length && !closed; attempt++) {
      let ok = false;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(headerName && headerValue ? { [headerName]: headerValue } : {}),
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
        ok = res.ok;
        await res.body?.cancel();
      } catch {
        ok = false;
      }
      if (closed) return;
      store.db
        .prepare('UPDATE deliveries SET attempts = ?, status = ? WHERE id = ?')
        .run(attempt + 1, ok ? 'delivered' : attempt === opts.retryDelaysMs.length ? 'failed' : 'retrying', record.id);
      if (ok) return;
      const delay = opts.retryDelaysMs[attempt];
      if (delay === undefined) return;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, delay);
        timers.add(t);
      });
    }
  }

  return {
    dispatch(event, cb) {
      const receivers = store.db.prepare('SELECT url, header_name, header_value FROM receivers').all() as Array<{
        url: string;
        header_name: string | null;
        header_value: string | null;
      }>;
      if (receivers.length === 0) return;
      const txn = typeof cb.txn === 'string' ? store.get('txn', cb.txn) : undefined;
      const body = JSON.stringify(alertPayload(event, cb, txn));
      for (const r of receivers) {
        const p = deliver(r.url, r.header_name, r.header_value, event, String(cb.id), body).finally(() =>
          pending.delete(p),
        );
        pending.add(p);
      }
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
    },
  };
}
