// The card's earlier purchases on the dispute page: for a Visa 10.4 chargeback, whether it
// qualifies for Compelling Evidence 3.0 (the earlier purchases with their IDs, dates, amounts and
// what matches), or exactly why not; for reasons where a history helps, the customer's earlier
// undisputed orders. Main reads and judges (electron/card-history/); this only presents the view.
import { mutate, useQuery } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import { formatCalendarDate } from '../../../shared/domain/merchant-format.ts';
import { ce3ElementLabel, ce3Headline } from '../../../shared/domain/compelling-evidence.ts';
import type { Ce3Check, CustomerHistoryCheck } from '../../../shared/views/card-history-view.ts';

const amountOf = (amount: number | null, currency: string): string =>
  amount === null ? 'amount not recorded' : formatAmount(amount, currency);

function CompellingEvidence({ check }: { check: Ce3Check }) {
  if (check.state === 'not-applicable') return null;
  if (check.state !== 'checked')
    return (
      <article className="card" aria-label="Compelling Evidence 3.0" data-testid="ce3">
        <h2>Compelling Evidence 3.0</h2>
        <p role="status">
          {check.state === 'unavailable'
            ? 'Dispute Desk cannot check the card’s earlier purchases: '
            : 'Dispute Desk could not check the card’s earlier purchases now: '}
          {check.reason}. Nothing about them is claimed in the letter or the packet.
        </p>
      </article>
    );
  const v = check.verdict;
  return (
    <article className="card" aria-label="Compelling Evidence 3.0" data-testid="ce3">
      <h2>{ce3Headline(v)}</h2>
      {v.kind === 'qualifies' ? (
        <>
          <p>
            The same card was used for {v.priors.length} earlier, undisputed purchases 120 to 365 days before this one,
            with the same {v.elements.map((e) => ce3ElementLabel[e]).join(' and ')}. The packet gets an exhibit listing
            them and the letter a paragraph naming them.
          </p>
          <ul className="ce3-priors">
            {v.priors.map((p) => (
              <li key={p.id}>
                <strong>{p.id}</strong> · {formatCalendarDate(p.date)} · {amountOf(p.amount, p.currency)} ·{' '}
                {p.daysBefore} days before
                <div className="muted">
                  Matching: {p.matching.map((m) => `${ce3ElementLabel[m.element]} ${m.value}`).join('; ')}
                  {p.sameEmail ? `; also the same email ${p.sameEmail}` : ''}
                </div>
              </li>
            ))}
          </ul>
          {v.elements.includes('address') && (
            <p className="hint">
              The address compared is the one recorded with each payment: check it is where you delivered.
            </p>
          )}
        </>
      ) : v.kind === 'does-not-qualify' ? (
        <ul className="ce3-reasons">
          {v.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <p>{v.reason}</p>
      )}
    </article>
  );
}

function CustomerHistory(p: {
  check: CustomerHistoryCheck;
  inPacket: boolean;
  profileId: string;
  chargebackId: string;
}) {
  const { say } = useApp();
  const { check } = p;
  if (check.state === 'not-applicable') return null;
  async function choose(include: boolean): Promise<void> {
    const r = await mutate('setCustomerHistoryExhibit', {
      profileId: p.profileId,
      chargebackId: p.chargebackId,
      include,
    });
    if (!r.ok) say('error', r.error.message);
  }
  return (
    <article className="card" aria-label="The customer’s earlier orders" data-testid="customer-history">
      <h2>The customer’s earlier orders</h2>
      {check.state !== 'checked' ? (
        <p role="status">
          {check.state === 'unavailable' ? 'They cannot be read: ' : 'They could not be read now: '}
          {check.reason}.
        </p>
      ) : check.orders.length === 0 ? (
        <p>No earlier undisputed order by {check.email} was found.</p>
      ) : (
        <>
          <p>
            {check.orders.length} earlier undisputed {check.orders.length === 1 ? 'order' : 'orders'} by {check.email}:
          </p>
          <ul>
            {check.orders.map((o) => (
              <li key={o.id}>
                <strong>{o.id}</strong> · {formatCalendarDate(o.date)} · {amountOf(o.amount, o.currency)}
                {o.order ? ` · order ${o.order}` : ''}
              </li>
            ))}
          </ul>
          <label className="check">
            <input type="checkbox" checked={p.inPacket} onChange={(e) => void choose(e.target.checked)} /> Add them to
            the packet as an exhibit
          </label>
        </>
      )}
    </article>
  );
}

export function CardHistoryCard({ profileId, chargebackId }: { profileId: string; chargebackId: string }) {
  const asked = useQuery('getCardHistory', { profileId, chargebackId });
  if (asked.error)
    return (
      <article className="card" aria-label="Compelling Evidence 3.0">
        <p role="status">The card’s earlier purchases could not be checked: {asked.error.message}</p>
      </article>
    );
  if (!asked.data) return asked.fetching ? <p className="muted">Checking the card’s earlier purchases…</p> : null;
  return (
    <>
      <CompellingEvidence check={asked.data.compellingEvidence} />
      <CustomerHistory
        check={asked.data.customerHistory}
        inPacket={asked.data.customerHistoryInPacket}
        profileId={profileId}
        chargebackId={chargebackId}
      />
    </>
  );
}
