// A page's small picture, drawn only once it scrolls near view: a PDF page drawn by pdf.js from
// its file's shared document, an image page as the picture main made of it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '../../bridge.ts';
import { useQuery } from '../../data/data.ts';
import { drawPage, acquirePdf } from '../../pdf.ts';
import type { ArrangedPage } from '../../../shared/evidence/items.ts';

/** Draws its content only once scrolled near view: a 600-page PDF asks for the pages the
 * merchant can see, not all of them at once. */
function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || seen) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return <div ref={box}>{seen ? children : placeholder}</div>;
}

function PdfThumb({ page }: { page: ArrangedPage }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    // All thumbnails of one PDF share its document: its bytes cross IPC once, not once a page.
    // Asked of the bridge, not the query cache: the open document (pdf.ts) holds the bytes while
    // a page shows them, and a cache would keep a second copy of a whole PDF after.
    const held = acquirePdf(page.itemId, async () => {
      const r = await api().getPagePicture({ itemId: page.itemId, page: 0, maxWidth: 32 });
      if (!r.ok || r.value.kind !== 'pdf') throw new Error(r.ok ? 'not a PDF' : r.error.message);
      return r.value.bytes;
    });
    void held.doc
      .then(async (doc) => {
        if (!cancelled && canvas.current) await drawPage(doc, page.page + 1, canvas.current, 160, page.rotation);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      held.release();
    };
  }, [page.itemId, page.page, page.rotation]);
  return <canvas ref={canvas} className="thumb" aria-hidden="true" />;
}

function ImageThumb({ page }: { page: ArrangedPage }) {
  // Scrolled away or removed before its picture came: the query is let go, its call cancelled in main.
  const picture = useQuery('getPagePicture', { itemId: page.itemId, page: page.page, maxWidth: 240 });
  const [url, setUrl] = useState<string>();
  const shown = picture.data?.kind === 'image' ? picture.data : undefined;
  useEffect(() => {
    if (!shown) return;
    const made = URL.createObjectURL(new Blob([shown.bytes as BlobPart], { type: shown.mime }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [shown]);
  return url ? (
    <img className="thumb" src={url} alt="" style={{ transform: `rotate(${page.rotation}deg)` }} />
  ) : (
    <div className="thumb" />
  );
}

export function Thumb({ page, kind }: { page: ArrangedPage; kind: string }) {
  return (
    <WhenVisible
      placeholder={kind === 'pdf' ? <canvas className="thumb" aria-hidden="true" /> : <div className="thumb" />}
    >
      {kind === 'pdf' ? <PdfThumb page={page} /> : <ImageThumb page={page} />}
    </WhenVisible>
  );
}
