// A modal dialog as a keyboard user expects one (WAI-ARIA dialog pattern): focus moves into it
// when it opens, Tab and Shift+Tab cycle inside it instead of walking the page behind, Escape
// closes it, and focus goes back to what opened it. The page behind is `inert` while it is open,
// so neither the mouse nor a screen reader reaches it either.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)].filter(
    (e) => e.offsetParent !== null || e === document.activeElement,
  );
}

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
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : returnFocusTo?.current;
    const root = box.current!;
    // Everything else on the page is out of reach while the dialog is open.
    const behind = [...document.body.children].filter(
      (e): e is HTMLElement => e instanceof HTMLElement && !e.contains(root),
    );
    const wasInert = behind.map((e) => e.inert);
    for (const e of behind) e.inert = true;
    (tabStops(root)[0] ?? root).focus();

    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const stops = tabStops(root);
      if (stops.length === 0) return e.preventDefault();
      const first = stops[0]!;
      const last = stops.at(-1)!;
      const inside = root.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      behind.forEach((e, i) => (e.inert = wasInert[i]!));
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening: the opener is the one of that moment.
  }, []);

  // Rendered straight into <body>, beside the app, so the app as a whole can be made inert.
  return createPortal(
    <div ref={box} className={className ?? 'modal'} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
      {children}
    </div>,
    document.body,
  );
}
