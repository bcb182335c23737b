/** The arithmetic of a fixed-row-height virtual list whose scroll range may be compressed (see VirtualList). */

export interface ListWindowInput {
  readonly count: number;
  readonly rowHeight: number;
  /** The scroller's visible height, px. */
  readonly viewport: number;
  /** The scroller's scrollTop as the browser reports it (physical px). */
  readonly scrollTop: number;
  /** The tallest the content element may be; past it, physical px are scaled to virtual ones. */
  readonly maxPx: number;
  readonly overscan: number;
}

export interface ListWindow {
  readonly rowHeight: number;
  readonly viewport: number;
  readonly virtualTotal: number;
  readonly physicalTotal: number;
  /** Virtual px per physical px: 1 unless the list is taller than `maxPx`. */
  readonly ratio: number;
  /** scrollTop clamped to the content (rows may have shrunk under it). */
  readonly top: number;
  readonly virtualOffset: number;
  readonly firstVisible: number;
  /** Rows to draw: [start, end). */
  readonly start: number;
  readonly end: number;
}

export function listWindow({ count, rowHeight, viewport, scrollTop, maxPx, overscan }: ListWindowInput): ListWindow {
  const virtualTotal = count * rowHeight;
  const physicalTotal = Math.min(virtualTotal, maxPx);
  const ratio = virtualTotal > maxPx ? (virtualTotal - viewport) / Math.max(1, physicalTotal - viewport) : 1;
  const top = Math.max(0, Math.min(scrollTop, physicalTotal - viewport));
  const virtualOffset = top * ratio;
  const firstVisible = Math.min(count - 1, Math.floor(virtualOffset / rowHeight));
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(count, Math.ceil((virtualOffset + viewport) / rowHeight) + overscan);
  return { rowHeight, viewport, virtualTotal, physicalTotal, ratio, top, virtualOffset, firstVisible, start, end };
}

/** The virtual offset that shows row `index`: at the top, centred, or (auto) the least move that brings it in view. */
export function scrollTarget(w: ListWindow, index: number, align: 'auto' | 'center' | 'start', now: number): number {
  const at = index * w.rowHeight;
  let target = now;
  if (align === 'start') target = at;
  else if (align === 'center') target = at - (w.viewport - w.rowHeight) / 2;
  else if (at < now) target = at;
  else if (at + w.rowHeight > now + w.viewport) target = at + w.rowHeight - w.viewport;
  return Math.max(0, Math.min(target, w.virtualTotal - w.viewport));
}
