// `dispute-desk evidence build`: files and folders in, a packet the processor accepts out.
import { CliError, numberOption, stringOption, type CliCommand } from './command.ts';
import { createEvidenceStore, buildPacket, coverLetterFor } from '../evidence/index.ts';
import { openStore, databaseFile } from '../store/index.ts';
import { presetNameSchema, pageSizeSchema, defaultLimits } from '../../shared/evidence/limits.ts';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';

export const evidenceBuild: CliCommand = {
  name: 'evidence build',
  summary: 'Turn photos, scans and PDFs into an evidence packet within the processor\'s limits.',
  usage: 'dispute-desk evidence build <files or folders...> --out DIR [--preset document|photo|strict] [--max-file-bytes N] [--max-total-bytes N] [--max-pages N] [--page letter|a4] [--cover-for CHARGEBACK_ID] [--profile NAME] [--json]',
  positionals: true,
  options: {
    out: { type: 'string' }, preset: { type: 'string' }, 'max-file-bytes': { type: 'string' }, 'max-total-bytes': { type: 'string' },
    'max-pages': { type: 'string' }, page: { type: 'string' }, 'cover-for': { type: 'string' }, profile: { type: 'string' },
  },
  async run(ctx) {
    const out = stringOption(ctx, 'out');
    if (!out) throw new CliError(`--out DIR is required. Usage: ${this.usage}`);
    if (ctx.positionals.length === 0) throw new CliError('Name at least one file or folder to build from.');
    const preset = presetNameSchema.safeParse(stringOption(ctx, 'preset') ?? 'document');
    if (!preset.success) throw new CliError('--preset must be document, photo or strict.');
    const page = pageSizeSchema.safeParse(stringOption(ctx, 'page') ?? 'letter');
    if (!page.success) throw new CliError('--page must be letter or a4.');
    const limits = { ...defaultLimits, ...(preset.data === 'strict' ? { colour: 'bw' as const } : {}) };
    const maxFile = numberOption(ctx, 'max-file-bytes');
    const maxTotal = numberOption(ctx, 'max-total-bytes');
    const maxPages = numberOption(ctx, 'max-pages');
    if (maxFile !== undefined) limits.maxFileBytes = maxFile;
    if (maxTotal !== undefined) limits.maxTotalBytes = maxTotal;
    if (maxPages !== undefined) limits.maxPages = maxPages;
    if (limits.maxFileBytes < 50_000 || limits.maxTotalBytes < 50_000) throw new CliError('Byte limits under 50,000 cannot hold a legible page.');

    let cover;
    const coverFor = stringOption(ctx, 'cover-for');
    if (coverFor) {
      const dbFile = databaseFile(ctx.home);
      if (!existsSync(dbFile)) throw new CliError(`Chargeback ${coverFor} is not in the local store (no data in ${ctx.home} yet): run \`dispute-desk sync\` first.`);
      const store = openStore(dbFile);
      try {
        const profiles = store.profiles.list();
        const found = profiles.map((p) => ({ p, cb: store.portfolio.getChargeback(p.id, coverFor) })).find((x) => x.cb);
        if (!found?.cb) throw new CliError(`Chargeback ${coverFor} is not in the local store: run \`dispute-desk sync\` first, or check the ID.`);
        cover = coverLetterFor(found.cb, { merchantName: found.p.merchant ?? found.p.name });
      } finally {
        store.close();
      }
    }

    const evidence = createEvidenceStore(join(ctx.home, 'evidence'));
    const outcomes = await evidence.importPaths(ctx.positionals.map((p) => resolve(p)), { signal: ctx.signal, onProgress: (d, t) => ctx.progress(`imported ${d}/${t}`) });
    const items = outcomes.flatMap((o) => (o.ok ? [o.item] : []));
    const seen = new Set<string>();
    const pages = items.filter((i) => !seen.has(i.id) && seen.add(i.id)).flatMap((i) => Array.from({ length: i.pages }, (_, p) => ({ itemId: i.id, page: p, rotation: 0 as const })));
    const lines = outcomes.map((o) => (o.ok ? `✓ ${o.item.name}: ${o.item.kind.toUpperCase()}, ${o.item.pages} ${o.item.pages === 1 ? 'page' : 'pages'}${o.duplicate ? ' (same content as another file: used once)' : ''}` : `✗ ${o.reason}`));
    if (pages.length === 0) {
      return { exitCode: 1, text: [...lines, 'Nothing usable to build from.'].join('\n'), data: { inputs: outcomes, files: [], problems: ['Nothing usable to build from.'] } };
    }
    const result = await buildPacket(evidence, { pages }, { preset: preset.data, limits, pageSize: page.data, output: 'pdf', baseName: coverFor ? `evidence ${coverFor}` : 'evidence' }, {
      outDir: resolve(out),
      ...(cover ? { coverLetter: cover } : {}),
      signal: ctx.signal,
      onProgress: (d, t) => ctx.progress(`pages ${d}/${t}`),
    });
    const text = [
      ...lines,
      ...result.files.map((f) => `→ ${join(resolve(out), f.name)}: ${f.pages} ${f.pages === 1 ? 'page' : 'pages'}, ${(f.bytes / 1024).toFixed(0)} KB`),
      ...result.warnings.map((w) => `! ${w}`),
      ...result.problems.map((p) => `✗ ${p.message}`),
    ].join('\n');
    return { exitCode: result.ok && result.files.length > 0 ? 0 : 1, text, data: { inputs: outcomes, ...result } };
  },
};
