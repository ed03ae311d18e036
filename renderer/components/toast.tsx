// The window's one message. It sits in its own row of the layout, between the screen and the
// status bar, so it can never lie over a control; it goes when its time is up (the time stops
// while the pointer or the focus is on it), when dismissed, or with the screen that raised it.
import { useEffect, useState } from 'react';
import { toastLifetimeMs, type Toast } from '../state/app-store.ts';

export function ToastRow({ toast, onDismiss }: { toast: Toast | undefined; onDismiss(): void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!toast || held) return;
    const t = setTimeout(onDismiss, toastLifetimeMs[toast.kind]);
    return () => clearTimeout(t);
  }, [toast, held, onDismiss]);
  useEffect(() => setHeld(false), [toast?.id]);
  return (
    <div className="toast-row">
      {toast && (
        <div
          key={toast.id}
          className={`toast ${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <span>{toast.text}</span>
          <button aria-label="Dismiss" onClick={onDismiss}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
