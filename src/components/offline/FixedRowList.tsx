import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Rows drawn beyond the visible ones on each side, so a quick scroll shows no gap. */
const OVERSCAN = 4;
/** Until the container is measured (and in jsdom, which lays nothing out): rows for a tall screen. */
const FALLBACK_VIEWPORT_PX = 900;

interface FixedRowListProps<T> {
  items: readonly T[];
  rowHeight: number;
  /** CSS height of the scrolling box, e.g. 'calc(100dvh - 220px)' */
  height: string;
  keyOf(item: T): string | number;
  renderRow(item: T): ReactNode;
  testId?: string;
}

/**
 * A list drawing only the rows in view (every row `rowHeight` px): the outbox panel with 1,000
 * items froze the screen for 0.6-1.4 s mounting them all, where about 15 rows are visible.
 */
export function FixedRowList<T>({ items, rowHeight, height, keyOf, renderRow, testId }: FixedRowListProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT_PX);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      if (el.clientHeight > 0) setViewport(el.clientHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
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
      style={{ height, maxHeight: items.length * rowHeight, overflowY: 'auto', position: 'relative' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
}
