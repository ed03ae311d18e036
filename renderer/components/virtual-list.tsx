// A list that renders only the rows in view: smooth with 10,000 chargebacks. Rows are fetched
// in pages as they scroll into view; arrow keys move through them.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface VirtualListProps<T> {
  total: number;
  rowHeight: number;
  /** Row at index, or undefined while its page loads. */
  rowAt(index: number): T | undefined;
  ensure(from: number, to: number): void;
  render(row: T | undefined, index: number, focused: boolean): ReactNode;
  onOpen(index: number): void;
  /** Space on the focused row (the inbox selects it). */
  onSpace?(index: number): void;
  label: string;
  /** A class for a row other than a chargeback's (a section heading): replaces `vrow`. */
  rowClass?(index: number): string | undefined;
  /** The column headings (columnheader cells): the grid's first row, kept in view at its top, so a
   * screen reader names each cell's column and the headings line up with the rows' cells. */
  header?: ReactNode;
}

export function VirtualList<T>(p: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const headRows = p.header ? 1 : 0;
  // The first row in view, not the scroll offset: a scroll within a row (most frames of a smooth
  // scroll, rows being taller than a frame's step) changes nothing and renders nothing.
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(600);
  const [focus, setFocus] = useState(0);
  // The grid keeps the keyboard focus; screen readers follow the focused row through this id.
  const rowId = `${useId()}-row`;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const first = Math.max(0, top - 5);
  // One more than fit: a row partly scrolled out at the top leaves room for one at the bottom.
  const last = Math.min(p.total, top + Math.ceil(height / p.rowHeight) + 1 + 5);
  useEffect(() => p.ensure(first, last), [first, last, p]);
  const move = (to: number): void => {
    const i = Math.max(0, Math.min(p.total - 1, to));
    setFocus(i);
    const el = box.current;
    if (!el) return;
    // The headings sit above the rows and stay over them: a row is in view below their height.
    const headHeight = head.current?.offsetHeight ?? 0;
    if (i * p.rowHeight < el.scrollTop) el.scrollTop = i * p.rowHeight;
    else if ((i + 1) * p.rowHeight + headHeight > el.scrollTop + el.clientHeight)
      el.scrollTop = (i + 1) * p.rowHeight + headHeight - el.clientHeight;
  };
  const onKey = (e: KeyboardEvent): void => {
    // Keys pressed on a control inside the grid (a heading's sort button, the select-all box) are
    // that control's: Space ticks the box, Enter sorts; only keys on the grid itself move or open.
    if (e.target !== e.currentTarget) return;
    const targets: Record<string, number> = {
      ArrowDown: focus + 1,
      ArrowUp: focus - 1,
      Home: 0,
      End: p.total - 1,
      PageDown: focus + 10,
      PageUp: focus - 10,
    };
    const target = targets[e.key];
    if (target !== undefined) {
      e.preventDefault();
      move(target);
    } else if (e.key === 'Enter' && p.total > 0) p.onOpen(focus);
    else if (e.key === ' ' && p.onSpace && p.total > 0) {
      e.preventDefault();
      p.onSpace(focus);
    }
  };
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div
        key={i}
        id={`${rowId}-${i}`}
        role="row"
        aria-rowindex={i + 1 + headRows}
        aria-selected={i === focus}
        className={`${p.rowClass?.(i) ?? 'vrow'}${i === focus ? ' focused' : ''}`}
        style={{ top: i * p.rowHeight, height: p.rowHeight }}
        onClick={() => (setFocus(i), p.onOpen(i))}
      >
        {p.render(p.rowAt(i), i, i === focus)}
      </div>,
    );
  }
  return (
    <div
      ref={box}
      className="vlist"
      role="grid"
      aria-label={p.label}
      aria-rowcount={p.total + headRows}
      aria-activedescendant={focus >= first && focus < last ? `${rowId}-${focus}` : undefined}
      tabIndex={0}
      onKeyDown={onKey}
      onScroll={(e) => setTop(Math.floor(e.currentTarget.scrollTop / p.rowHeight))}
    >
      {p.header ? (
        <div ref={head} role="row" aria-rowindex={1} className="vhead">
          {p.header}
        </div>
      ) : null}
      <div style={{ height: p.total * p.rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
