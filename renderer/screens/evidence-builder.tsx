// Evidence for one dispute: add files (pickers or drop), see every page, put them in order,
// rotate or remove them, choose and adjust a preset, keep PDF pages or turn them into images,
// choose one PDF or a single image, watch the size against the limits, write the cover letter,
// and preview the packet exactly as it will be sent. The draft saves itself.
import { useEffect, useRef, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { openPdf, closePdf, drawPage, acquirePdf } from '../pdf.ts';
import { droppedFiles } from '../components/dropped-files.ts';
import { Dialog } from '../components/dialog.tsx';
import { CardMasks, PageMaskBadge } from './card-masks.tsx';
import { useQuery } from '../data/data.ts';
import * as edit from '../../shared/evidence/draft-edits.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../shared/evidence/draft.ts';
import type { ImportOutcome, ArrangedPage } from '../../shared/evidence/items.ts';
import type { SizeCheck } from '../../shared/evidence/readiness.ts';
import { presets, type ColourMode, type EvidenceLimits } from '../../shared/evidence/limits.ts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import {
  exhibitOrder,
  exhibitTitleMax,
  slotExhibits,
  slotFieldLimits,
  typedFields,
  type SlotId,
} from '../../shared/evidence/slots.ts';
import type { EvidenceSlotSpec } from '../../shared/domain/evidence-guidance.ts';
import { citeExhibits, exhibitTitles, suggestedTitle } from '../../shared/domain/cover-letter-templates.ts';
import { composeLetter, type ComposedLetter } from '../../shared/domain/cover-letter-compose.ts';
import { hasTypedFacts } from '../../shared/domain/answer-readiness.ts';

/** There is a packet to size and preview: pages, or typed facts that the cover letter states. */
const hasPacket = (d: EvidenceDraft): boolean =>
  d.arrangement.pages.length > 0 || (d.coverLetter !== false && d.output !== 'image' && hasTypedFacts(d.slots));

const kb = (n: number): string => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

/** Draws its content only once scrolled near view: a 600-page PDF asks for the pages the
 * merchant can see, not all of them at once. */
function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || seen) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return <div ref={box}>{seen ? children : placeholder}</div>;
}

function PdfThumb({ page }: { page: ArrangedPage }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    // All thumbnails of one PDF share its document: its bytes cross IPC once, not once a page.
    const held = acquirePdf(page.itemId, async () => {
      const r = await api().getPagePicture({ itemId: page.itemId, page: 0, maxWidth: 32 });
      if (!r.ok || r.value.kind !== 'pdf') throw new Error(r.ok ? 'not a PDF' : r.error.message);
      return r.value.bytes;
    });
    void held.doc
      .then(async (doc) => {
        if (!cancelled && canvas.current) await drawPage(doc, page.page + 1, canvas.current, 160, page.rotation);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      held.release();
    };
  }, [page.itemId, page.page, page.rotation]);
  return <canvas ref={canvas} className="thumb" aria-hidden="true" />;
}

function ImageThumb({ page }: { page: ArrangedPage }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // Scrolled away or removed before its picture came: the call is cancelled in main too.
    const stop = new AbortController();
    let made: string | undefined;
    void api()
      .getPagePicture({ itemId: page.itemId, page: page.page, maxWidth: 240 }, { signal: stop.signal })
      .then((r) => {
        if (!r.ok || stop.signal.aborted || r.value.kind !== 'image') return;
        made = URL.createObjectURL(new Blob([r.value.bytes as BlobPart], { type: r.value.mime }));
        setUrl(made);
      });
    return () => {
      stop.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [page.itemId, page.page]);
  return url ? (
    <img className="thumb" src={url} alt="" style={{ transform: `rotate(${page.rotation}deg)` }} />
  ) : (
    <div className="thumb" />
  );
}

export function Thumb({ page, kind }: { page: ArrangedPage; kind: string }) {
  return (
    <WhenVisible
      placeholder={kind === 'pdf' ? <canvas className="thumb" aria-hidden="true" /> : <div className="thumb" />}
    >
      {kind === 'pdf' ? <PdfThumb page={page} /> : <ImageThumb page={page} />}
    </WhenVisible>
  );
}

const isImageFile = (name: string): boolean => /\.(jpe?g|png)$/i.test(name);

function Preview({
  chargebackId,
  files,
  onClose,
  opener,
}: {
  chargebackId: string;
  files: Array<{ name: string; bytes: Uint8Array }>;
  onClose(): void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const say = useApp((s) => s.say);
  const box = useRef<HTMLDivElement>(null);
  const openFile = async (name: string): Promise<void> => {
    const r = await api().openPreviewFile({ chargebackId, name });
    if (!r.ok) say('error', r.error.message);
  };
  const saveFile = async (name: string): Promise<void> => {
    const r = await api().savePreviewFile({ chargebackId, name });
    if (!r.ok) say('error', r.error.message);
    else if (r.value.saved) say('info', `A copy of ${name} was saved.`);
  };
  useEffect(() => {
    let cancelled = false;
    const opened: PDFDocumentProxy[] = [];
    const urls: string[] = [];
    void (async () => {
      for (const f of files) {
        if (isImageFile(f.name)) {
          // A single page kept as an image file is shown as the file it is.
          const url = URL.createObjectURL(
            new Blob([f.bytes as BlobPart], { type: /\.png$/i.test(f.name) ? 'image/png' : 'image/jpeg' }),
          );
          urls.push(url);
          const img = document.createElement('img');
          img.className = 'preview-page';
          img.alt = `${f.name}, page 1`;
          img.src = url;
          box.current?.appendChild(img);
          continue;
        }
        const doc = await openPdf(f.bytes);
        opened.push(doc);
        for (let n = 1; n <= doc.numPages && !cancelled; n++) {
          const c = document.createElement('canvas');
          c.className = 'preview-page';
          c.setAttribute('aria-label', `${f.name}, page ${n}`);
          box.current?.appendChild(c);
          await drawPage(doc, n, c, 640);
        }
      }
    })();
    return () => {
      cancelled = true;
      for (const d of opened) void closePdf(d);
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [files]);
  return (
    <Dialog label="Preview of the packet" onClose={onClose} returnFocusTo={opener}>
      <div className="modal-head">
        <strong>Preview: {files.map((f) => f.name).join(', ')}</strong>
        <span className="actions">
          {files.map((f) => (
            <span key={f.name} className="actions">
              <button onClick={() => void openFile(f.name)} aria-label={`Open ${f.name} in the system viewer`}>
                {files.length > 1 ? `Open ${f.name}` : 'Open in viewer'}
              </button>
              <button onClick={() => void saveFile(f.name)} aria-label={`Save a copy of ${f.name}`}>
                {files.length > 1 ? 'Save…' : 'Save a copy…'}
              </button>
            </span>
          ))}
          <button onClick={onClose}>Close</button>
        </span>
      </div>
      <div ref={box} className="preview-pages" />
    </Dialog>
  );
}

const colourNames: Record<ColourMode, string> = { colour: 'Colour', grayscale: 'Grayscale', bw: 'Black and white' };
const colourOrder: ColourMode[] = ['colour', 'grayscale', 'bw'];

/** The preset's adjustable settings, never past what the profile's limits allow. */
function Adjustments({
  draft,
  limits,
  onChange,
}: {
  draft: EvidenceDraft;
  limits: EvidenceLimits;
  onChange(d: EvidenceDraft): void;
}) {
  const base = presets[draft.preset];
  const o = draft.overrides ?? {};
  const dpi = Math.min(o.dpi ?? base.dpi, limits.maxDpi);
  const allowed = colourOrder.slice(colourOrder.indexOf(limits.colour));
  const colour = allowed.includes(o.colour ?? base.colour) ? (o.colour ?? base.colour) : allowed[0]!;
  const quality = o.jpegQuality ?? base.jpegQuality;
  const dpis = [...new Set([100, 150, 200, 300, dpi])].filter((d) => d <= limits.maxDpi).sort((a, b) => a - b);
  const set = (change: Partial<NonNullable<EvidenceDraft['overrides']>>): void =>
    onChange(edit.setOverrides(draft, change));
  return (
    <>
      <label>
        Resolution
        <select aria-label="Resolution" value={dpi} onChange={(e) => set({ dpi: Number(e.target.value) })}>
          {dpis.map((d) => (
            <option key={d} value={d}>
              {d} dpi{d === base.dpi ? ' (preset)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        Colour
        <select aria-label="Colour" value={colour} onChange={(e) => set({ colour: e.target.value as ColourMode })}>
          {allowed.map((c) => (
            <option key={c} value={c}>
              {colourNames[c]}
              {c === base.colour ? ' (preset)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        JPEG quality {colour === 'bw' ? '(not used in black and white)' : quality}
        <input
          aria-label="JPEG quality"
          type="range"
          min={40}
          max={90}
          step={5}
          value={quality}
          disabled={colour === 'bw'}
          onChange={(e) => set({ jpegQuality: Number(e.target.value) })}
        />
      </label>
    </>
  );
}

/** The packet's size against the limits, for the arrangement on screen: "calculating…" until its
 * own estimate is in, never an earlier arrangement's figures. */
function SizeMeter({ check, limits }: { check: SizeCheck; limits: EvidenceLimits }) {
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
        {e.pages} page{e.pages === 1 ? '' : 's'} (limit {limits.maxPages}) · {kb(e.bytes)} of {kb(limits.maxTotalBytes)}{' '}
        · {e.files} file
        {e.files === 1 ? '' : 's'} of at most {kb(limits.maxFileBytes)}
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

/** One slot of structured evidence: its facts as fields, its files, and a place to drop or pick
 * more. Files go through the same import as any other (dropped Files become paths in the preload,
 * main's one walker imports them); a refused file is named here, the others go in. */
function EvidenceSlot({
  spec,
  draft,
  titles,
  refusals,
  busy,
  onDraft,
  onPick,
  onDrop,
}: {
  spec: EvidenceSlotSpec;
  draft: EvidenceDraft;
  titles: Map<string, string>;
  refusals: string[];
  busy: boolean;
  onDraft(d: EvidenceDraft): void;
  onPick(slot: SlotId): void;
  onDrop(slot: SlotId, e: DragEvent): void;
}) {
  const fill = draft.slots?.[spec.id];
  const exhibits = slotExhibits(draft.slots, spec.id, draft.arrangement);
  const typed = spec.fields.filter((f) => typedFields(draft.slots, spec.id).includes(f.field));
  // Typed facts reach the letter without a file: a section holding only them is not empty.
  const state = [
    ...(exhibits.length ? [citeExhibits(exhibits)] : []),
    ...(typed.length ? [`typed: ${typed.map((f) => f.label.toLowerCase()).join(', ')}`] : []),
  ].join(' · ');
  const files = (fill?.files ?? []).filter((id) => draft.arrangement.pages.some((p) => p.itemId === id));
  const nameOf = (id: string): string => draft.items.find((i) => i.id === id)?.name ?? id;
  const fieldId = (f: string): string => `slot-${spec.id}-${f}`;
  return (
    <section
      className={`slot${state ? ' filled' : ''}`}
      aria-label={spec.label}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => (e.stopPropagation(), onDrop(spec.id, e))}
    >
      <header className="slot-head">
        <strong>{spec.label}</strong>
        <span className="slot-state" data-testid={`slot-state-${spec.id}`}>
          {state ? `✓ ${state.charAt(0).toUpperCase()}${state.slice(1)}` : 'Empty'}
        </span>
      </header>
      <p className="hint">{spec.hint}</p>
      {spec.fields.length > 0 && (
        <div className="slot-fields">
          {spec.fields.map((f) => (
            <label key={f.field} htmlFor={fieldId(f.field)}>
              {f.label}
              <input
                id={fieldId(f.field)}
                type={f.input}
                placeholder={f.placeholder}
                maxLength={slotFieldLimits[f.field]}
                value={fill?.fields[f.field] ?? ''}
                onChange={(e) => onDraft(edit.setSlotField(draft, spec.id, f.field, e.target.value))}
                onBlur={(e) => onDraft(edit.setSlotField(draft, spec.id, f.field, e.target.value, true))}
              />
            </label>
          ))}
        </div>
      )}
      {spec.id === 'tracking' && exhibits.length > 0 && !fill?.fields.trackingNumber && (
        <p className="hint" role="status">
          No tracking number yet: the letter will not cite one.
        </p>
      )}
      {files.length > 0 && (
        <ul className="slot-files" aria-label={`Files in ${spec.label}`}>
          {files.map((id) => (
            <li key={id}>
              <span>{titles.get(id) ?? nameOf(id)}</span> <span className="muted">{nameOf(id)}</span>
              <button
                className="link"
                aria-label={`Take ${nameOf(id)} out of ${spec.label}`}
                onClick={() => onDraft(edit.removeFromSlot(draft, spec.id, id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusals.length > 0 && (
        <ul className="refusals" aria-label={`Not added to ${spec.label}`}>
          {refusals.map((r, i) => (
            <li key={i} className="error">
              {r}
            </li>
          ))}
        </ul>
      )}
      <div className="slot-drop">
        <button onClick={() => onPick(spec.id)} disabled={busy} aria-label={`Add files to ${spec.label}…`}>
          Choose files…
        </button>
        <span className="muted">or drop them here</span>
      </div>
    </section>
  );
}

/** The letter's body as it will be sent, read-only: each claim that will be left out struck
 * through where it stood with why, each paragraph written from an evidence section marked. */
function LetterAsSent({ letter, failed }: { letter: ComposedLetter | undefined; failed: string | undefined }) {
  if (!letter)
    return (
      <p className="muted" role="status">
        {failed ? `The letter as it will be sent cannot be shown: ${failed}` : 'Writing the letter as it will be sent…'}
      </p>
    );
  return (
    <section className="letter-as-sent" aria-label="The letter as it will be sent">
      <p className="hint">
        The letter as it will be sent
        {letter.leftOut.length > 0
          ? ` (${letter.leftOut.length} ${letter.leftOut.length === 1 ? 'sentence' : 'sentences'} ` +
            'of your draft left out, struck through below):'
          : ':'}
      </p>
      <div className="letter-body" data-testid="letter-as-sent">
        {letter.parts.map((p, i) =>
          p.kind === 'text' ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === 'added' ? (
            <span key={i} className="letter-added" title="Written from your evidence">
              {p.text}
            </span>
          ) : (
            <span key={i} className="letter-left-out" data-testid="left-out">
              <del>{p.text}</del> <small>Left out: {p.why}.</small>
            </span>
          ),
        )}
      </div>
    </section>
  );
}

/** One change to the draft; a new object for each change, so each is applied once. */
export interface DraftEdit {
  apply(d: EvidenceDraft): EvidenceDraft;
}

export function EvidenceBuilder({
  profileId,
  chargebackId,
  limits,
  onChange,
  onCheck,
  slots,
  edit: outsideEdit,
}: {
  profileId: string;
  chargebackId: string;
  limits: EvidenceLimits;
  /** A change made to the draft from outside the builder (the dispute page's payment facts):
   * applied once, when a new one arrives, then saved like any other. */
  edit?: DraftEdit | undefined;
  /** The slots of structured evidence this dispute's reason asks for (evidenceSlots). */
  slots: readonly EvidenceSlotSpec[];
  onChange(d: EvidenceDraft | undefined): void;
  /** The packet's size as arranged, for the summary beside Send (which asks packetReadiness). */
  onCheck(c: SizeCheck): void;
}) {
  const say = useApp((s) => s.say);
  const [draft, setDraft] = useState<EvidenceDraft>();
  const [refusals, setRefusals] = useState<Array<{ text: string; skipped: boolean }>>([]);
  const [slotRefusals, setSlotRefusals] = useState<Partial<Record<SlotId, string[]>>>({});
  const [busy, setBusy] = useState('');
  const [preview, setPreview] = useState<Array<{ name: string; bytes: Uint8Array }>>();
  const previewButton = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState<number>();
  // Receipts that, by their name or what is printed on them, belong to another chargeback.
  const [misfits, setMisfits] = useState<Record<string, string>>({});

  // The draft being edited lives here, so it is read once per chargeback, never from a cache; the
  // answer for a chargeback already left is dropped, and its call cancelled.
  useEffect(() => {
    const stop = new AbortController();
    void api()
      .getDraft({ profileId, chargebackId }, { signal: stop.signal })
      .then((r) => {
        if (stop.signal.aborted) return;
        if (r.ok) setDraft(r.value);
        else say('error', r.error.message);
      });
    return () => stop.abort();
  }, [profileId, chargebackId, say]);
  useEffect(() => {
    if (outsideEdit) setDraft((d) => d && outsideEdit.apply(d));
  }, [outsideEdit]);
  // A preview being built is cancelled when the builder goes.
  const previewing = useRef<AbortController>(undefined);
  useEffect(() => () => previewing.current?.abort(), []);
  const estimateInput = draft && {
    arrangement: draft.arrangement,
    settings: settingsOfDraft(draft, limits),
    chargebackId,
    profileId,
    rebuttal: draft.rebuttal,
    ...(draft.slots ? { slots: draft.slots } : {}),
  };
  const sizeKey = estimateInput ? JSON.stringify(estimateInput) : '';
  // A change not saved yet when the builder goes (another answer chosen, another screen) is saved
  // then: switching answers after filling the slots loses nothing.
  const unsaved = useRef<EvidenceDraft>(undefined);
  useEffect(() => {
    onChange(draft);
    if (!draft) return;
    unsaved.current = draft;
    const t = setTimeout(() => {
      unsaved.current = undefined;
      // A draft main refuses to keep is said at once: work that is not saved must not look saved.
      void api()
        .saveDraft({ profileId, chargebackId, draft })
        .then((r) => (r.ok ? undefined : say('error', `Your latest changes were not saved: ${r.error.message}`)));
    }, 350);
    return () => clearTimeout(t);
  }, [draft, profileId, chargebackId, onChange, say]);
  useEffect(
    () => () => {
      if (unsaved.current) void api().saveDraft({ profileId, chargebackId, draft: unsaved.current });
    },
    [profileId, chargebackId],
  );
  // Asked once the arrangement has rested 350 ms; each new one cancels the estimate under way.
  const [asked, setAsked] = useState<{ key: string; input: NonNullable<typeof estimateInput> }>();
  useEffect(() => {
    if (!sizeKey || !estimateInput || !draft || !hasPacket(draft)) return;
    const t = setTimeout(() => setAsked({ key: sizeKey, input: estimateInput }), 350);
    return () => clearTimeout(t);
    // sizeKey spells out estimateInput: a new arrangement, a new estimate; a re-render, none.
  }, [sizeKey]);
  // The estimate for the arrangement on screen only: figures of an earlier one are never current.
  const sized = useQuery('estimatePacket', asked?.key === sizeKey ? asked.input : undefined);
  const check: SizeCheck =
    !draft || !hasPacket(draft)
      ? { state: 'empty' }
      : busy
        ? { state: 'adding', what: busy }
        : asked?.key !== sizeKey || sized.fetching || (!sized.data && !sized.error)
          ? { state: 'calculating' }
          : sized.error
            ? { state: 'failed', message: sized.error.message }
            : { state: 'sized', estimate: sized.data! };
  const checkKey = JSON.stringify(check);
  // Told again only when the check changes.
  useEffect(() => onCheck(check), [checkKey, onCheck]);
  const grounds = useQuery('letterGrounds', { profileId, chargebackId });
  // The exhibit just added, to take the focus once its title field is drawn.
  const focusItem = useRef<string>(undefined);
  useEffect(() => {
    const id = focusItem.current;
    if (!id) return;
    const field = document.getElementById(`exhibit-title-${id}`);
    if (!field) return;
    focusItem.current = undefined;
    field.focus();
  }, [draft]);

  if (!draft) return <p className="muted">Loading the draft…</p>;
  const kindOf = (id: string) => draft.items.find((i) => i.id === id)?.kind ?? 'jpeg';
  const nameOf = (id: string) => draft.items.find((i) => i.id === id)?.name ?? '';

  async function checkFit(itemIds: string[]): Promise<void> {
    // One at a time: the main process reads one scan at a time anyway.
    for (const itemId of itemIds) {
      const r = await api().receiptBelongsElsewhere({ profileId, chargebackId, itemId });
      const warning = r.ok ? r.value.warning : null;
      if (warning) setMisfits((m) => ({ ...m, [itemId]: warning }));
    }
  }

  /** Focus goes to the title of the first file that came in: what was just added, named. */
  function focusAdded(outcomes: readonly ImportOutcome[]): void {
    const first = outcomes.find((o) => o.ok);
    if (first?.ok) focusItem.current = first.item.id;
  }

  function add(outcomes: ImportOutcome[]): void {
    focusAdded(outcomes);
    setRefusals((r) => [...r, ...outcomes.flatMap((o) => (o.ok ? [] : [{ text: o.reason, skipped: !!o.skipped }]))]);
    void checkFit(edit.newItemIds(draft, outcomes));
    setDraft((d) => d && edit.addImported(d, outcomes));
  }

  async function pick(folder: boolean): Promise<void> {
    setBusy(folder ? 'Adding the folder…' : 'Adding files…');
    const r = await api().pickEvidence({ folder });
    setBusy('');
    if (r.ok) add(r.value);
    else say('error', r.error.message);
  }

  async function drop(e: DragEvent): Promise<void> {
    const files = droppedFiles(e);
    if (files.length === 0) return;
    setBusy(files.length === 1 ? `Adding ${files[0]!.name}…` : `Adding ${files.length} dropped items…`);
    const r = await api().importDropped({ files });
    setBusy('');
    if (r.ok) add(r.value);
    else say('error', r.error.message);
  }

  /** Files for a slot: imported like any other, each that came in put into the slot. */
  function addToSlot(slot: SlotId, outcomes: ImportOutcome[]): void {
    focusAdded(outcomes);
    setSlotRefusals((r) => ({
      ...r,
      [slot]: [...(r[slot] ?? []), ...outcomes.flatMap((o) => (o.ok ? [] : [o.reason]))],
    }));
    void checkFit(edit.newItemIds(draft, outcomes));
    setDraft((d) => d && edit.addToSlot(d, slot, outcomes));
  }

  async function pickInto(slot: SlotId): Promise<void> {
    setBusy('Adding files…');
    const r = await api().pickEvidence({ folder: false });
    setBusy('');
    if (r.ok) addToSlot(slot, r.value);
    else say('error', r.error.message);
  }

  async function dropInto(slot: SlotId, e: DragEvent): Promise<void> {
    const files = droppedFiles(e);
    if (files.length === 0) return;
    setBusy(files.length === 1 ? `Adding ${files[0]!.name}…` : `Adding ${files.length} dropped items…`);
    const r = await api().importDropped({ files });
    setBusy('');
    if (r.ok) addToSlot(slot, r.value);
    else say('error', r.error.message);
  }

  const itemOf = (id: string) => draft.items.find((i) => i.id === id);
  const titles = exhibitTitles(draft.arrangement, draft.slots, itemOf);
  // The letter exactly as it will be sent: the same function main builds it with, from the same
  // record facts, so what the merchant reads here is what the issuer reads.
  const letter: ComposedLetter | undefined =
    grounds.data &&
    composeLetter({
      rebuttal: draft.rebuttal,
      category: grounds.data.category ?? undefined,
      facts: grounds.data.facts,
      arrangement: draft.arrangement,
      slots: draft.slots,
      itemOf,
      compellingEvidence: grounds.data.compellingEvidence
        ? { verdict: grounds.data.compellingEvidence, itemId: undefined }
        : undefined,
    });
  const move = (from: number, to: number): void => setDraft(edit.movePage(draft, from, to));

  async function showPreview(): Promise<void> {
    setBusy('Building the preview…');
    previewing.current?.abort();
    const stop = (previewing.current = new AbortController());
    const r = await api().previewPacket({ profileId, chargebackId, draft: draft! }, { signal: stop.signal });
    if (stop.signal.aborted) return;
    setBusy('');
    if (!r.ok) return say('error', r.error.message);
    if (!r.value.result.ok) return say('error', r.value.result.problems.map((p) => p.message).join(' '));
    setPreview(r.value.files);
  }

  return (
    <div className="builder">
      {slots.length > 0 && (
        <div className="slots" aria-label="Evidence by kind">
          {slots.map((spec) => (
            <EvidenceSlot
              key={spec.id}
              spec={spec}
              draft={draft}
              titles={titles}
              refusals={slotRefusals[spec.id] ?? []}
              busy={!!busy}
              onDraft={setDraft}
              onPick={(slot) => void pickInto(slot)}
              onDrop={(slot, e) => void dropInto(slot, e)}
            />
          ))}
        </div>
      )}
      <div
        className={`dropzone${busy ? ' busy' : ''}`}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => void drop(e)}
        aria-label="Drop photos, scans or PDFs here"
      >
        <p>{busy || 'Other evidence: drop photos, scans, PDFs or a whole folder here'}</p>
        <div className="row">
          <button onClick={() => void pick(false)} disabled={!!busy}>
            Add files…
          </button>
          <button onClick={() => void pick(true)} disabled={!!busy}>
            Add a folder…
          </button>
        </div>
      </div>
      {refusals.length > 0 && (
        <ul className="refusals" aria-label="Files not added">
          {refusals.map((r, i) => (
            <li key={i} className={r.skipped ? 'muted' : 'error'}>
              {r.text}
            </li>
          ))}
        </ul>
      )}
      {Object.entries(misfits)
        .filter(([id]) => draft.arrangement.pages.some((p) => p.itemId === id))
        .map(([id, w]) => (
          <p key={id} className="warn" role="alert">
            {w}
          </p>
        ))}
      {draft.arrangement.pages.length > 0 && (
        <ol className="pages" aria-label="Pages in order">
          {draft.arrangement.pages.map((p, i) => (
            <li
              key={`${p.itemId}:${p.page}:${i}`}
              draggable
              onDragStart={() => setDragging(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => (e.stopPropagation(), dragging !== undefined && move(dragging, i), setDragging(undefined))}
              className="page-tile"
            >
              <Thumb page={p} kind={kindOf(p.itemId)} />
              <span className="page-name" title={titles.get(p.itemId) ?? nameOf(p.itemId)}>
                {i + 1}. {titles.get(p.itemId) ?? nameOf(p.itemId)}
                {(draft.items.find((x) => x.id === p.itemId)?.pages ?? 1) > 1 ? ` p.${p.page + 1}` : ''}
              </span>
              <PageMaskBadge page={p} draft={draft} />
              <span className="page-actions">
                <button aria-label={`Move page ${i + 1} earlier`} onClick={() => move(i, i - 1)} disabled={i === 0}>
                  ←
                </button>
                <button aria-label={`Rotate page ${i + 1}`} onClick={() => setDraft(edit.rotatePage(draft, i))}>
                  ⟳
                </button>
                <button aria-label={`Remove page ${i + 1}`} onClick={() => setDraft(edit.removePage(draft, i))}>
                  ✕
                </button>
                <button
                  aria-label={`Move page ${i + 1} later`}
                  onClick={() => move(i, i + 1)}
                  disabled={i === draft.arrangement.pages.length - 1}
                >
                  →
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <CardMasks draft={draft} setDraft={setDraft} />
      <SizeMeter check={check} limits={limits} />
      {/* How the files are made small enough: the preset's choices are right for most packets. */}
      <details className="advanced">
        <summary>Advanced: file settings</summary>
        <div className="row settings">
          <label>
            Preset
            <select
              aria-label="Preset"
              value={draft.preset}
              onChange={(e) => setDraft(edit.setPreset(draft, e.target.value as EvidenceDraft['preset']))}
            >
              <option value="document">Document (grayscale, 150 dpi)</option>
              <option value="photo">Photo (colour)</option>
              <option value="strict">Strict (black and white, 200 dpi)</option>
            </select>
          </label>
          <Adjustments draft={draft} limits={limits} onChange={setDraft} />
          <label>
            Page size
            <select
              aria-label="Page size"
              value={draft.pageSize}
              onChange={(e) => setDraft(edit.setPageSize(draft, e.target.value as EvidenceDraft['pageSize']))}
            >
              <option value="letter">Letter</option>
              <option value="a4">A4</option>
            </select>
          </label>
          <label className="check" title="Shrinking an A4 scan onto Letter makes its small print 12% smaller">
            <input
              type="checkbox"
              checked={draft.keepScanPaper !== false}
              onChange={(e) => setDraft(edit.setKeepScanPaper(draft, e.target.checked))}
            />
            Full-page scans keep their own paper size
          </label>
        </div>
        <div className="row settings">
          <label>
            PDF pages
            <select
              aria-label="PDF pages"
              value={draft.pdfPages ?? 'auto'}
              onChange={(e) =>
                setDraft(edit.setPdfPages(draft, e.target.value as NonNullable<EvidenceDraft['pdfPages']>))
              }
            >
              <option value="auto">Keep as they are when they fit</option>
              <option value="image">Turn into images (compressed like scans)</option>
            </select>
          </label>
          <label>
            Send as
            <select
              aria-label="Send as"
              value={draft.output ?? 'pdf'}
              onChange={(e) => setDraft(edit.setOutput(draft, e.target.value as NonNullable<EvidenceDraft['output']>))}
            >
              <option value="pdf">One PDF</option>
              <option value="image">A single image (JPEG or PNG, one page, no cover letter)</option>
            </select>
          </label>
        </div>
      </details>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.coverLetter !== false}
          onChange={(e) => setDraft(edit.setCoverLetter(draft, e.target.checked))}
        />
        Start with a cover letter
      </label>
      {draft.arrangement.pages.length > 0 && (
        <ol className="exhibit-titles" aria-label="Exhibit titles">
          {exhibitOrder(draft.arrangement).map((id, n) => (
            <li key={id}>
              <label htmlFor={`exhibit-title-${id}`}>
                Exhibit {n + 1} <span className="muted">{nameOf(id)}</span>
              </label>
              <input
                id={`exhibit-title-${id}`}
                maxLength={exhibitTitleMax}
                value={draft.slots?.titles?.[id] ?? titles.get(id) ?? ''}
                placeholder={suggestedTitle(itemOf(id))}
                onChange={(e) => setDraft(edit.setExhibitTitle(draft, id, e.target.value))}
                onBlur={(e) => {
                  // Leaving the field as it was changes nothing (and sizes nothing again): the
                  // press of Send that left it must find the button where it was.
                  const left = e.target.value.trim();
                  const kept = draft.slots?.titles?.[id];
                  if (left === kept || (kept === undefined && left === (titles.get(id) ?? ''))) return;
                  setDraft(edit.setExhibitTitle(draft, id, e.target.value, true));
                }}
              />
            </li>
          ))}
        </ol>
      )}
      {draft.coverLetter !== false && (
        <label>
          Cover letter
          <textarea
            aria-label="Cover letter"
            rows={8}
            // Untouched, the draft shown follows the packet: only the sentences it supports.
            value={letter?.untouched ? letter.draft : draft.rebuttal}
            onChange={(e) => setDraft(edit.setRebuttal(draft, e.target.value))}
          />
        </label>
      )}
      {draft.coverLetter !== false && <LetterAsSent letter={letter} failed={grounds.error?.message} />}
      <button ref={previewButton} onClick={() => void showPreview()} disabled={!!busy || !hasPacket(draft)}>
        Preview the packet
      </button>
      {preview && (
        <Preview
          chargebackId={chargebackId}
          files={preview}
          onClose={() => setPreview(undefined)}
          opener={previewButton}
        />
      )}
    </div>
  );
}
