// The packet exactly as it will be sent: built in main on request (a build under way is
// cancelled by the next one or when the builder goes), its pages drawn in a dialog, each file
// opened in the system viewer or saved as a copy.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useApp } from '../../state/app-store.ts';
import { mutate } from '../../data/data.ts';
import { openPdf, closePdf, drawPage } from '../../pdf.ts';
import { Dialog } from '../../components/dialog.tsx';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export type PreviewFiles = Array<{ name: string; bytes: Uint8Array }>;

/** Builds the preview; `busy` says so while it is built. */
export function usePreview(profileId: string, chargebackId: string, setBusy: (text: string) => void) {
  const say = useApp((s) => s.say);
  const [files, setFiles] = useState<PreviewFiles>();
  const previewing = useRef<AbortController>(undefined);
  useEffect(() => () => previewing.current?.abort(), []);
  async function show(draft: EvidenceDraft): Promise<void> {
    setBusy('Building the preview…');
    previewing.current?.abort();
    const stop = (previewing.current = new AbortController());
    const r = await mutate('previewPacket', { profileId, chargebackId, draft }, { signal: stop.signal });
    if (stop.signal.aborted) return;
    setBusy('');
    if (!r.ok) return say('error', r.error.message);
    if (!r.value.result.ok) return say('error', r.value.result.problems.map((p) => p.message).join(' '));
    setFiles(r.value.files);
  }
  return { files, show, close: () => setFiles(undefined) };
}

const isImageFile = (name: string): boolean => /\.(jpe?g|png)$/i.test(name);

export function Preview({
  chargebackId,
  files,
  onClose,
  opener,
}: {
  chargebackId: string;
  files: PreviewFiles;
  onClose(): void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const say = useApp((s) => s.say);
  const box = useRef<HTMLDivElement>(null);
  const openFile = async (name: string): Promise<void> => {
    const r = await mutate('openPreviewFile', { chargebackId, name });
    if (!r.ok) say('error', r.error.message);
  };
  const saveFile = async (name: string): Promise<void> => {
    const r = await mutate('savePreviewFile', { chargebackId, name });
    if (!r.ok) say('error', r.error.message);
    else if (r.value.saved) say('info', `A copy of ${name} was saved.`);
  };
  useEffect(() => {
    let cancelled = false;
    const opened: PDFDocumentProxy[] = [];
    const urls: string[] = [];
    void (async () => {
      for (const f of files) {
        if (isImageFile(f.name)) {
          // A single page kept as an image file is shown as the file it is.
          const url = URL.createObjectURL(
            new Blob([f.bytes as BlobPart], { type: /\.png$/i.test(f.name) ? 'image/png' : 'image/jpeg' }),
          );
          urls.push(url);
          const img = document.createElement('img');
          img.className = 'preview-page';
          img.alt = `${f.name}, page 1`;
          img.src = url;
          box.current?.appendChild(img);
          continue;
        }
        const doc = await openPdf(f.bytes);
        opened.push(doc);
        for (let n = 1; n <= doc.numPages && !cancelled; n++) {
          const c = document.createElement('canvas');
          c.className = 'preview-page';
          c.setAttribute('aria-label', `${f.name}, page ${n}`);
          box.current?.appendChild(c);
          await drawPage(doc, n, c, 640);
        }
      }
    })();
    return () => {
      cancelled = true;
      for (const d of opened) void closePdf(d);
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [files]);
  return (
    <Dialog label="Preview of the packet" onClose={onClose} returnFocusTo={opener}>
      <div className="modal-head">
        <strong>Preview: {files.map((f) => f.name).join(', ')}</strong>
        <span className="actions">
          {files.map((f) => (
            <span key={f.name} className="actions">
              <button onClick={() => void openFile(f.name)} aria-label={`Open ${f.name} in the system viewer`}>
                {files.length > 1 ? `Open ${f.name}` : 'Open in viewer'}
              </button>
              <button onClick={() => void saveFile(f.name)} aria-label={`Save a copy of ${f.name}`}>
                {files.length > 1 ? 'Save…' : 'Save a copy…'}
              </button>
            </span>
          ))}
          <button onClick={onClose}>Close</button>
        </span>
      </div>
      <div ref={box} className="preview-pages" />
    </Dialog>
  );
}
