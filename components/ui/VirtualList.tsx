'use client';

import {
  Fragment,
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { listWindow, scrollTarget } from './list-window';
import { NO_ROWS, rowKeys } from './row-keys';

/** Browsers cap an element's height (about 33M px in Chromium); past this we scale scroll coordinates. */
const MAX_SCROLL_PX = 8_000_000;

export interface VirtualListHandle {
  scrollToIndex(index: number, align?: 'auto' | 'center' | 'start'): void;
  focus(): void;
}

export interface VirtualListProps {
  readonly count: number;
  readonly rowHeight: number;
  readonly label: string;
  /** One row: a single element `rowHeight` tall (best with `contain: strict`), laid out in flow after the row above. */
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

/** Rows drawn beyond the viewport on each side. */
const OVERSCAN = 3;

/**
 * A fixed-row-height virtual listbox. Positions are virtual (index × rowHeight); when that exceeds what an element can
 * be, the scroll range is compressed and offsets are scaled, so a million rows still scroll end to end.
 *
 * The window is computed here rather than by @tanstack/react-virtual: with one fixed height it is arithmetic, while the
 * virtualizer builds a measurement per row whenever the count changes (a pass over a million rows, each time the rows
 * grow while a file loads: 2 s of main-thread work and tasks up to 180 ms loading `rows-1m`).
 */
export const VirtualList = forwardRef<VirtualListHandle, VirtualListProps>(function VirtualList(props, ref) {
  const { count, rowHeight, label, renderRow, activeId, onKeyDown, onRangeChange, renderSticky, className, busy } =
    props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Drawn before the frame is painted (as the virtualizer did), so a fast scroll shows no blank rows.
    const onScroll = () => flushSync(() => setScrollTop(el.scrollTop));
    const resize = new ResizeObserver(() => setViewport(el.clientHeight));
    el.addEventListener('scroll', onScroll, { passive: true });
    resize.observe(el);
    setViewport(el.clientHeight);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, []);

  const win = listWindow({ count, rowHeight, viewport, scrollTop, maxPx: MAX_SCROLL_PX, overscan: OVERSCAN });
  const { start, end, firstVisible, virtualOffset, top, physicalTotal } = win;
  const geometry = useRef(win);
  geometry.current = win;

  const rangeRef = useRef(onRangeChange);
  rangeRef.current = onRangeChange;
  useEffect(() => {
    if (end > start) rangeRef.current?.(start, end);
  }, [start, end]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (index, align = 'auto') => {
        const el = scrollRef.current;
        if (!el) return;
        const g = geometry.current;
        const now = el.scrollTop * g.ratio;
        const target = scrollTarget(g, index, align, now);
        if (target === now) return;
        el.scrollTop = target / g.ratio;
        setScrollTop(el.scrollTop);
      },
      focus: () => scrollRef.current?.focus(),
    }),
    [],
  );

  // The rows' keys follow from the last drawn ones (row-keys.ts); kept once drawn, so a render is pure.
  const drawnKeys = useRef(NO_ROWS);
  const keys = rowKeys(drawnKeys.current, start, end);
  useLayoutEffect(() => {
    drawnKeys.current = keys;
  });

  const onKey = useCallback((e: KeyboardEvent<HTMLDivElement>) => onKeyDown?.(e), [onKeyDown]);
  const sticky = renderSticky && count > 0 && firstVisible >= 0 ? renderSticky(firstVisible) : null;

  return (
    <div className={`relative h-full min-h-0 ${className ?? ''}`}>
      {/* The sticky row's box is always there, one row tall and contained: the row changing under it (most frames of a
          fast scroll) lays out that row alone, not the whole page. It lets the pointer through to the rows when empty. */}
      {renderSticky ? (
        <div
          className="pointer-events-none absolute inset-x-0 top-0 z-10"
          style={{ height: rowHeight, contain: 'size layout style' }}
        >
          {sticky ? <div className="pointer-events-auto">{sticky}</div> : null}
        </div>
      ) : null}
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
          {/* The drawn rows, in flow in one block moved into place: no positioned wrapper per row, and scrolling by a
              row moves the block, not each row. */}
          <div
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${start * rowHeight - virtualOffset + top}px)`,
            }}
          >
            {keys.keys.map((key, i) => (
              // A row still drawn keeps its element (a slow scroll draws only the rows coming into view); after a jump
              // the same elements are filled in place, in order (see row-keys.ts).
              <Fragment key={key}>{renderRow(start + i)}</Fragment>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
});
