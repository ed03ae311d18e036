// `dispute-desk sandbox`: runs the local chargeback service until stopped.
import { CliError, numberOption, stringOption, type CliCommand } from './command.ts';
import { faultKinds, type FaultKind } from '../sandbox/faults.ts';
import type { SandboxLimits } from '../sandbox/service.ts';
import { dialectNameSchema } from '../../shared/domain/enums.ts';

export const sandboxCommand: CliCommand = {
  name: 'sandbox',
  summary: 'Run the local sandbox of the chargeback service (demo and tests).',
  usage:
    'dispute-desk sandbox [--dialect core|microservice] [--port P] [--data DIR] [--seed N] ' +
    '[--chargebacks COUNT] [--entries COUNT] [--fault-rate R] [--fault-kinds 500,drop,...] ' +
    '[--decision-delay SECONDS] [--max-file-bytes N] [--max-chargeback-bytes N] [--max-documents N] ' +
    '[--anchor-date YYYY-MM-DD] [--alert-url URL]... [--alert-header "Name: value"] [--api-key KEY] ' +
    '[--card-histories]',
  details: [
    'The sandbox is a simulation, not the processor. It takes and refuses requests as the real service',
    'does (its recorded forms, limits and errors), but its issuer is invented to teach the right lesson:',
    '- after an answer (a respond or arbitration message, or its documents) the issuer waits',
    '  --decision-delay seconds after the last of them (default 864000: 10 days on the sandbox clock,',
    '  which the admin surface can advance), then decides;',
    '- nothing sent never wins; a note without documents rarely does (5%); documents win 15% of the',
    '  time, up to 90% as they show the evidence the checklist of the reason asks for (read from the',
    "  notes, the documents' names and the text of PDF documents, such as the cover letter);",
    '- the roll is fixed by --seed and the chargeback: the same seed and answers give the same outcomes.',
    '--card-histories adds Visa 10.4 chargebacks whose cards have earlier purchases (one that qualifies',
    'for Compelling Evidence 3.0, and ones that do not: too recent, one match only, a disputed or',
    "refunded earlier purchase) and a customer's earlier orders, read with GET /txns (core dialect).",
    'The portfolio (--seed, --chargebacks) draws amounts and fees in US dollars and books them in each',
    "chargeback's currency at fixed rates (a yen fee is about 150 times the dollar fee, in whole yen).",
  ].join('\n'),
  options: {
    dialect: { type: 'string' },
    port: { type: 'string' },
    data: { type: 'string' },
    seed: { type: 'string' },
    chargebacks: { type: 'string' },
    entries: { type: 'string' },
    'fault-rate': { type: 'string' },
    'fault-kinds': { type: 'string' },
    'decision-delay': { type: 'string' },
    'anchor-date': { type: 'string' },
    'alert-url': { type: 'string', multiple: true },
    'alert-header': { type: 'string' },
    'max-file-bytes': { type: 'string' },
    'max-chargeback-bytes': { type: 'string' },
    'max-documents': { type: 'string' },
    'api-key': { type: 'string' },
    'card-histories': { type: 'boolean', default: false },
  },
  async run(ctx) {
    const port = numberOption(ctx, 'port') ?? 4010;
    const dialect = dialectNameSchema.safeParse(stringOption(ctx, 'dialect') ?? 'core');
    if (!dialect.success)
      throw new CliError(
        "--dialect must be core (the core API and its test deployment) or microservice (the contract's forms).",
      );
    const faultRate = numberOption(ctx, 'fault-rate') ?? 0;
    if (faultRate < 0 || faultRate > 1) throw new CliError('--fault-rate is a fraction between 0 and 1, e.g. 0.2.');
    const kinds = stringOption(ctx, 'fault-kinds')
      ?.split(',')
      .map((k) => k.trim());
    const unknown = kinds?.filter((k) => !(faultKinds as readonly string[]).includes(k));
    if (unknown?.length) throw new CliError(`Unknown fault kind ${unknown.join(', ')}; use ${faultKinds.join(', ')}.`);
    const header = stringOption(ctx, 'alert-header');
    const [headerName, ...headerRest] = header?.split(':') ?? [];
    const delay = numberOption(ctx, 'decision-delay');
    const alertUrls = (ctx.values['alert-url'] as string[] | undefined) ?? [];
    // The published limits conflict (observed behaviour): the sandbox plays whichever is asked.
    const limits: Partial<SandboxLimits> = {};
    for (const [flag, key] of [
      ['max-file-bytes', 'maxFileBytes'],
      ['max-chargeback-bytes', 'maxTotalBytes'],
      ['max-documents', 'maxDocuments'],
    ] as const) {
      const n = numberOption(ctx, flag);
      if (n === undefined) continue;
      if (!Number.isInteger(n) || n < 1) throw new CliError(`--${flag} must be a whole number of at least 1.`);
      limits[key] = n;
    }
    const { startSandbox } = await import('../sandbox/index.ts');
    const sandbox = await startSandbox({
      port,
      dialect: dialect.data,
      ...(stringOption(ctx, 'data') ? { dataDir: stringOption(ctx, 'data')! } : {}),
      seed: numberOption(ctx, 'seed') ?? 1,
      ...(numberOption(ctx, 'chargebacks') !== undefined ? { chargebacks: numberOption(ctx, 'chargebacks')! } : {}),
      ...(numberOption(ctx, 'entries') !== undefined ? { entries: numberOption(ctx, 'entries')! } : {}),
      ...(stringOption(ctx, 'anchor-date') ? { anchorDate: stringOption(ctx, 'anchor-date')! } : {}),
      ...(stringOption(ctx, 'api-key') ? { apiKey: stringOption(ctx, 'api-key')! } : {}),
      faultRate,
      cardHistories: ctx.values['card-histories'] === true,
      ...(kinds ? { faultKinds: kinds as FaultKind[] } : {}),
      ...(delay !== undefined ? { decisionDelayMs: delay * 1000 } : {}),
      limits,
      alertReceivers: alertUrls.map((url) => ({
        url,
        ...(headerName && headerRest.length
          ? { headerName: headerName.trim(), headerValue: headerRest.join(':').trim() }
          : {}),
      })),
    }).catch((e: unknown) => {
      const code = (e as NodeJS.ErrnoException).code;
      throw new CliError(
        code === 'EADDRINUSE'
          ? `Port ${port} is already in use: choose another with --port.`
          : `The sandbox could not start: ${(e as Error).message}`,
      );
    });
    const deployment = dialect.data === 'core' ? 'test' : 'microservice';
    const lines = [
      `Sandbox listening on ${sandbox.url} (${dialect.data} dialect: use --deployment ${deployment} with profile add)`,
      `API key: ${sandbox.apiKey}`,
      `Admin token: ${sandbox.adminToken}`,
    ];
    if (ctx.json)
      ctx.stdout.write(
        JSON.stringify({
          url: sandbox.url,
          dialect: sandbox.dialect,
          apiKey: sandbox.apiKey,
          adminToken: sandbox.adminToken,
        }) + '\n',
      );
    else ctx.stdout.write(lines.join('\n') + '\n');
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await sandbox.close();
    return { text: 'Sandbox stopped.', jsonAlreadyWritten: true };
  },
};
