import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import { defaultLimits, presets } from '../../../shared/evidence/limits.ts';
import { solverSteps, LEGIBLE_DPI } from '../../../electron/evidence/packet/solver-steps.ts';

const draft: EvidenceDraft = {
  items: [],
  arrangement: { pages: [] },
  preset: 'document',
  pageSize: 'letter',
  rebuttal: '',
};

test('a draft keeps scans on their own paper unless the merchant unticks it', () => {
  assert.equal(settingsOfDraft(draft, defaultLimits).keepScanPaper, undefined, 'the default: their own paper');
  assert.equal(settingsOfDraft({ ...draft, keepScanPaper: true }, defaultLimits).keepScanPaper, undefined);
  assert.equal(settingsOfDraft({ ...draft, keepScanPaper: false }, defaultLimits).keepScanPaper, false);
});

test('no preset has a median filter, and the solver never steps below the legibility floor', () => {
  for (const p of Object.values(presets)) assert.equal(p.denoise, false, p.name);
  const base = {
    preset: 'document' as const,
    limits: defaultLimits,
    pageSize: 'letter' as const,
    output: 'pdf' as const,
    baseName: 'e',
  };
  for (const dpi of [100, 150, 200, 300]) {
    const { steps } = solverSteps({ ...base, limits: { ...defaultLimits, maxDpi: 600 }, overrides: { dpi } });
    assert.equal(steps[0]!.dpi, dpi, 'the preset as chosen first');
    assert.ok(
      steps.every((s) => s.dpi >= Math.min(dpi, LEGIBLE_DPI)),
      `${dpi} dpi: ${JSON.stringify(steps)}`,
    );
    assert.ok(
      steps.every((s, i) => i === 0 || (s.quality <= steps[i - 1]!.quality && s.dpi <= steps[i - 1]!.dpi)),
      'each step gives up bytes, never adds them',
    );
  }
  const bw = solverSteps({ ...base, preset: 'strict' });
  assert.ok(bw.steps.every((s) => s.dpi >= LEGIBLE_DPI));
});
