// The admin surface's hooks into the service, for demos and tests: a new chargeback as the
// processor would open it (its transaction, status, entry and alert), a chargeback's fields
// changed in place, and a chargeback set to have its messages denied.
import { randomBytes } from 'node:crypto';
import { newId } from './ids.ts';
import { txnRecord } from './txn-record.ts';
import type { ChargebackState } from './chargeback-state.ts';
import type { ServiceOptions } from './service-options.ts';
import { formatRecordTimestamp, easternToday, parseYmd, addDays } from '../../shared/domain/dates.ts';
import { currencyExponent } from '../../shared/domain/currencies.ts';

type Rec = Record<string, unknown>;

/** A created chargeback's order number: five digits like the seeded ones (merchants' order
 * numbers are mostly digits), fixed by the chargeback's ID. */
const orderNumberOf = (id: string): string => `ORD-${10000 + (parseInt(id.slice(-5), 16) % 90000)}`;

export function createAdminChargebacks(
  deps: Pick<ServiceOptions, 'store' | 'clock' | 'onAlert'> & { state: ChargebackState },
) {
  const { store, clock, state } = deps;
  const { login } = state;

  /** `fields` override the made-up ones (and `reply`, YYYYMMDD, the due date: two weeks). */
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
      store.put(
        'txn',
        txnId,
        id,
        txnRecord({
          id: txnId,
          ts: formatRecordTimestamp(now),
          merchant: store.meta('merchant') ?? null,
          login,
          payment: newId('pmt', now),
          token: randomBytes(16).toString('hex'),
          total,
          currency,
          more: {
            ipCreated: '203.0.113.7',
            ipModified: '203.0.113.7',
            order: orderNumberOf(id),
            description: 'Order',
            first: 'Sam',
            last: 'Rivera',
            email: 'sam.rivera@example.com',
            entryMode: 1,
            origin: 2,
            clientIp: '198.51.100.20',
          },
        }),
      );
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
        ...state.head(statusId, now),
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
      deps.onAlert(cycle === 'retrieval' ? 'created' : 'opened', cb);
      return cb;
    });
  }

  function modifyChargeback(id: string, fields: Rec): Rec {
    return store.transaction(() => state.touch(state.chargeback(id), fields));
  }

  /** From now on, messages to this chargeback end denied (or processed again). Not a change the
   * merchant can see until a message is denied, so `modified` stays. */
  function setMessageDenial(id: string, deny: boolean): Rec {
    return store.transaction(() => {
      const { _denyMessages: _old, ...cb } = state.chargeback(id);
      const next = deny ? { ...cb, _denyMessages: true } : cb;
      store.put('chargeback', id, id, next);
      return next;
    });
  }

  return { createChargeback, modifyChargeback, setMessageDenial };
}
