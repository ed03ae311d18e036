// The draft being edited: read once per chargeback, changed here or from outside (the dispute
// page's payment facts), and saved 350 ms after the last change and when the builder goes.
import { useEffect, useRef, useState } from 'react';
import { api } from '../../bridge.ts';
import { mutate } from '../../data/data.ts';
import { useApp } from '../../state/app-store.ts';
import type { EvidenceDraft } from '../../../shared/evidence/draft.ts';

/** One change to the draft; a new object for each change, so each is applied once. */
export interface DraftEdit {
  apply(d: EvidenceDraft): EvidenceDraft;
}

export function useDraft(o: {
  profileId: string;
  chargebackId: string;
  outsideEdit: DraftEdit | undefined;
  onChange(d: EvidenceDraft | undefined): void;
}) {
  const { profileId, chargebackId, outsideEdit, onChange } = o;
  const say = useApp((s) => s.say);
  const [draft, setDraft] = useState<EvidenceDraft>();
  // The draft being edited lives here, so it is read once per chargeback, never from a cache: it
  // is asked of the bridge, not through the query cache, whose copy would be older than the save
  // made on leaving. The answer for a chargeback already left is dropped, and its call cancelled.
  useEffect(() => {
    const stop = new AbortController();
    void api()
      .getDraft({ profileId, chargebackId }, { signal: stop.signal })
      .then((r) => {
        if (stop.signal.aborted) return;
        if (r.ok) setDraft(r.value);
        else say('error', r.error.message);
      });
    return () => stop.abort();
  }, [profileId, chargebackId, say]);
  useEffect(() => {
    if (outsideEdit) setDraft((d) => d && outsideEdit.apply(d));
  }, [outsideEdit]);
  // A change not saved yet when the builder goes (another answer chosen, another screen) is saved
  // then: switching answers after filling the slots loses nothing.
  const unsaved = useRef<EvidenceDraft>(undefined);
  useEffect(() => {
    onChange(draft);
    if (!draft) return;
    unsaved.current = draft;
    const t = setTimeout(() => {
      unsaved.current = undefined;
      // A draft main refuses to keep is said at once: work that is not saved must not look saved.
      void mutate('saveDraft', { profileId, chargebackId, draft }).then((r) =>
        r.ok ? undefined : say('error', `Your latest changes were not saved: ${r.error.message}`),
      );
    }, 350);
    return () => clearTimeout(t);
  }, [draft, profileId, chargebackId, onChange, say]);
  useEffect(
    () => () => {
      if (unsaved.current) void mutate('saveDraft', { profileId, chargebackId, draft: unsaved.current });
    },
    [profileId, chargebackId],
  );
  return [draft, setDraft] as const;
}
