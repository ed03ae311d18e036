// What every part of the service does to a chargeback: find it (or refuse), decide whether it may
// still be answered, record a change (its `modified`) or a new status (with the status record and
// the alert the status fires), and begin each new record with the service's common fields.
import { newId } from './ids.ts';
import { fail } from './refusals.ts';
import type { ServiceOptions } from './service-options.ts';
import { formatRecordTimestamp } from '../../shared/domain/dates.ts';
import type { AlertEvent } from '../../shared/api/alerts.ts';

type Rec = Record<string, unknown>;

export function createChargebackState(deps: Pick<ServiceOptions, 'store' | 'clock' | 'dialect' | 'onAlert'>) {
  const { store, clock } = deps;
  const login = store.meta('login') ?? 't1_log_000000000000000000000001';
  /** The field a message or document names its chargeback by, as the dialect spells it. */
  const linkField = deps.dialect === 'core' ? 'chargeback' : 'Chargeback';
  const stamp = (d: Date): string => formatRecordTimestamp(d);

  /** The fields a record the service writes begins with: its ID, when, and who (the API login). */
  function head(id: string, now: Date): Rec {
    return { id, created: stamp(now), modified: stamp(now), creator: login, modifier: login };
  }

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

  function touch(cb: Rec, changes: Rec): Rec {
    const next = { ...cb, ...changes, modified: formatRecordTimestamp(clock.now()) };
    store.put('chargeback', String(cb.id), String(cb.id), next);
    return next;
  }

  function addStatus(cb: Rec, status: string, messageId: string | null): Rec {
    const now = clock.now();
    const id = newId('chs', now);
    store.put('status', id, String(cb.id), {
      ...head(id, now),
      chargeback: cb.id,
      chargebackMessage: messageId,
      status,
    });
    const next = touch(cb, { status, lastStatusChange: id });
    const event: AlertEvent | undefined =
      status === 'won' ? 'won' : status === 'lost' ? 'lost' : status === 'closed' ? 'closed' : undefined;
    if (event) deps.onAlert(event, next);
    return next;
  }

  return { login, linkField, stamp, head, chargeback, assertAnswerable, touch, addStatus };
}

export type ChargebackState = ReturnType<typeof createChargebackState>;
