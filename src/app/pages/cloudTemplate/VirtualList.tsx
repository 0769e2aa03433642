// A windowed list or grid: only the rows in view (and a few either side) are in the document, so a
// folder of 10,000 templates scrolls as smoothly as one of ten. Rows have a fixed height; a grid
// fits as many columns of at least `minColumnWidth` px as the width allows. `onRange` tells which
// items are shown (the page then loads their pages from the server); an item not loaded yet is
// drawn by `renderItem` as a placeholder.
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";

interface Props {
  readonly count: number;
  readonly rowHeight: number;
  /** grid: the smallest column width; list: undefined (one column) */
  readonly minColumnWidth?: number;
  readonly gap: number;
  readonly label: string;
  readonly testId?: string;
  readonly renderItem: (index: number) => ReactNode;
  readonly onRange: (first: number, last: number) => void;
}

const OVERSCAN_ROWS = 3;

/** The rows and columns to draw for a scroll position (pure: unit-tested). */
export function windowOf(
  v: { count: number; rowHeight: number; width: number; height: number; scrollTop: number; gap: number },
  minColumnWidth?: number,
): { columns: number; rows: number; firstRow: number; lastRow: number } {
  const columns = minColumnWidth ? Math.max(1, Math.floor((v.width + v.gap) / (minColumnWidth + v.gap))) : 1;
  const rows = Math.ceil(v.count / columns);
  const firstRow = Math.max(0, Math.floor(v.scrollTop / v.rowHeight) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows - 1, Math.ceil((v.scrollTop + v.height) / v.rowHeight) + OVERSCAN_ROWS);
  return { columns, rows, firstRow, lastRow };
}

export function VirtualList(p: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ width: 0, height: 0, scrollTop: 0 });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () =>
      setView({ width: el.clientWidth, height: el.clientHeight, scrollTop: el.scrollTop });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const w = windowOf({ ...view, count: p.count, rowHeight: p.rowHeight, gap: p.gap }, p.minColumnWidth);
  const colWidth = (view.width - p.gap * (w.columns - 1)) / w.columns;
  const first = w.firstRow * w.columns;
  const last = Math.min(p.count - 1, (w.lastRow + 1) * w.columns - 1);
  const { onRange } = p;
  useEffect(() => {
    if (last >= first) onRange(first, last);
  }, [first, last, onRange]);

  const items: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const row = Math.floor(i / w.columns);
    const col = i % w.columns;
    items.push(
      <li
        key={i}
        aria-setsize={p.count}
        aria-posinset={i + 1}
        className="vlist-item"
        style={{
          top: row * p.rowHeight,
          left: col * (colWidth + p.gap),
          width: colWidth,
          height: p.rowHeight - p.gap,
        }}
      >
        {p.renderItem(i)}
      </li>,
    );
  }
  return (
    <div
      ref={box}
      className="vlist"
      onScroll={(e) => {
        const el = e.currentTarget;
        setView((v) => (v.scrollTop === el.scrollTop ? v : { ...v, scrollTop: el.scrollTop }));
      }}
    >
      <ul
        className="vlist-body"
        aria-label={p.label}
        data-testid={p.testId}
        style={{ height: w.rows * p.rowHeight }}
      >
        {view.width > 0 && items}
      </ul>
    </div>
  );
}
