// The sandbox's simulated issuer decides like one: nothing sent never wins, the evidence the
// checklist of the reason asks for usually does, a weak answer rarely; the same seed gives the
// same outcomes; and the portfolio's fees stay in proportion to the amounts in every currency
// (yen have no minor digits: a fee drawn in US cents was booked as yen and came out larger than
// the yen amounts disputed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/index.ts';
import { createSandboxAdmin } from '../../../electron/sandbox/admin-client.ts';
import { createApiClient } from '../../../electron/api/index.ts';
import { answerStrength } from '../../../electron/sandbox/answer-strength.ts';
import { evidenceGuidance } from '../../../shared/domain/evidence-guidance.ts';
import { reasonCodeInfo } from '../../../shared/domain/reason-codes.ts';
import type { Chargeback } from '../../../shared/api/index.ts';

type Rec = Record<string, unknown>;
type Answer = 'nothing' | 'note only' | 'unrelated document' | 'what the checklist asks';

async function post(sb: Sandbox, path: string, body: { json?: unknown; form?: FormData }): Promise<Rec[]> {
  const res = await fetch(`${sb.url}${path}`, {
    method: 'POST',
    headers: { APIKEY: sb.apiKey, ...(body.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body.json !== undefined ? JSON.stringify(body.json) : body.form!,
  });
  const parsed = (await res.json()) as { response: { data: Rec[]; errors: unknown[] } };
  assert.deepEqual(parsed.response.errors, [], `${path} accepted`);
  return parsed.response.data;
}

/** A one-page PDF with these lines drawn in Helvetica, as the app's cover letter is drawn. */
async function pdf(lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 760 - i * 16, size: 10, font }));
  return doc.save({ useObjectStreams: true });
}

/** The cover letter of a merchant who gathered what the checklist of the reason asks for. */
function strongLetter(cb: Chargeback): string[] {
  const category = reasonCodeInfo(cb.reasonCode ?? '')?.category;
  return [
    `Response to chargeback ${cb.id}`,
    ...evidenceGuidance(category).checklist.map((item, i) => `Exhibit ${i + 1}: ${item.label}. ${item.detail}`),
  ];
}

async function answer(sb: Sandbox, cb: Chargeback, kind: Answer): Promise<void> {
  const file = async (name: string, bytes: Uint8Array): Promise<void> => {
    const [record] = await post(sb, '/chargebackDocuments', { json: { chargeback: cb.id, name, type: 'pdf' } });
    const form = new FormData();
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), name);
    await post(sb, `/files/chargebackDocuments/${String(record!.id)}`, { form });
  };
  if (kind === 'unrelated document') await file('scan.pdf', await pdf(['Please reverse this chargeback.']));
  if (kind === 'what the checklist asks') await file('evidence.pdf', await pdf(strongLetter(cb)));
  const note = kind === 'note only' ? { note: 'The customer received everything and is mistaken.' } : {};
  await post(sb, '/chargebackMessages', { json: { chargeback: cb.id, type: 'respond', ...note } });
}

/** Every open, answerable chargeback of a seeded portfolio answered alike; the outcomes once the
 * issuer's (test-sized) delay has passed. */
async function outcomes(seed: number, kind: Answer): Promise<Map<string, string>> {
  const sb = await startSandbox({
    seed,
    chargebacks: 120,
    anchorDate: '2026-11-20',
    // The sandbox's clock stands still but for the admin's advances: the wait is exact.
    now: () => new Date('2026-11-20T15:00:00Z'),
    decisionDelayMs: 60_000,
    messageStepMs: 1,
    rateLimit: { max: 1_000_000 },
  });
  try {
    const client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment: 'test' });
    const open: Chargeback[] = [];
    for await (const cb of client.listChargebacks({ pageLimit: 100 }))
      if (cb.status === 'open' && Number(cb.actionable) === 1) open.push(cb);
    assert.ok(open.length >= 40, `${open.length} chargebacks to answer`);
    for (const cb of open) await answer(sb, cb, kind);
    const admin = createSandboxAdmin(sb.url, sb.adminToken);
    await admin.advanceClock(59_000);
    await admin.tick();
    assert.equal((await client.getChargeback(open[0]!.id)).status, 'open', 'not before the delay');
    await admin.advanceClock(2_000);
    await admin.tick();
    const out = new Map<string, string>();
    for (const cb of open) out.set(cb.id, (await client.getChargeback(cb.id)).status);
    return out;
  } finally {
    await sb.close();
  }
}

const wonShare = (m: Map<string, string>): number => [...m.values()].filter((s) => s === 'won').length / m.size;

test('nothing sent never wins; a note without documents or an unrelated document rarely does', async () => {
  const nothing = await outcomes(5, 'nothing');
  assert.deepEqual(new Set(nothing.values()), new Set(['lost']), 'every empty answer lost');
  assert.ok(wonShare(await outcomes(5, 'note only')) <= 0.15, 'a note alone: issuers read documents');
  assert.ok(wonShare(await outcomes(5, 'unrelated document')) <= 0.35, 'a document that shows nothing asked');
});

test('the evidence the checklist asks for usually wins, and the same seed decides the same way', async () => {
  const strong = await outcomes(5, 'what the checklist asks');
  assert.ok(wonShare(strong) >= 0.7, `won ${Math.round(wonShare(strong) * 100)}% of strong answers`);
  assert.ok([...strong.values()].every((s) => s === 'won' || s === 'lost'));
  assert.deepEqual(await outcomes(5, 'what the checklist asks'), strong, 'same seed, same answers, same outcomes');
  const other = await outcomes(6, 'what the checklist asks');
  assert.ok(wonShare(other) >= 0.7, 'another seed: another portfolio, as strong answers still usually win');
});

test("fees are in proportion to the amounts in each currency's own minor units", async () => {
  const sb = await startSandbox({ seed: 7, chargebacks: 400, anchorDate: '2026-11-20', rateLimit: { max: 1e6 } });
  try {
    const client = createApiClient({ baseUrl: sb.url, apiKey: sb.apiKey, deployment: 'test' });
    const chargebacks = new Map<string, Chargeback>();
    for await (const cb of client.listChargebacks({ pageLimit: 100 })) chargebacks.set(cb.id, cb);
    const ratios = new Map<string, number[]>();
    for await (const page of client.entryPages({
      from: new Date('2020-01-01'),
      to: new Date('2027-01-01'),
      pageLimit: 100,
    }))
      for (const e of page.records) {
        const id = typeof e.chargeback === 'object' && e.chargeback ? e.chargeback.id : String(e.chargeback);
        const cb = chargebacks.get(id);
        if (!cb || Number(e.isFee) !== 1) continue;
        assert.ok(Number.isInteger(Number(e.amount)), 'a fee is whole minor units');
        ratios.set(cb.currency, [...(ratios.get(cb.currency) ?? []), -Number(e.amount) / Number(cb.total)]);
      }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const usd = median(ratios.get('USD')!);
    const jpy = ratios.get('JPY');
    assert.ok(jpy && jpy.length >= 5, 'yen chargebacks with fees');
    // Old seed: ¥1,500–5,000 fees on ¥5–900 amounts, a median fee several times the amount.
    assert.ok(median(jpy) < 0.5, `the median yen fee is ${median(jpy).toFixed(2)} of its amount`);
    for (const [currency, xs] of ratios)
      assert.ok(
        median(xs) > usd / 3 && median(xs) < usd * 3,
        `${currency}: median fee ${median(xs).toFixed(3)} of the amount, USD ${usd.toFixed(3)}`,
      );
  } finally {
    await sb.close();
  }
});

test('what the issuer reads: the text drawn in a PDF; restating the dispute shows nothing', async () => {
  const letter = async (lines: string[]) => [{ name: 'evidence.pdf', bytes: await pdf(lines) }];
  const restated = answerStrength({
    reasonCode: '13.3',
    notes: [],
    documents: await letter(['The cardholder states that the item was not as described, in the photos of the item.']),
  });
  assert.deepEqual(restated.shown, []);
  assert.equal(restated.chance, 0.15, 'a document, but nothing the checklist asks');
  const shown = answerStrength({
    reasonCode: '13.3',
    notes: [],
    documents: await letter([
      'Exhibit 1: the product description as listed at checkout.',
      'Exhibit 2: photos of the item as shipped.',
    ]),
  });
  assert.deepEqual(shown.shown, ['product-description', 'product-photos']);
  assert.equal(shown.chance, 0.9);
  assert.equal(answerStrength({ reasonCode: '13.3', notes: ['  '], documents: [] }).chance, 0, 'nothing sent');
  assert.equal(answerStrength({ reasonCode: '13.3', notes: ['It was as described.'], documents: [] }).chance, 0.05);
});
