import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Rows drawn beyond the visible ones, above and below, so a quick scroll shows no gap. */
const OVERSCAN = 6;

interface VirtualRowsProps<T> {
  items: readonly T[];
  rowHeight: number;
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
  label: string;
}

/**
 * A scrolling list that puts only the rows in view (and a few around them) into the page: a
 * fleet of 20,000 vehicles scrolls as one of 20. Every row has the same height.
 */
export function VirtualRows<T>({ items, rowHeight, keyOf, render, label }: VirtualRowsProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  return (
    <div ref={box} className="virtual-rows" role="list" aria-label={label}>
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div
            key={keyOf(item)}
            role="listitem"
            style={{ position: 'absolute', top: (first + i) * rowHeight, height: rowHeight, left: 0, right: 0 }}
          >
            {render(item)}
          </div>
        ))}
      </div>
    </div>
  );
}
