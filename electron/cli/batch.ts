// `dispute-desk batch <folder>`: match scanned receipts to chargebacks, show the plan, and with
// confirmation (or --yes) queue one packet per chargeback; --send also sends them now.
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { CliError, stringOption, type CliCommand } from './command.ts';
import { withHeadless } from './headless-context.ts';
import {
  holdIsFinal,
  packetGoes,
  withInsist,
  targetOf,
  turnOf,
  unusable,
  withAnswer,
  type BatchPlan,
  type PacketReview,
  type PlannedFile,
} from '../../shared/batch.ts';
import { messageTypeRules } from '../../shared/domain/message-type-rules.ts';
import { messageTypes, type MessageType } from '../../shared/domain/enums.ts';

/** One file as `--json` gives it: whether its text was read (null: its name decided, the scan
 * was not read), the turn that put it upright (tested on scans matched by name too), the match with its reasons, and the answer its
 * packet goes with. */
function fileReport(f: PlannedFile, packets: readonly PacketReview[]) {
  const target = targetOf(f);
  const m = f.match;
  return {
    name: f.name,
    read: f.scan?.read ?? null,
    rotation: turnOf(f.scan, 0),
    status: f.leftOut ? 'left out' : f.assigned ? 'assigned' : m.status,
    chargebackId: target ?? null,
    rule: m.status === 'matched' ? m.rule : null,
    confidence: m.status === 'matched' ? (m.confidence ?? null) : null,
    candidates: m.status === 'ambiguous' ? m.candidates : [],
    reason: m.reason,
    agreed: 'agreed' in m ? (m.agreed ?? []) : [],
    against: 'against' in m ? (m.against ?? []) : [],
    answer: (target && packets.find((p) => p.chargebackId === target)?.messageType) ?? null,
  };
}

/** `--answer CHARGEBACK=TYPE`: the answer a packet goes with instead of the one its stage takes. */
function chosenAnswers(plan: BatchPlan, given: readonly string[]): BatchPlan {
  return given.reduce((p, a) => {
    const [id, type] = a.split('=');
    if (!id || !messageTypes.includes(type as MessageType))
      throw new CliError(`--answer takes CHARGEBACK=TYPE, TYPE one of: ${messageTypes.join(', ')}.`);
    return withAnswer(p, id, type as MessageType);
  }, plan);
}

export const batchCommand: CliCommand = {
  name: 'batch',
  summary: 'Match a folder of scanned receipts to chargebacks and queue one packet for each.',
  usage:
    'dispute-desk batch <folder or files...> [--dry-run] [--yes] ' +
    '[--include CHARGEBACK...] [--answer CHARGEBACK=TYPE...] [--send] [--profile NAME] [--json]',
  positionals: true,
  options: {
    'dry-run': { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
    send: { type: 'boolean', default: false },
    include: { type: 'string', multiple: true },
    answer: { type: 'string', multiple: true },
    profile: { type: 'string' },
  },
  async run(ctx) {
    if (ctx.positionals.length === 0) throw new CliError(`Name a folder of receipts. Usage: ${this.usage}`);
    return withHeadless(ctx, async (h) => {
      const profile = h.resolveProfile(stringOption(ctx, 'profile'));
      const { createBatchService } = await import('../app/batch/batch-service.ts');
      const { createOcrEngine } = await import('../ocr/ocr-engine.ts');
      const { createScanReader } = await import('../app/batch/read-scan.ts');
      const ocr = createOcrEngine();
      const batch = createBatchService({
        store: h.store,
        evidence: h.evidence,
        outbox: h.outbox,
        reader: createScanReader({ evidence: h.evidence, ocr }),
        packets: h.packets,
      });
      const insist = (ctx.values.include as string[] | undefined) ?? [];
      let read;
      try {
        read = await batch.plan(
          profile,
          ctx.positionals.map((p) => resolve(p)),
          {
            signal: ctx.signal,
            onProgress: (phase, d, t) =>
              ctx.progress(`${phase === 'reading' ? 'reading scans' : 'importing'} ${Math.floor(d)}/${t}`),
          },
        );
      } finally {
        await ocr.close();
      }
      const plan = chosenAnswers(
        { ...read, ...(insist.length ? { insist } : {}) },
        (ctx.values.answer as string[] | undefined) ?? [],
      );
      const lines = plan.files.map((f) => {
        const target = targetOf(f);
        const how =
          f.scan?.read === false
            ? ' [text not read]'
            : turnOf(f.scan, 0)
              ? ` [${f.scan?.read ? 'read ' : ''}turned ${turnOf(f.scan, 0)}°]`
              : '';
        const line = target
          ? `✓ ${f.name}${how} → ${target}: ${f.match.reason}`
          : `${f.match.status === 'refused' ? '✗' : f.match.status === 'skipped' ? '–' : '?'} ` +
            `${f.name}${how}: ${f.match.reason}`;
        return f.warning ? `${line}\n  ! ${f.warning}` : line;
      });
      // Every packet with its letter, and what holds it back, before anything is queued.
      const packets = await batch.review(profile, plan);
      // --include consents to the holds printed here alone; one found at queue time is asked again.
      const included = packets
        .filter((p) => insist.includes(p.chargebackId))
        .reduce((pl, p) => withInsist(pl, p, true), plan);
      const files = plan.files.map((f) => fileReport(f, packets));
      for (const p of packets) {
        const goes = packetGoes(p, insist);
        const state = goes
          ? p.holds.length
            ? 'included by --include'
            : 'will be queued'
          : p.holds.some(holdIsFinal)
            ? 'cannot be answered'
            : `held back (add --include ${p.chargebackId} to send it anyway)`;
        lines.push('', `== ${p.chargebackId} ${p.amountText}: ${state}`, ...p.holds.map((h) => `   ! ${h.text}`));
        if (p.letter) lines.push(...p.letter.split('\n').map((l) => `   | ${l}`));
        lines.push(
          `   answered with: ${messageTypeRules[p.messageType].label} (${p.messageType}; ` +
            `its stage takes ${p.choices.join(', ') || 'no answer with evidence'}; change with --answer)`,
        );
      }
      const groups = packets.filter((p) => packetGoes(p, insist)).length;
      const heldBack = packets.length - groups;
      lines.push(
        '',
        `${groups} chargeback${groups === 1 ? '' : 's'} would get a packet; ` +
          `${plan.files.filter((f) => !targetOf(f) && !unusable(f)).length} ` +
          `file(s) wait for you.${heldBack ? ` ${heldBack} held back.` : ''}`,
      );
      if (ctx.values['dry-run'] === true)
        return { data: { files, plan, packets }, text: [...lines, 'Dry run: nothing was queued.'].join('\n') };
      let confirmed = ctx.values.yes === true;
      if (!confirmed && ctx.stdin.isTTY && !ctx.json) {
        ctx.stdout.write(lines.join('\n') + '\n');
        const rl = createInterface({ input: ctx.stdin, output: ctx.stderr });
        confirmed = /^y(es)?$/i.test((await rl.question('Queue these packets? [y/N] ')).trim());
        rl.close();
        lines.length = 0;
      }
      if (!confirmed)
        return {
          data: { files, plan, queued: false },
          text: [...lines, 'Nothing was queued: confirm with --yes.'].join('\n'),
          exitCode: 1,
        };
      const report = await batch.queue(profile, included, {
        signal: ctx.signal,
        onProgress: (d, t) => ctx.progress(`packets ${d}/${t}`),
      });
      let sent: Awaited<ReturnType<typeof h.outbox.runOnce>> | undefined;
      if (ctx.values.send === true) sent = await h.outbox.runOnce({ signal: ctx.signal });
      const jobs = new Map(h.outbox.list().map((j) => [j.id, j]));
      const text = [
        ...lines,
        ...report.chargebacks.map((c) => {
          const job = c.jobId ? jobs.get(c.jobId) : undefined;
          const state = job?.state === 'done' ? 'sent' : job?.state === 'failed' ? `failed: ${job.error}` : c.outcome;
          return `${c.chargebackId}: ${state}${c.reason ? ` – ${c.reason}` : ''} (${c.files.join(', ')})`;
        }),
        ...report.files.map((f) => `${f.name}: ${f.outcome} – ${f.reason}`),
        sent
          ? `Outbox: ${sent.done} done, ${sent.failed} failed, ${sent.waiting} waiting.`
          : 'Queued: send with `dispute-desk outbox run`.',
      ].join('\n');
      return { data: { files, plan, report, sent: sent ?? null }, text };
    });
  },
};
