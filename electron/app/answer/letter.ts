// What a chargeback's cover letter is written from, gathered in one place for the draft, the live
// estimate, the preview, the answer, `evidence build --cover` and batch: the chargeback, the
// merchant's name as the profile gives it, the transaction's facts as the store holds them, and
// the exhibits' file names and kinds as the evidence store holds them. The text itself is
// composeLetter's (shared/domain/cover-letter-compose.ts), the same function the editor shows.
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Profile } from '../../../shared/profiles.ts';
import type { Chargeback, Txn } from '../../../shared/api/index.ts';
import type { Arrangement } from '../../../shared/evidence/items.ts';
import type { Slots } from '../../../shared/evidence/slots.ts';
import { explainReasonCode, type DisputeCategory } from '../../../shared/domain/reason-codes.ts';
import type { CoverLetterFacts } from '../../../shared/domain/letter-facts.ts';
import type { TitledItem } from '../../../shared/domain/exhibit-titles.ts';
import { coverLetterFor, letterFacts, type CoverLetter } from '../../evidence/cover-letter-facts.ts';
import type { LetterAsk } from '../../../shared/domain/cover-letter-compose.ts';

export type { CoverLetter };

export interface LetterSource {
  cb: Chargeback;
  merchantName: string;
  txn: Txn | null | undefined;
}

export function letterSource(store: Store, profile: Profile, cb: Chargeback): LetterSource {
  return { cb, merchantName: profile.merchant ?? profile.name, txn: store.portfolio.detail(profile.id, cb.id)?.txn };
}

/** What the window composes the letter from, to show it exactly as it will be sent. */
export function letterGrounds(source: LetterSource): { category: DisputeCategory | null; facts: CoverLetterFacts } {
  return { category: explainReasonCode(source.cb.reasonCode).category ?? null, facts: letterFacts(source.cb, source) };
}

/** The letter for a packet of the arrangement's files: the merchant's text (or the template's),
 * composed with the record's facts, the exhibits' names and titles, and the slots' facts. */
export async function packetLetter(
  evidence: Pick<EvidenceStore, 'get'>,
  source: LetterSource,
  arrangement: Arrangement,
  rebuttal?: string,
  slots?: Slots,
  history?: Pick<LetterAsk, 'compellingEvidence' | 'customerHistory'>,
): Promise<CoverLetter> {
  const ids = [...new Set(arrangement.pages.map((p) => p.itemId))];
  const items = new Map<string, TitledItem>();
  for (const id of ids) {
    const item = await evidence.get(id);
    if (item) items.set(id, { name: item.name, kind: item.kind });
  }
  return coverLetterFor(source.cb, {
    merchantName: source.merchantName,
    txn: source.txn,
    arrangement,
    slots,
    rebuttal,
    itemOf: (id) => items.get(id),
    ...history,
  });
}
