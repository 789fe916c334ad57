import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Rows drawn beyond the visible ones on each side, so a quick scroll shows no gap. */
const OVERSCAN = 3;
/** Until the container is measured (and in jsdom, which lays nothing out): rows for a tall screen. */
const FALLBACK_VIEWPORT_PX = 900;

/** The box's height before it is measured: the window's less what is above and below it (each row drawn first costs the panel's opening). */
function guessedHeight(besidePx: number): number {
  const h = typeof window !== 'undefined' && window.innerHeight > 0 ? window.innerHeight : FALLBACK_VIEWPORT_PX;
  return Math.max(h - besidePx, 0) || FALLBACK_VIEWPORT_PX;
}

interface FixedRowListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** the scrolling box is the window's height less this many px (what is above and below it) */
  besidePx: number;
  keyOf(item: T): string | number;
  renderRow(item: T): ReactNode;
  testId?: string;
}

/**
 * A list drawing only the rows in view (every row `rowHeight` px): the outbox panel with 1,000
 * items froze the screen for 0.6-1.4 s mounting them all, where about 15 rows are visible.
 */
export function FixedRowList<T>({ items, rowHeight, besidePx, keyOf, renderRow, testId }: FixedRowListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(() => guessedHeight(besidePx));
  // Measured by the observer only, after the browser's own layout: reading clientHeight while
  // mounting forced a layout of the whole page (and the drawer around the list) before the first
  // frame, then drew the list again; the guess from the window's height draws enough rows meanwhile.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const h = entry?.contentRect.height ?? 0;
      if (h > 0) setViewport(h);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const item = items[i];
    rows.push(
      <div key={keyOf(item)} style={{ position: 'absolute', top: i * rowHeight, left: 0, right: 0, height: rowHeight }}>
        {renderRow(item)}
      </div>,
    );
  }
  return (
    <div
      ref={ref}
      data-testid={testId}
      style={{ height: `calc(100dvh - ${besidePx}px)`, maxHeight: items.length * rowHeight, overflowY: 'auto', position: 'relative' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
