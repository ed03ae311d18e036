// How the files are made small enough: the preset and its adjustable settings (never past what
// the profile's limits allow), the page size, whether PDF pages are kept, and what is sent.
import * as edit from '../../../shared/evidence/draft-edits.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { presets, type ColourMode, type EvidenceLimits } from '../../../shared/evidence/limits.ts';

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

/** The advanced file settings, folded away: the preset's choices are right for most packets. */
export function FileSettings({
  draft,
  limits,
  setDraft,
}: {
  draft: EvidenceDraft;
  limits: EvidenceLimits;
  setDraft(d: EvidenceDraft): void;
}) {
  return (
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
  );
}
