// The merchant's evidence draft for one chargeback: read (the saved one, or a fresh one with the
// profile's preset and the template's letter), the letter's grounds, and saved as they work. One
// rule for all of it: a draft belongs to a chargeback the store holds, of a profile that exists.
import type { Chargeback } from '../../shared/api/index.ts';
import type { EvidenceDraft } from '../../shared/evidence/draft.ts';
import type { Profile } from '../../shared/profiles.ts';
import { AppError } from '../../shared/errors.ts';
import { draftRebuttal } from '../evidence/cover-letter-facts.ts';
import { letterGrounds, type LetterSource } from './answer/letter.ts';
import type { Ce3Verdict } from '../../shared/domain/compelling-evidence.ts';
import type { CustomerHistoryGrounds } from '../../shared/domain/customer-history-letter.ts';
import { done, refused, type Outcome } from './outcome.ts';

/** The chargeback a draft is for, and what its letter is written from. */
export interface DraftSubjects {
  profile(profileId: string): Profile | undefined;
  chargeback(profileId: string, chargebackId: string): Chargeback | undefined;
  letterSource(profile: Profile, cb: Chargeback): LetterSource;
  /** A qualifying Compelling Evidence 3.0 verdict, whose paragraph the letter as sent holds; else null. */
  qualifyingCe3(profile: Profile, cb: Chargeback): Promise<Ce3Verdict | null>;
  /** The customer's earlier orders when the merchant added them to the packet (and there are
   * some), whose paragraph the letter as sent holds; else null. */
  chosenCustomerHistory(profile: Profile, cb: Chargeback): Promise<CustomerHistoryGrounds | null>;
}

/** The saved drafts. */
export interface DraftRecords {
  get(profileId: string, chargebackId: string): EvidenceDraft | undefined;
  save(profileId: string, chargebackId: string, draft: EvidenceDraft): void;
}

export interface DraftDeps {
  subjects: DraftSubjects;
  drafts: DraftRecords;
}

type Subject = { profile: Profile; cb: Chargeback };

function subjectOf(deps: DraftDeps, profileId: string, chargebackId: string): Outcome<Subject> {
  const profile = deps.subjects.profile(profileId);
  const cb = profile && deps.subjects.chargeback(profileId, chargebackId);
  if (!profile || !cb)
    return refused(new AppError('not-found', 'This chargeback is not in the local store; sync and try again.'));
  return done({ profile, cb });
}

export function getDraft(deps: DraftDeps, profileId: string, chargebackId: string): Outcome<EvidenceDraft> {
  const subject = subjectOf(deps, profileId, chargebackId);
  if (!subject.ok) return subject;
  const saved = deps.drafts.get(profileId, chargebackId);
  if (saved) return done(saved);
  const { profile, cb } = subject.value;
  const rebuttal = draftRebuttal(cb, deps.subjects.letterSource(profile, cb));
  return done({ items: [], arrangement: { pages: [] }, preset: profile.preset, pageSize: profile.pageSize, rebuttal });
}

export async function draftLetterGrounds(
  deps: DraftDeps,
  profileId: string,
  chargebackId: string,
): Promise<
  Outcome<
    ReturnType<typeof letterGrounds> & {
      compellingEvidence: Ce3Verdict | null;
      customerHistory: CustomerHistoryGrounds | null;
    }
  >
> {
  const subject = subjectOf(deps, profileId, chargebackId);
  if (!subject.ok) return subject;
  const { profile, cb } = subject.value;
  const [compellingEvidence, customerHistory] = await Promise.all([
    deps.subjects.qualifyingCe3(profile, cb),
    deps.subjects.chosenCustomerHistory(profile, cb),
  ]);
  return done({ ...letterGrounds(deps.subjects.letterSource(profile, cb)), compellingEvidence, customerHistory });
}

export function saveDraft(
  deps: DraftDeps,
  profileId: string,
  chargebackId: string,
  draft: EvidenceDraft,
): Outcome<{ ok: true }> {
  const subject = subjectOf(deps, profileId, chargebackId);
  if (!subject.ok) return subject;
  deps.drafts.save(profileId, chargebackId, draft);
  return done({ ok: true as const });
}

/** The chargeback a packet is previewed for, refused as a draft would be. */
export const draftSubject = subjectOf;
