// What changed in the portfolio, newest first: new chargebacks, decisions, money, deadlines. The
// nav shows how many are unread; opening the list marks them read.
import { useEffect, useRef, useState } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { useQuery } from '../data/data.ts';
import { formatMoment } from '../../shared/domain/merchant-format.ts';

export function Activity({ profileId }: { profileId: string }) {
  const go = useApp((s) => s.go);
  const listed = useQuery('listEvents', { profileId });
  // Shown as read up to this ID: what the window already marked, before the list is fetched again.
  const [readUpTo, setReadUpTo] = useState(0);
  const events = (listed.data ?? []).map((e) => (e.read || e.id > readUpTo ? e : { ...e, read: true }));
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const close = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);
  const unread = events.filter((e) => !e.read).length;
  // What was new stays highlighted for a moment after the list opens, then reads as read.
  const [seen, setSeen] = useState(0);
  useEffect(() => {
    if (!seen) return;
    const t = setTimeout(() => setReadUpTo(seen), 4000);
    return () => clearTimeout(t);
  }, [seen]);

  async function toggle(): Promise<void> {
    setOpen(!open);
    if (!open && unread > 0) {
      const upToId = Math.max(...events.map((e) => e.id));
      await api().markEventsRead({ profileId, upToId });
      setSeen(upToId);
    }
  }

  return (
    <div className="activity">
      {/* The name read out is the text shown ("Activity 3 new"): a label that differed from it would
          leave a voice-control user saying words that match nothing on screen. */}
      <button onClick={() => void toggle()} aria-expanded={open}>
        Activity
        {unread > 0 && (
          <>
            {' '}
            <span className="badge">{unread}</span>
            <span className="visually-hidden"> new</span>
          </>
        )}
      </button>
      {open && (
        <div ref={panel} className="activity-panel card" role="dialog" aria-label="Recent activity" tabIndex={-1}>
          {events.length === 0 ? (
            <p className="empty">
              Nothing has happened yet. New chargebacks, decisions, money movements and deadline reminders appear here.
            </p>
          ) : (
            <ul>
              {events.map((e) => (
                <li key={e.id} className={e.read ? '' : 'new'}>
                  <button
                    className="event"
                    disabled={!e.chargebackId}
                    onClick={() => (
                      setOpen(false),
                      e.chargebackId && go({ name: 'dispute', chargebackId: e.chargebackId })
                    )}
                  >
                    <strong>{e.title}</strong>
                    <span>{e.body}</span>
                    <time className="muted" dateTime={new Date(e.createdAt).toISOString()}>
                      {formatMoment(e.createdAt)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
