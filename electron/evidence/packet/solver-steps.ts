// The steps the size-budget solver walks down, from the preset as chosen to the legibility floor.
import { presets, type ColourMode } from '../../../shared/evidence/limits.ts';
import type { BuildSettings } from '../../../shared/evidence/items.ts';

export interface Step {
  quality: number;
  dpi: number;
}

/** The lowest resolution the solver steps down to. Measured with the app's OCR on 6 pt receipt
 * print scanned at 300 dpi (test/bench/legibility.bench.ts): at 150 dpi it reads 95% of the
 * words at JPEG quality 75 and about as much at 50 or 35; at 120 dpi 80%; at 100 dpi (the old
 * 1200 px step on A4) a third is lost. Below the floor the solver refuses and explains rather
 * than send what a reviewer cannot read. */
export const LEGIBLE_DPI = 150;

/** The preset as chosen (with the merchant's adjustments, within the limit profile), then bytes
 * traded only above the legibility floor: JPEG quality (it costs small print little), and a
 * resolution above the floor brought down to it. Never below what the merchant chose. */
export function solverSteps(settings: BuildSettings): { colour: ColourMode; denoise: boolean; steps: Step[] } {
  const base = { ...presets[settings.preset], ...settings.overrides };
  const order: ColourMode[] = ['colour', 'grayscale', 'bw'];
  const colour = order[Math.max(order.indexOf(base.colour), order.indexOf(settings.limits.colour))]!;
  const dpi = Math.min(base.dpi, settings.limits.maxDpi);
  const floor = Math.min(dpi, LEGIBLE_DPI);
  if (colour === 'bw')
    return {
      colour,
      denoise: base.denoise,
      steps: [
        { quality: 0, dpi },
        { quality: 0, dpi: floor },
      ],
    };
  return {
    colour,
    denoise: base.denoise,
    steps: [
      { quality: base.jpegQuality, dpi },
      { quality: Math.min(50, base.jpegQuality), dpi },
      { quality: Math.min(35, base.jpegQuality), dpi: floor },
    ],
  };
}
