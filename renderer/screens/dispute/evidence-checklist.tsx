// The "Evidence that wins" card: what wins this reason, as a checklist the merchant ticks (saved
// through the data layer) or the packet ticks for them.
import { useState } from 'react';
import { mutate, useQuery } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { slotLabel } from '../../../shared/domain/evidence-guidance.ts';
import { checklistFromRecord } from '../../../shared/domain/payment-facts.ts';
import { checklistFromCardHistory } from '../../../shared/views/card-history-view.ts';
import type { SlotId } from '../../../shared/evidence/slots.ts';
import type { DisputeView } from '../../../shared/views/dispute-view.ts';

/** Ticks shown at once; the view refetched after a tick (or a failure) takes over. */
function useTicks(view: DisputeView, profileId: string, chargebackId: string) {
  const { say } = useApp();
  const [ticks, setTicks] = useState<{ of: DisputeView; checked: Record<string, boolean> }>({ of: view, checked: {} });
  const ticked = (id: string, saved: boolean): boolean => (ticks.of === view ? (ticks.checked[id] ?? saved) : saved);
  async function tick(itemId: string, checked: boolean): Promise<void> {
    setTicks((t) => ({ of: view, checked: { ...(t.of === view ? t.checked : {}), [itemId]: checked } }));
    const r = await mutate('setChecklistItem', { profileId, chargebackId, itemId, checked });
    if (!r.ok) {
      say('error', r.error.message);
      setTicks((t) => ({
        of: t.of,
        checked: Object.fromEntries(Object.entries(t.checked).filter(([id]) => id !== itemId)),
      }));
    }
  }
  return { ticked, tick };
}

export function EvidenceChecklist({
  view,
  profileId,
  chargebackId,
  filledBy,
}: {
  view: DisputeView;
  profileId: string;
  chargebackId: string;
  /** The checklist items the packet fills, by the slot that fills each. */
  filledBy: ReadonlyMap<string, SlotId>;
}) {
  const { ticked, tick } = useTicks(view, profileId, chargebackId);
  // What the transaction record itself supports ticks its item, in the record's words.
  // A qualifying Compelling Evidence 3.0 check (the card's earlier purchases) ticks its item too.
  const history = useQuery('getCardHistory', { profileId, chargebackId });
  const fromRecord = new Map([...checklistFromRecord(view.paymentFacts), ...checklistFromCardHistory(history.data)]);
  return (
    <article className="card">
      <h2>Evidence that wins</h2>
      <p>{view.guidance.summary}</p>
      <ul className="checklist">
        {view.guidance.checklist.map((i) => {
          const by = filledBy.get(i.id);
          const record = fromRecord.get(i.id);
          return (
            <li key={i.id} className={by || record ? 'provided' : undefined}>
              <label>
                <input
                  type="checkbox"
                  checked={!!by || !!record || ticked(i.id, i.checked)}
                  disabled={!!by || !!record}
                  onChange={(e) => void tick(i.id, e.target.checked)}
                />{' '}
                <strong>{i.label}</strong> <span className="muted">{i.detail}</span>
                {record && <span className="provided-by">The transaction record: {record}</span>}
                {by && <span className="provided-by">In the packet: {slotLabel(by)}</span>}
              </label>
            </li>
          );
        })}
      </ul>
      <p className="hint">{view.guidance.advice}</p>
    </article>
  );
}
