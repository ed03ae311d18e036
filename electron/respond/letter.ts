// What a chargeback's cover letter is written from, gathered in one place for the draft, the live
// estimate, the preview, the answer and batch: the chargeback, the merchant's name as the profile
// gives it, and the transaction's facts as the store holds them (the letter states an
// authorization code or an IP only where the store has them).
import type { Store } from '../store/index.ts';
import type { EvidenceStore } from '../evidence/evidence-store.ts';
import type { Profile } from '../../shared/profiles.ts';
import type { Chargeback, Txn } from '../../shared/api/index.ts';
import type { Arrangement, CoverLetterInput } from '../../shared/evidence/items.ts';
import { coverLetterFor, exhibitNames } from '../evidence/cover-letter-facts.ts';

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

/** The letter for a packet of the arrangement's files, named as the evidence store holds them. */
export async function packetLetter(
  evidence: Pick<EvidenceStore, 'get'>,
  source: LetterSource,
  arrangement: Arrangement,
  rebuttal?: string,
): Promise<CoverLetter> {
  return letterOf(source, { rebuttal, exhibits: await exhibitNames(evidence, arrangement) });
}
