// The evidence builder's warning for a receipt added to one chargeback that plainly belongs to
// another, judged by the batch matchers (its name, then what is printed on it).
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Profile } from '../../../shared/profiles.ts';
import { AppError } from '../../../shared/errors.ts';
import { matchFile } from './match-files.ts';
import { matchTargets, shopOf } from './match-targets.ts';
import type { ScanReader } from './read-scan.ts';

/** A receipt added to `chargebackId`'s evidence that plainly belongs to another chargeback
 * (its name names another, or its scan matches another's transaction and not this one's):
 * the warning to show before it is sent to the wrong dispute; undefined when it fits or
 * nothing can be told. */
export async function belongsElsewhere(
  deps: { store: Store; evidence: EvidenceStore; reader?: ScanReader },
  profile: Profile,
  chargebackId: string,
  itemId: string,
  o: { signal?: AbortSignal } = {},
): Promise<string | undefined> {
  const item = await deps.evidence.get(itemId);
  if (!item) throw new AppError('not-found', 'That file is no longer in the evidence store; add it again.');
  const all = matchTargets(deps.store, profile.id);
  let m = matchFile(item.name, all);
  if (m.status === 'unmatched' && deps.reader) m = await deps.reader.match(item, all, { ...o, shop: shopOf(profile) });
  if (m.status !== 'matched' || m.chargebackId === chargebackId) return undefined;
  const how = m.rule === 'content' ? 'What is printed on it' : 'Its name';
  return (
    `${item.name} looks like evidence for chargeback ${m.chargebackId}, not this ` +
    `one. ${how}: ${m.reason} Remove it unless you are sure it belongs here.`
  );
}
