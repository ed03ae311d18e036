// Saved filters in the inbox toolbar: one chip per saved view (a click applies it), "Save view…"
// to name the view on screen, and per chip a menu to rename or delete it. They live in main, per
// profile, so they survive a restart. A refused name (empty, in use) keeps the dialog and what was
// typed; a saved view naming something that no longer exists applies the rest and says so.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { mutate, useQuery } from '../../data/data.ts';
import { Dialog } from '../../components/dialog.tsx';
import {
  describeView,
  nothingFiltered,
  sameView,
  usableView,
  viewIsFiltered,
} from '../../../shared/domain/saved-filters.ts';
import type { SavedFilter, SavedView } from '../../../shared/domain/saved-filter-schema.ts';

type Open = { kind: 'save' } | { kind: 'edit'; filter: SavedFilter } | undefined;

export function SavedFilters({
  profileId,
  current,
  onApply,
}: {
  profileId: string;
  current: SavedView;
  onApply(view: SavedView): void;
}) {
  const list = useQuery('listSavedFilters', { profileId });
  const [open, setOpen] = useState<Open>();
  const [note, setNote] = useState<{ text: string; error: boolean } | undefined>();
  const saveButton = useRef<HTMLButtonElement>(null);
  const filters = list.data ?? [];
  const active = filters.find((f) => viewIsFiltered(f.view) && sameView(usableView(f.view), current));

  const apply = (f: SavedFilter): void => {
    onApply(usableView(f.view));
    setNote(
      f.problems.length
        ? { text: `“${f.name}”: ${f.problems.join('; ')}. That part is left out.`, error: true }
        : undefined,
    );
  };
  const startSave = (): void => {
    if (!viewIsFiltered(current)) return setNote({ text: nothingFiltered, error: true });
    setNote(undefined);
    setOpen({ kind: 'save' });
  };

  return (
    <div className="saved-filters" role="toolbar" aria-label="Saved filters">
      <span className="saved-label muted">Saved filters</span>
      {list.error ? <span className="error">{list.error.message}</span> : null}
      {list.data && filters.length === 0 ? <span className="muted saved-none">None yet</span> : null}
      {filters.map((f) => (
        <span key={f.id} className={`chip${active?.id === f.id ? ' active' : ''}${f.problems.length ? ' stale' : ''}`}>
          <button
            type="button"
            className="chip-apply"
            aria-pressed={active?.id === f.id}
            aria-label={f.problems.length ? `${f.name} (part of it no longer exists)` : undefined}
            title={f.problems.length ? `Part of it no longer exists: ${f.problems.join('; ')}` : describeView(f.view)}
            onClick={() => apply(f)}
          >
            {f.problems.length ? <span aria-hidden="true">⚠ </span> : null}
            {f.name}
          </button>
          <button
            type="button"
            className="chip-edit"
            aria-label={`Rename or delete ${f.name}`}
            onClick={() => setOpen({ kind: 'edit', filter: f })}
          >
            ⋯
          </button>
        </span>
      ))}
      <button type="button" className="link save-view" ref={saveButton} onClick={startSave}>
        Save view…
      </button>
      {note ? (
        <span className={note.error ? 'error saved-note' : 'hint saved-note'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </span>
      ) : null}
      {open?.kind === 'save' && (
        <SaveDialog
          profileId={profileId}
          view={current}
          opener={saveButton}
          onDone={(f) => (setOpen(undefined), setNote({ text: `Saved “${f.name}”.`, error: false }))}
          onClose={() => setOpen(undefined)}
        />
      )}
      {open?.kind === 'edit' && (
        <EditDialog
          profileId={profileId}
          filter={open.filter}
          opener={saveButton}
          onDone={(text) => (setOpen(undefined), setNote({ text, error: false }))}
          onClose={() => setOpen(undefined)}
        />
      )}
    </div>
  );
}

function NameField({ name, error, onChange }: { name: string; error?: string | undefined; onChange(v: string): void }) {
  return (
    <>
      <label>
        Name
        <input
          value={name}
          maxLength={120}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

function SaveDialog({
  profileId,
  view,
  opener,
  onDone,
  onClose,
}: {
  profileId: string;
  view: SavedView;
  opener: RefObject<HTMLButtonElement | null>;
  onDone(f: SavedFilter): void;
  onClose(): void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function save(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await mutate('saveFilter', { profileId, name, view });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onDone(r.value);
  }
  return (
    <Dialog label="Save this view" className="modal small-dialog" onClose={onClose} returnFocusTo={opener}>
      <div className="modal-head">
        <strong>Save this view</strong>
      </div>
      <form className="small-dialog-body" onSubmit={(e) => void save(e)}>
        <p className="muted" data-testid="view-described">
          {describeView(view)}
        </p>
        <NameField name={name} error={error} onChange={(v) => (setName(v), setError(undefined))} />
        <span className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </span>
      </form>
    </Dialog>
  );
}

function EditDialog({
  profileId,
  filter,
  opener,
  onDone,
  onClose,
}: {
  profileId: string;
  filter: SavedFilter;
  opener: RefObject<HTMLButtonElement | null>;
  onDone(text: string): void;
  onClose(): void;
}) {
  const [name, setName] = useState(filter.name);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function rename(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await mutate('renameFilter', { profileId, id: filter.id, name });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onDone(`Renamed “${filter.name}” to “${r.value.name}”.`);
  }
  async function remove(): Promise<void> {
    if (busy) return;
    setBusy(true);
    const r = await mutate('deleteFilter', { profileId, id: filter.id });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onDone(`Deleted “${filter.name}”.`);
  }
  return (
    <Dialog
      label={`Saved filter ${filter.name}`}
      className="modal small-dialog"
      onClose={onClose}
      returnFocusTo={opener}
    >
      <div className="modal-head">
        <strong>Saved filter “{filter.name}”</strong>
      </div>
      <form className="small-dialog-body" onSubmit={(e) => void rename(e)}>
        <p className="muted">{describeView(filter.view)}</p>
        {filter.problems.length > 0 && (
          <p className="hint">Part of it no longer exists: {filter.problems.join('; ')}.</p>
        )}
        <NameField name={name} error={error} onChange={(v) => (setName(v), setError(undefined))} />
        <span className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Rename
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
            Delete
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </span>
      </form>
    </Dialog>
  );
}
