// The packet's size against the profile's limits, for the arrangement on screen: asked of main
// once the arrangement has rested, and shown as "calculating…" until its own estimate is in.
import { useEffect, useState } from 'react';
import { useQuery } from '../../data/data.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { SizeCheck } from '../../../shared/evidence/readiness.ts';
import type { EvidenceLimits } from '../../../shared/evidence/limits.ts';
import { hasTypedFacts } from '../../../shared/domain/answer-readiness.ts';
import { formatSize } from '../../../shared/domain/merchant-format.ts';

/** There is a packet to size and preview: pages, the card history's exhibits (`fromHistory`, how
 * many the packet adds), or typed facts that the cover letter states. */
export const hasPacket = (d: EvidenceDraft, fromHistory: number): boolean =>
  d.arrangement.pages.length > 0 ||
  fromHistory > 0 ||
  (d.coverLetter !== false && d.output !== 'image' && hasTypedFacts(d.slots));

/** The size check of the draft as arranged; `busy` (files being added) holds it as 'adding'. */
export function useSizeCheck(o: {
  draft: EvidenceDraft | undefined;
  limits: EvidenceLimits;
  profileId: string;
  chargebackId: string;
  busy: string;
  /** How many exhibits the card history adds to the packet. */
  fromHistory: number;
}): SizeCheck {
  const { draft, limits, profileId, chargebackId, busy, fromHistory } = o;
  const estimateInput = draft && {
    arrangement: draft.arrangement,
    settings: settingsOfDraft(draft, limits),
    chargebackId,
    profileId,
    rebuttal: draft.rebuttal,
    ...(draft.slots ? { slots: draft.slots } : {}),
  };
  const sizeKey = estimateInput ? JSON.stringify(estimateInput) : '';
  // Asked once the arrangement has rested 350 ms; each new one cancels the estimate under way.
  const [asked, setAsked] = useState<{ key: string; input: NonNullable<typeof estimateInput> }>();
  useEffect(() => {
    if (!sizeKey || !estimateInput || !draft || !hasPacket(draft, fromHistory)) return;
    const t = setTimeout(() => setAsked({ key: sizeKey, input: estimateInput }), 350);
    return () => clearTimeout(t);
    // sizeKey spells out estimateInput: a new arrangement, a new estimate; a re-render, none.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sizeKey spells out the input
  }, [sizeKey, fromHistory]);
  // The estimate for the arrangement on screen only: figures of an earlier one are never current.
  const sized = useQuery('estimatePacket', asked?.key === sizeKey ? asked.input : undefined);
  return !draft || !hasPacket(draft, fromHistory)
    ? { state: 'empty' }
    : busy
      ? { state: 'adding', what: busy }
      : asked?.key !== sizeKey || sized.fetching || (!sized.data && !sized.error)
        ? { state: 'calculating' }
        : sized.error
          ? { state: 'failed', message: sized.error.message }
          : { state: 'sized', estimate: sized.data! };
}

/** The check as the merchant sees it: never an earlier arrangement's figures. */
export function SizeMeter({ check, limits }: { check: SizeCheck; limits: EvidenceLimits }) {
  if (check.state === 'empty') return null;
  const label = 'Size against the limits';
  if (check.state !== 'sized') {
    const text =
      check.state === 'failed'
        ? `The size could not be calculated: ${check.message}`
        : 'Calculating the size of the packet…';
    return (
      <div
        className={`meter ${check.state === 'failed' ? 'over' : 'pending'}`}
        role="status"
        aria-label={label}
        aria-busy={check.state !== 'failed'}
      >
        {check.state !== 'failed' && <progress aria-label="Calculating" />}
        <span data-testid="size-figures">{text}</span>
      </div>
    );
  }
  const e = check.estimate;
  return (
    <div className={`meter ${e.fits ? 'fits' : 'over'}`} role="status" aria-label={label}>
      <meter min={0} max={limits.maxTotalBytes} value={Math.min(e.bytes, limits.maxTotalBytes)} />
      <span data-testid="size-figures">
        {e.pages} page{e.pages === 1 ? '' : 's'} (limit {limits.maxPages}) · {formatSize(e.bytes)} of{' '}
        {formatSize(limits.maxTotalBytes)} · {e.files} file
        {e.files === 1 ? '' : 's'} of at most {formatSize(limits.maxFileBytes)}
      </span>
      {e.problems.map((p) => (
        <p key={p} className="error">
          {p}
        </p>
      ))}
      {(e.warnings ?? []).map((w) => (
        <p key={w} className="muted">
          {w}
        </p>
      ))}
    </div>
  );
}
