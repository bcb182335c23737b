'use client';

import { elementScroll, observeElementOffset, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useImperativeHandle, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** Browsers cap an element's height (about 33M px in Chromium); past this we scale scroll coordinates. */
const MAX_SCROLL_PX = 8_000_000;
/** More than the rows a viewport plus overscan can show, so slot keys are unique within a window. */
const SLOTS = 256;

export interface VirtualListHandle {
  scrollToIndex(index: number, align?: 'auto' | 'center' | 'start'): void;
  focus(): void;
}

export interface VirtualListProps {
  readonly count: number;
  readonly rowHeight: number;
  readonly label: string;
  readonly renderRow: (index: number) => ReactNode;
  readonly activeId?: string;
  readonly onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
  readonly onRangeChange?: (start: number, end: number) => void;
  /** Rendered over the top of the viewport, e.g. the sticky group header of the first visible row. Must be pure. */
  readonly renderSticky?: (firstIndex: number) => ReactNode;
  readonly className?: string;
  /** The rows are being rebuilt (a new filter): `aria-busy` on the listbox. */
  readonly busy?: boolean;
}

/**
 * A fixed-row-height virtual listbox. Positions are virtual (index × rowHeight); when that exceeds what an element can
 * be, the scroll range is compressed and offsets are scaled, so a million rows still scroll end to end.
 */
export const VirtualList = forwardRef<VirtualListHandle, VirtualListProps>(function VirtualList(props, ref) {
  const { count, rowHeight, label, renderRow, activeId, onKeyDown, onRangeChange, renderSticky, className, busy } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualTotal = count * rowHeight;
  const physicalTotal = Math.min(virtualTotal, MAX_SCROLL_PX);
  // ratio maps physical scrollTop to virtual offset; 1 when no scaling is needed.
  const ratioRef = useRef(1);
  const viewport = scrollRef.current?.clientHeight ?? 600;
  ratioRef.current = virtualTotal > MAX_SCROLL_PX ? (virtualTotal - viewport) / Math.max(1, physicalTotal - viewport) : 1;

  // Stable option functions: the virtualizer recomputes every item's measurement when estimateSize changes, which is
  // a pass over all rows per render.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const observe = useCallback(
    (instance: Virtualizer<HTMLDivElement, HTMLDivElement>, cb: (offset: number, scrolling: boolean) => void) => observeElementOffset(instance, (offset, scrolling) => cb(offset * ratioRef.current, scrolling)),
    [],
  );
  const scrollToFn = useCallback(
    (offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<HTMLDivElement, HTMLDivElement>) => elementScroll(offset / ratioRef.current, { ...options, adjustments: undefined }, instance),
    [],
  );
  const rangeRef = useRef(onRangeChange);
  rangeRef.current = onRangeChange;
  const onChange = useCallback((instance: Virtualizer<HTMLDivElement, HTMLDivElement>) => {
    const items = instance.getVirtualItems();
    const first = items[0];
    const last = items[items.length - 1];
    if (first && last) rangeRef.current?.(first.index, last.index + 1);
  }, []);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({ count, getScrollElement, estimateSize, overscan: 3, observeElementOffset: observe, scrollToFn, onChange });

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (index, align = 'auto') => virtualizer.scrollToIndex(index, { align }),
      focus: () => scrollRef.current?.focus(),
    }),
    [virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const scrollTop = scrollRef.current?.scrollTop ?? 0;
  const virtualOffset = scrollTop * ratioRef.current;
  const firstVisible = Math.min(count - 1, Math.floor(virtualOffset / rowHeight));

  const onKey = useCallback((e: KeyboardEvent<HTMLDivElement>) => onKeyDown?.(e), [onKeyDown]);
  const sticky = renderSticky && count > 0 && firstVisible >= 0 ? renderSticky(firstVisible) : null;

  return (
    <div className={`relative h-full min-h-0 ${className ?? ''}`}>
      {sticky ? <div className="pointer-events-auto absolute inset-x-0 top-0 z-10">{sticky}</div> : null}
      <div
        ref={scrollRef}
        role="listbox"
        aria-label={label}
        aria-activedescendant={activeId}
        aria-busy={busy ?? false}
        tabIndex={0}
        onKeyDown={onKey}
        className="h-full overflow-auto outline-none focus-visible:ring-1 focus-visible:ring-inset focus-visible:ring-sky-500"
      >
        <div style={{ height: physicalTotal, position: 'relative', width: '100%', contain: 'strict' }}>
          {items.map((item) => (
            <div
              // Keyed by slot, not by index: scrolling then reuses the row elements instead of replacing them.
              key={item.index % SLOTS}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, contain: 'strict', transform: `translateY(${item.start - virtualOffset + scrollTop}px)` }}
            >
              {renderRow(item.index)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
});
