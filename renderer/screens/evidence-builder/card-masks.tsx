// The card numbers found on the draft's files, covered but for their last four digits before
// anything is sent: said on each page that has one, listed with where they are, and each can be
// undone by the merchant when it is not a card number (an order or account number that happens
// to pass the card check). The Preview shows the packet with the masks as it will be sent.
import { useQuery } from '../../data/data.ts';
import * as edit from '../../../shared/evidence/draft-edits.ts';
import { unmaskedKey, type CardMask } from '../../../shared/evidence/card-numbers.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { ArrangedPage, EvidenceItem } from '../../../shared/evidence/items.ts';

const undone = (draft: EvidenceDraft, itemId: string, m: CardMask): boolean =>
  !!draft.unmasked?.includes(unmaskedKey(itemId, m.id));

/** On a page's tile: how many card numbers on it are covered. */
export function PageMaskBadge({ page, draft }: { page: ArrangedPage; draft: EvidenceDraft }) {
  const scan = useQuery('getCardMasks', { itemId: page.itemId });
  const here = (scan.data?.masks ?? []).filter((m) => m.page === page.page && !undone(draft, page.itemId, m));
  if (!here.length) return null;
  return (
    <span className="mask-badge" title="All but the last four digits are covered in the packet">
      ■ {here.map((m) => `…${m.last4}`).join(', ')} covered
    </span>
  );
}

function ItemMasks({
  item,
  pages,
  draft,
  setDraft,
}: {
  item: EvidenceItem;
  pages: ReadonlySet<number>;
  draft: EvidenceDraft;
  setDraft(d: EvidenceDraft): void;
}) {
  const scan = useQuery('getCardMasks', { itemId: item.id });
  if (scan.error)
    return (
      <li className="warn">
        {item.name} could not be searched for card numbers ({scan.error.message}). Check it yourself before sending.
      </li>
    );
  if (!scan.data) return <li className="muted">Looking for card numbers in {item.name}…</li>;
  const masks = scan.data.masks.filter((m) => pages.has(m.page));
  return (
    <>
      {masks.map((m) => {
        const off = undone(draft, item.id, m);
        const where = `${item.name}${item.pages > 1 ? ` page ${m.page + 1}` : ''}`;
        return (
          <li key={m.id}>
            {off ? (
              <>
                {where}: the number ending {m.last4} is sent as it is (you said it is not a card number).{' '}
                <button onClick={() => setDraft(edit.redoMask(draft, item.id, m.id))}>Cover it again</button>
              </>
            ) : (
              <>
                {where}: a card number ending {m.last4} is covered but for its last four digits.{' '}
                <button
                  aria-label={`Not a card number: send the number ending ${m.last4} on ${where} as it is`}
                  onClick={() => setDraft(edit.undoMask(draft, item.id, m.id))}
                >
                  Not a card number
                </button>
              </>
            )}
          </li>
        );
      })}
      {scan.data.unreadPages?.some((p) => pages.has(p)) && (
        <li className="warn">
          Some pages of {item.name} could not be read to look for card numbers. Check them yourself before sending.
        </li>
      )}
    </>
  );
}

/** Every file in the packet, with the card numbers found on its pages in the packet. */
export function CardMasks({ draft, setDraft }: { draft: EvidenceDraft; setDraft(d: EvidenceDraft): void }) {
  const pagesOf = new Map<string, Set<number>>();
  for (const p of draft.arrangement.pages) pagesOf.set(p.itemId, (pagesOf.get(p.itemId) ?? new Set()).add(p.page));
  const items = draft.items.filter((i) => pagesOf.has(i.id));
  if (!items.length) return null;
  return (
    <section className="card-masks" aria-label="Card numbers">
      <h4>Card numbers</h4>
      <p className="muted">
        Full card numbers must not be sent: each one found is covered but for its last four digits.
      </p>
      <ul>
        {items.map((i) => (
          <ItemMasks key={i.id} item={i} pages={pagesOf.get(i.id)!} draft={draft} setDraft={setDraft} />
        ))}
      </ul>
    </section>
  );
}
