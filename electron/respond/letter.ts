// What a chargeback's cover letter is written from, gathered in one place for the draft, the live
// estimate, the preview, the answer and batch: the chargeback, the merchant's name as the profile
// gives it, and the transaction's facts as the store holds them (the letter states an
// authorization code or an IP only where the store has them).
import type { Store } from '../store/index.ts';
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { Chargeback, Txn } from '../../shared/api/index.ts';
import type { Arrangement, CoverLetterInput } from '../../shared/evidence/items.ts';
import type { Slots } from '../../shared/evidence/slots.ts';
import { explainReasonCode } from '../../shared/domain/reason-codes.ts';
import { exhibitTitles, writeSlotParagraphs } from '../../shared/domain/cover-letter-templates.ts';
import { coverLetterFor, draftRebuttal, exhibitNames, letterFacts } from '../evidence/cover-letter-facts.ts';

export interface LetterSource {
  cb: Chargeback;
  merchantName: string;
  txn: Txn | null | undefined;
}

export type CoverLetter = CoverLetterInput & { leftOut?: string[] };

export function letterSource(store: Store, profile: Profile, cb: Chargeback): LetterSource {
  return { cb, merchantName: profile.merchant ?? profile.name, txn: store.portfolio.detail(profile.id, cb.id)?.txn };
}

/** The letter for a packet of these exhibits (file names): the merchant's own text, or the
 * template's, with each generated claim whose exhibit is not among them left out. */
export function letterOf(
  source: LetterSource,
  o: { rebuttal?: string | undefined; exhibits: readonly string[] },
): CoverLetter {
  return coverLetterFor(source.cb, {
    merchantName: source.merchantName,
    txn: source.txn,
    exhibits: o.exhibits,
    ...(o.rebuttal !== undefined ? { rebuttal: o.rebuttal } : {}),
  });
}

/** The letter for a packet of the arrangement's files, named as the evidence store holds them.
 * With slots, the letter is written from what was provided: a paragraph for each filled slot
 * citing its exhibits (none for an empty one), and its files listed by their titles. */
export async function packetLetter(
  evidence: Pick<EvidenceStore, 'get'>,
  source: LetterSource,
  arrangement: Arrangement,
  rebuttal?: string,
  slots?: Slots,
): Promise<CoverLetter> {
  const exhibits = await exhibitNames(evidence, arrangement);
  if (!slots) return letterOf(source, { rebuttal, exhibits });
  const facts = { merchantName: source.merchantName, txn: source.txn };
  const written = writeSlotParagraphs(
    rebuttal ?? draftRebuttal(source.cb, facts),
    explainReasonCode(source.cb.reasonCode).category,
    letterFacts(source.cb, facts),
    slots,
    arrangement,
  );
  const ids = [...new Set(arrangement.pages.map((p) => p.itemId))];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, (await evidence.get(id))?.name ?? id] as const)));
  const titles = exhibitTitles(arrangement, slots, (id) => names.get(id) ?? id);
  return { ...letterOf(source, { rebuttal: written, exhibits }), exhibitTitles: Object.fromEntries(titles) };
}
