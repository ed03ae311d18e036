// A modal dialog: the browser's own <dialog>, opened with showModal(). The browser moves focus
// into it, keeps the page behind out of reach (inert to the mouse, the keyboard and a screen
// reader) and closes it on Escape; this component tells React it closed (`cancel`), gives focus
// back to what opened it (or to `returnFocusTo` when that was disabled meanwhile), and wraps Tab
// at the dialog's ends: Chromium lets Tab leave a modal dialog for the browser's own controls,
// and a window has none, so focus would fall to the page's body.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function Dialog({
  label,
  className,
  onClose,
  returnFocusTo,
  children,
}: {
  /** What a screen reader announces: the dialog's name. */
  label: string;
  /** Where focus goes back to when the control that opened the dialog was disabled while it
   * worked (focus then fell to the page); by default, what had the focus when it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const box = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : returnFocusTo?.current;
    const dialog = box.current!;
    dialog.showModal();
    // Escape: the screen that opened the dialog decides when it goes (it unmounts it).
    const onCancel = (e: Event): void => {
      e.preventDefault();
      close.current();
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Tab') return;
      const stops = [...dialog.querySelectorAll<HTMLElement>(focusable)].filter(
        (el) => !el.matches(':disabled') && el.checkVisibility(),
      );
      if (document.activeElement !== (e.shiftKey ? stops[0] : stops.at(-1))) return;
      e.preventDefault();
      (e.shiftKey ? stops.at(-1) : stops[0])?.focus();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKey);
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening: the opener is the one of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening (the comment above)
  }, []);

  return (
    <dialog ref={box} className={className ?? 'modal'} aria-label={label}>
      {children}
    </dialog>
  );
}
