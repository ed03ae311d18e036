// The inbox's selection and what it does to many chargebacks at once. The selection only ever
// holds rows the current view lists: after a filter change, a fold or a sync, whatever left the
// view leaves the selection, so an action never reaches a chargeback the merchant cannot see.
// "Build packets" hands the answerable ones to batch upload (one packet builder); "Accept
// liability" is reviewed in main (what each concedes, what is skipped and why), confirmed in a
// dialog that restates the count and totals, then queued through the same guards as one answer.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { dataClient, mutate, useQuery } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import { Dialog } from '../../components/dialog.tsx';
import type { BridgeInput } from '../../../shared/ipc/define.ts';
import type { IpcContract } from '../../../shared/ipc/contract.ts';
import type { InboxSection } from '../../../shared/domain/inbox-sections.ts';
import { formatAmount } from '../../../shared/domain/money.ts';
import type { LiabilityResult, LiabilityReview } from '../../../shared/liability-batch.ts';
import { totalsByCurrency, totalsText } from '../../../shared/liability-totals.ts';

/** What the selection knows of a row: enough to total it and to tell whether a packet can go to it. */
export interface SelectedRow {
  id: string;
  section: InboxSection;
  total: number;
  currency: string;
  answerable: boolean;
}

type ViewQuery = BridgeInput<IpcContract['listInboxKeys']>;
type Selection = ReadonlyMap<string, SelectedRow>;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const sameRow = (a: SelectedRow, b: SelectedRow): boolean =>
  a.section === b.section && a.total === b.total && a.currency === b.currency && a.answerable === b.answerable;

export function useSelection(view: ViewQuery) {
  const [selected, setSelected] = useState<Selection>(new Map());
  // Every row of the view, asked for only while something is selected.
  const keys = useQuery('listInboxKeys', selected.size > 0 ? view : undefined);
  useEffect(() => {
    if (!keys.data) return;
    const inView = new Map(keys.data.map((k) => [k.id, k]));
    setSelected((prev) => {
      const next = new Map<string, SelectedRow>();
      let changed = false;
      for (const [id, row] of prev) {
        const now = inView.get(id);
        if (now) next.set(id, now);
        if (!now || !sameRow(now, row)) changed = true;
      }
      return changed ? next : prev;
    });
  }, [keys.data]);

  const set = (rows: readonly SelectedRow[], on: boolean): void =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (on) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });

  /** Selects every row of a section (or of the view); all of them selected already: unselects them. */
  async function toggleWhere(section: InboxSection | 'view'): Promise<void> {
    const state = await dataClient().refetch('listInboxKeys', view);
    const rows = (state.data ?? []).filter((k) => section === 'view' || k.section === section);
    set(
      rows,
      rows.some((r) => !selected.has(r.id)),
    );
  }

  return {
    selected,
    has: (id: string): boolean => selected.has(id),
    toggle: (row: SelectedRow): void => set([row], !selected.has(row.id)),
    toggleWhere,
    /** How many of a section's rows are selected. */
    countIn: (section: InboxSection): number => [...selected.values()].filter((r) => r.section === section).length,
    clear: (): void => setSelected(new Map()),
    drop: (ids: readonly string[]): void =>
      set(
        ids.map((id) => selected.get(id)).filter((r) => r !== undefined),
        false,
      ),
  };
}
export type InboxSelection = ReturnType<typeof useSelection>;

/** A checkbox that can say "some": `mixed` sets the DOM's indeterminate, which has no attribute. */
export function TriCheckbox({
  label,
  checked,
  mixed,
  onToggle,
  tabbable = false,
}: {
  label: string;
  checked: boolean;
  mixed: boolean;
  onToggle(): void;
  /** In the Tab order: outside the grid (whose rows take Space instead). */
  tabbable?: boolean;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="select-box"
      aria-label={label}
      checked={checked}
      tabIndex={tabbable ? 0 : -1}
      onClick={(e) => e.stopPropagation()}
      onChange={onToggle}
    />
  );
}

/** The bar under the worklist while rows are selected: how many, how much per currency, the actions. */
export function SelectionBar({ profileId, selection }: { profileId: string; selection: InboxSelection }) {
  const go = useApp((s) => s.go);
  const [liability, setLiability] = useState<string[] | undefined>();
  const opener = useRef<HTMLButtonElement>(null);
  const rows = [...selection.selected.values()];
  if (rows.length === 0 && !liability) return null;
  const totals = totalsByCurrency(rows.map((r) => ({ amount: r.total, currency: r.currency })));
  const answerable = rows.filter((r) => r.answerable).map((r) => r.id);
  return (
    <div className="selection-bar" role="region" aria-label="Selected chargebacks">
      <span className="selection-count" data-testid="selection-count">
        <strong>{rows.length}</strong> selected
      </span>
      <span className="selection-total" data-testid="selection-total">
        {totalsText(totals)} disputed
      </span>
      <span className="actions">
        <button
          type="button"
          disabled={answerable.length === 0}
          title={
            answerable.length === 0
              ? 'None of the selected can take a packet: only open ones inside their reply date, not yet answered.'
              : undefined
          }
          onClick={() => go({ name: 'batch', chargebackIds: answerable, leftOut: rows.length - answerable.length })}
        >
          Build packets{answerable.length ? ` (${answerable.length})` : ''}…
        </button>
        <button
          type="button"
          ref={opener}
          className="danger"
          disabled={rows.length === 0}
          onClick={() => setLiability(rows.map((r) => r.id))}
        >
          Accept liability…
        </button>
        <button type="button" className="link" onClick={selection.clear}>
          Clear selection
        </button>
      </span>
      {liability && (
        <LiabilityDialog
          profileId={profileId}
          chargebackIds={liability}
          opener={opener}
          onQueued={(ids) => selection.drop(ids)}
          onClose={() => setLiability(undefined)}
        />
      )}
    </div>
  );
}

type Step =
  | { name: 'review' }
  | { name: 'submitting'; review: LiabilityReview }
  | { name: 'done'; review: LiabilityReview; results: LiabilityResult[] }
  | { name: 'failed'; review: LiabilityReview; message: string };

/** What "Accept liability" would do to the selection, then what it did: nothing is queued before
 * the merchant confirms the count and the totals restated here. */
function LiabilityDialog({
  profileId,
  chargebackIds,
  opener,
  onQueued,
  onClose,
}: {
  profileId: string;
  chargebackIds: string[];
  opener: RefObject<HTMLButtonElement | null>;
  onQueued(ids: string[]): void;
  onClose(): void;
}) {
  const [step, setStep] = useState<Step>({ name: 'review' });
  const asked = useQuery('reviewLiability', step.name === 'review' ? { profileId, chargebackIds } : undefined);
  // The review the merchant reads is the one confirmed: a refetch (a sync, another job sending)
  // never changes the amounts under their eyes. A newer review that differs is offered instead,
  // and main refuses any amount that changed since the one confirmed.
  const [read, setRead] = useState<LiabilityReview>();
  if (step.name === 'review' && asked.data && !read) setRead(asked.data);
  const newer = step.name === 'review' && asked.data && read && !sameReview(asked.data, read) ? asked.data : undefined;
  const review = step.name === 'review' ? read : step.review;
  const busy = useRef(false);

  async function confirm(r: LiabilityReview): Promise<void> {
    // A second click while the first is being queued does nothing.
    if (busy.current || r.take.length === 0) return;
    busy.current = true;
    setStep({ name: 'submitting', review: r });
    const answer = await mutate('acceptLiability', { profileId, confirmed: r.take });
    if (!answer.ok) {
      busy.current = false;
      setStep({ name: 'failed', review: r, message: answer.error.message });
      return;
    }
    onQueued(answer.value.filter((x) => x.outcome === 'queued').map((x) => x.chargebackId));
    setStep({ name: 'done', review: r, results: answer.value });
  }

  const amountOf = new Map((review?.take ?? []).map((t) => [t.chargebackId, formatAmount(t.amount, t.currency)]));
  const close = (): void => {
    if (step.name !== 'submitting') onClose();
  };
  return (
    <Dialog label="Accept liability" className="modal liability-dialog" onClose={close} returnFocusTo={opener}>
      <div className="modal-head">
        <strong>Accept liability</strong>
      </div>
      <div className="liability-body">
        {!review ? (
          asked.error ? (
            <p className="error" role="alert">
              {asked.error.message}
            </p>
          ) : (
            <p className="muted" role="status">
              Checking each selected chargeback…
            </p>
          )
        ) : step.name === 'done' ? (
          <Results results={step.results} review={review} amountOf={amountOf} />
        ) : (
          <>
            {review.take.length > 0 ? (
              <p className="liability-restated" data-testid="liability-restated">
                Accept liability for <strong>{plural(review.take.length, 'chargeback')}</strong>, conceding the full
                disputed amount of each: <strong data-testid="liability-totals">{totalsText(review.totals)}</strong>{' '}
                stays with the cardholders. This cannot be undone.
              </p>
            ) : (
              <p className="error" role="alert">
                None of the selected chargebacks can take “Accept liability”. Nothing will be queued.
              </p>
            )}
            {review.take.length > 0 && (
              <ul className="liability-list" aria-label="Chargebacks to concede">
                {review.take.map((t) => (
                  <li key={t.chargebackId}>
                    {t.chargebackId} <span className="amount">{amountOf.get(t.chargebackId)}</span>
                  </li>
                ))}
              </ul>
            )}
            <Skipped review={review} />
            {newer && (
              <p className="error" role="alert" data-testid="liability-changed">
                The selection changed while you read this (a sync or another answer). What is above is what will be
                queued; a chargeback whose amount changed is refused.{' '}
                <button type="button" onClick={() => setRead(newer)}>
                  Show the new review
                </button>
              </p>
            )}
            {step.name === 'failed' && (
              <p className="error" role="alert">
                {step.message}
              </p>
            )}
          </>
        )}
      </div>
      <div className="liability-actions actions">
        {step.name === 'done' ? (
          <button type="button" className="primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            {review && review.take.length > 0 && (
              <button
                type="button"
                className="danger"
                aria-disabled={step.name === 'submitting'}
                onClick={() => void confirm(review)}
              >
                {step.name === 'submitting'
                  ? 'Queueing…'
                  : `Accept liability for ${plural(review.take.length, 'chargeback')}`}
              </button>
            )}
            <button type="button" onClick={close} disabled={step.name === 'submitting'}>
              Cancel
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}

function Skipped({ review }: { review: LiabilityReview }) {
  if (review.skipped.length === 0) return null;
  return (
    <>
      <p className="hint">
        {plural(review.skipped.length, 'selected chargeback')} cannot take this answer and{' '}
        {review.skipped.length === 1 ? 'is' : 'are'} skipped:
      </p>
      <ul className="liability-list skipped" aria-label="Skipped">
        {review.skipped.map((s) => (
          <li key={s.chargebackId}>
            <strong>{s.chargebackId}</strong> <span className="why">{s.reason}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Results({
  results,
  review,
  amountOf,
}: {
  results: LiabilityResult[];
  review: LiabilityReview;
  amountOf: ReadonlyMap<string, string>;
}) {
  const queued = results.filter((r) => r.outcome === 'queued').length;
  return (
    <>
      <p role="status">
        <strong>{plural(queued, 'answer')} queued</strong> in the outbox
        {results.length > queued ? `, ${results.length - queued} refused` : ''}
        {review.skipped.length ? `, ${review.skipped.length} skipped` : ''}.
      </p>
      <ul className="liability-list" aria-label="Results">
        {results.map((r) => (
          <li key={r.chargebackId} data-testid="liability-result">
            <strong>{r.chargebackId}</strong> <span className="amount">{amountOf.get(r.chargebackId)}</span>{' '}
            <span className={`state ${r.outcome === 'queued' ? 'done' : 'failed'}`}>
              {r.outcome === 'queued' ? 'Queued' : 'Refused'}
            </span>
            {r.reason ? <span className="why"> {r.reason}</span> : null}
          </li>
        ))}
      </ul>
      <Skipped review={review} />
    </>
  );
}

/** Two reviews say the same: the same chargebacks at the same amounts, the same ones skipped. */
function sameReview(a: LiabilityReview, b: LiabilityReview): boolean {
  return JSON.stringify([a.take, a.skipped]) === JSON.stringify([b.take, b.skipped]);
}
