'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type CSSProperties, type ReactNode } from 'react';

/**
 * A table's body (`role=rowgroup`) that draws only the rows in view, for tables of thousands of rows: a 2 GB trace has
 * tens of thousands of model calls and responses, which drawn whole held the main thread for seconds. Each row is
 * `rowHeight` pixels high and placed by the `style` it is given; the body scrolls on its own, at most `max-h-80`.
 */
export function VirtualRows({
  count,
  rowHeight = 20,
  children,
}: {
  count: number;
  rowHeight?: number;
  children: (index: number, style: CSSProperties) => ReactNode;
}) {
  const scroll = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count,
    getScrollElement: () => scroll.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  return (
    <div ref={scroll} className="max-h-80 overflow-auto" role="rowgroup">
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v
          .getVirtualItems()
          .map((it) => children(it.index, { transform: `translateY(${it.start}px)`, height: rowHeight }))}
      </div>
    </div>
  );
}
