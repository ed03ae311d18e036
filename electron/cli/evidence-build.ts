// `dispute-desk evidence build`: files and folders in, a packet the processor accepts out.
import { z } from 'zod';
import { join, resolve } from 'node:path';
import { CliError, stringOption, type CliCommand, type CliContext } from './command.ts';
import { withHeadless } from './headless-context.ts';
import {
  presetNameSchema,
  pageSizeSchema,
  defaultLimits,
  evidenceLimitsSchema,
  presetSchema,
  colourModeSchema,
  type EvidenceLimits,
  type PresetAdjustments,
} from '../../shared/evidence/limits.ts';
import { outputKindSchema, pdfPagesSchema, type CoverLetterInput } from '../../shared/evidence/items.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { LetterSource } from '../app/answer/letter.ts';

/** A whole number within the bounds the shared schema sets, so flags and settings cannot drift. */
function wholeNumber(bounds: z.ZodNumber, unit = ''): { schema: z.ZodType<number, string>; must: string } {
  const min = bounds.minValue ?? 0;
  const max =
    bounds.maxValue !== null &&
    bounds.maxValue !== undefined &&
    Number.isFinite(bounds.maxValue) &&
    bounds.maxValue < Number.MAX_SAFE_INTEGER
      ? bounds.maxValue
      : undefined;
  const must = `a whole number${unit}${max !== undefined ? ` from ${min} to ${max}` : ` of at least ${min}`}`;
  return { schema: z.string().regex(/^\d+$/).transform(Number).pipe(bounds), must };
}

const bytes = wholeNumber(evidenceLimitsSchema.shape.maxFileBytes, ' of bytes');
const flags = {
  preset: { schema: presetNameSchema, must: presetNameSchema.options.join(', ').replace(/, (?=[^,]*$)/, ' or ') },
  page: { schema: pageSizeSchema, must: 'letter or a4' },
  format: {
    schema: outputKindSchema,
    must: 'pdf (one PDF, the default) or image (a single page as JPEG or PNG, no cover letter)',
  },
  'pdf-pages': {
    schema: pdfPagesSchema,
    must: 'auto (kept as they are when they fit the limits) or image (always drawn as images)',
  },
  colour: { schema: colourModeSchema, must: 'colour, grayscale or bw' },
  dpi: wholeNumber(presetSchema.shape.dpi),
  quality: wholeNumber(presetSchema.shape.jpegQuality),
  'max-file-bytes': { ...bytes, must: `${bytes.must} (a smaller file cannot hold a legible page)` },
  'max-total-bytes': { ...bytes, must: `${bytes.must} (a smaller packet cannot hold a legible page)` },
  'max-pages': wholeNumber(evidenceLimitsSchema.shape.maxPages),
} as const;

type FlagName = keyof typeof flags;
type FlagValue<K extends FlagName> = z.output<(typeof flags)[K]['schema']>;

/** A flag's value through its schema, or a message that says what it must be. */
function flag<K extends FlagName>(ctx: CliContext, name: K): FlagValue<K> | undefined {
  const raw = stringOption(ctx, name);
  if (raw === undefined) return undefined;
  const parsed = (flags[name].schema as z.ZodType<FlagValue<K>>).safeParse(raw.trim());
  if (!parsed.success) throw new CliError(`--${name} must be ${flags[name].must}, not "${raw}".`);
  return parsed.data;
}

export const evidenceBuild: CliCommand = {
  name: 'evidence build',
  summary: "Turn photos, scans and PDFs into an evidence packet within the processor's limits.",
  usage:
    'dispute-desk evidence build <files or folders...> --out DIR [--profile NAME] [--preset ' +
    'document|photo|strict] [--dpi N] [--colour colour|grayscale|bw] [--quality N] [--format pdf|image] ' +
    '[--pdf-pages auto|image] [--max-file-bytes N] [--max-total-bytes N] [--max-pages N] [--page letter|a4] ' +
    '[--fit-scans] [--cover-for CHARGEBACK_ID] [--json]. A full-page scan keeps its own paper size (A4 ' +
    'stays A4) unless --fit-scans shrinks it onto --page. Limits, preset and page size come from --profile ' +
    "(or from the profile holding --cover-for's chargeback), else the defaults; the flags override them.",
  positionals: true,
  options: {
    out: { type: 'string' },
    preset: { type: 'string' },
    'max-file-bytes': { type: 'string' },
    'max-total-bytes': { type: 'string' },
    'max-pages': { type: 'string' },
    page: { type: 'string' },
    'cover-for': { type: 'string' },
    profile: { type: 'string' },
    format: { type: 'string' },
    'pdf-pages': { type: 'string' },
    dpi: { type: 'string' },
    colour: { type: 'string' },
    quality: { type: 'string' },
    'fit-scans': { type: 'boolean', default: false },
  },
  async run(ctx) {
    const out = stringOption(ctx, 'out');
    if (!out) throw new CliError(`--out DIR is required. Usage: ${this.usage}`);
    if (ctx.positionals.length === 0) throw new CliError('Name at least one file or folder to build from.');
    // Every flag is checked before any work, so a typo costs nothing.
    const preset = flag(ctx, 'preset');
    const page = flag(ctx, 'page');
    const format = flag(ctx, 'format') ?? 'pdf';
    const pdfPages = flag(ctx, 'pdf-pages');
    const overrides: PresetAdjustments = {};
    const dpi = flag(ctx, 'dpi');
    const colour = flag(ctx, 'colour');
    const quality = flag(ctx, 'quality');
    if (dpi !== undefined) overrides.dpi = dpi;
    if (colour !== undefined) overrides.colour = colour;
    if (quality !== undefined) overrides.jpegQuality = quality;
    const maxFile = flag(ctx, 'max-file-bytes');
    const maxTotal = flag(ctx, 'max-total-bytes');
    const maxPages = flag(ctx, 'max-pages');
    const profileName = stringOption(ctx, 'profile');
    const coverFor = stringOption(ctx, 'cover-for');
    if (format === 'image' && coverFor)
      throw new CliError(
        '--format image writes a single page without a cover letter: leave out --cover-for, or use --format pdf.',
      );

    // The pipeline is loaded once the flags are known to be right. The card-number search's
    // engines start first: they load in threads of their own while this one loads the rest.
    // Then the store (with the image library), so the import can start; the packet builder (the
    // PDF library and the rest) loads on this thread while the image library's threads check the
    // files being imported.
    const engines = import('../evidence/card-mask/scan-engines.ts');
    engines.then(
      (e) => e.warmCardScanner(),
      () => undefined,
    );
    const { createEvidenceStore } = await import('../evidence/evidence-store.ts');
    const builder = Promise.all([
      import('../evidence/packet/build.ts'),
      import('../evidence/pdf-raster.ts'),
      import('../app/answer/packets.ts'),
    ]);
    // Awaited below; a failure is not left unhandled when the import stops the command first.
    builder.catch(() => undefined);
    let profile: Profile | undefined;
    let cover: CoverLetterInput | undefined;
    // The letter is written once the files are known: its claims are tied to them.
    let coverSource: LetterSource | undefined;
    if (profileName !== undefined || coverFor !== undefined) {
      await withHeadless(ctx, async (h) => {
        if (profileName !== undefined) profile = h.resolveProfile(profileName);
        if (coverFor === undefined) return;
        const holders = profile ? [profile] : h.store.profiles.list();
        const found = holders
          .map((p) => ({ p, cb: h.store.portfolio.getChargeback(p.id, coverFor) }))
          .find((x) => x.cb);
        if (!found?.cb)
          throw new CliError(
            `Chargeback ${coverFor} is not in the local ` +
              `store${profile ? ` of the profile "${profile.name}"` : ''}: ` +
              `run \`dispute-desk sync\` first, or check the ID.`,
          );
        // The chargeback's own profile holds the limits its processor applies.
        profile ??= found.p;
        const { letterSource } = await import('../app/answer/letter.ts');
        coverSource = letterSource(h.store, found.p, found.cb);
      });
    }
    const limits: EvidenceLimits = { ...(profile?.limits ?? defaultLimits) };
    if (maxFile !== undefined) limits.maxFileBytes = maxFile;
    if (maxTotal !== undefined) limits.maxTotalBytes = maxTotal;
    if (maxPages !== undefined) limits.maxPages = maxPages;

    const evidence = createEvidenceStore(join(ctx.home, 'evidence'));
    // A command-line build is done when its packet is written: the engines end then, not after
    // their idle time (their threads would keep the process waiting for it).
    try {
      // Every file's card-number search runs beside the packet's drawing (which waits for each
      // file's search before it draws that file), a picture's from as soon as the import drew its
      // page (importAndSearch): OCR in its engines' threads, the drawing in the image library's.
      const { importAndSearch } = await import('../evidence/card-mask/card-scan.ts');
      const outcomes = await importAndSearch(
        evidence,
        ctx.positionals.map((p) => resolve(p)),
        { signal: ctx.signal, onProgress: (d, t) => ctx.progress(`imported ${d}/${t}`) },
      );
      const [{ buildPacket }, { withDrawingSignal }, { wholeFiles }] = await builder;
      const { pages } = wholeFiles(outcomes.flatMap((o) => (o.ok ? [o.item] : [])));
      // "Duplicate" here means another input of this run had the same content (the store also
      // knows files from earlier runs, which is no news to the merchant).
      const firstName = new Map<string, string>();
      const lines = outcomes.map((o) => {
        if (!o.ok) return `${o.skipped ? '–' : '✗'} ${o.reason}`;
        const earlier = firstName.get(o.item.id);
        if (earlier === undefined) firstName.set(o.item.id, o.item.name);
        return (
          `✓ ${o.item.name}: ${o.item.kind.toUpperCase()}, ${o.item.pages} ` +
          (o.item.pages === 1 ? 'page' : 'pages') +
          (earlier !== undefined ? ` (the same content as ${earlier}: used once)` : '')
        );
      });
      if (pages.length === 0) {
        return {
          exitCode: 1,
          text: [...lines, 'Nothing usable to build from.'].join('\n'),
          data: { inputs: outcomes, files: [], problems: ['Nothing usable to build from.'] },
        };
      }
      if (coverSource) {
        const { letterProblem } = await import('../evidence/cover-letter-facts.ts');
        const { packetLetter } = await import('../app/answer/letter.ts');
        const letter = await packetLetter(evidence, coverSource, { pages });
        cover = letter;
        const blanks = letterProblem(letter);
        if (blanks) throw new CliError(blanks.message);
      }
      const settings = {
        preset: preset ?? profile?.preset ?? 'document',
        limits,
        pageSize: page ?? profile?.pageSize ?? 'letter',
        output: format,
        baseName: coverFor ? `evidence ${coverFor}` : 'evidence',
        ...(Object.keys(overrides).length ? { overrides } : {}),
        ...(pdfPages ? { pdfPages } : {}),
        ...(ctx.values['fit-scans'] === true ? { keepScanPaper: false } : {}),
      };
      // SIGTERM or Ctrl-C ends a page being drawn at once, not only between pages.
      const result = await withDrawingSignal(ctx.signal, () =>
        buildPacket(evidence, { pages }, settings, {
          outDir: resolve(out),
          ...(cover ? { coverLetter: cover } : {}),
          signal: ctx.signal,
          onProgress: (d, t) => ctx.progress(`pages ${d}/${t}`),
        }),
      );
      const text = [
        ...lines,
        ...(profile
          ? [
              'Limits of the profile ' +
                `"${profile.name}"${(maxFile ?? maxTotal ?? maxPages) ? ", with the flags' changes" : ''}: ` +
                `${Math.round(limits.maxFileBytes / 1024)} KB a file, ${Math.round(limits.maxTotalBytes / 1024)} ` +
                `KB in all, ${limits.maxPages} pages, ${limits.maxDpi} dpi, ${limits.colour}.`,
            ]
          : []),
        ...result.files.map(
          (f) =>
            `→ ${join(resolve(out), f.name)}: ${f.pages} ` +
            `${f.pages === 1 ? 'page' : 'pages'}, ${(f.bytes / 1024).toFixed(0)} KB`,
        ),
        ...result.warnings.map((w) => `! ${w}`),
        ...result.problems.map((p) => `✗ ${p.message}`),
      ].join('\n');
      // Exit 0 only when something was written; every input that was not used has its reason above.
      return {
        exitCode: result.ok && result.files.length > 0 ? 0 : 1,
        text,
        data: {
          inputs: outcomes,
          settings: {
            preset: settings.preset,
            pageSize: settings.pageSize,
            output: settings.output,
            limits,
            ...(profile ? { profile: profile.name } : {}),
          },
          ...result,
        },
      };
    } finally {
      await (await engines).closeCardScanner();
    }
  },
};
