'use client';

import { useEffect, useRef, useState } from 'react';
import type { RowView } from '../../lib/view/rowview';
import type { Ask } from '../data/useTraceWorker';
import { Row } from './TimelineRow';

/** How far above the first visible row the header is looked for in the row cache before the worker is asked. */
const NEAR = 64;

export interface StickyHeaderProps {
  readonly ask: Ask;
  /** The first visible row. */
  readonly first: number;
  /** The row cache (useRowWindow's `get`). */
  readonly get: (row: number) => RowView | undefined;
  readonly selectedRow: number;
  readonly onSelect: (row: number, view?: RowView) => void;
  readonly onToggle: (turn: number) => void;
  readonly fail: (what: string) => (e: unknown) => void;
}

/**
 * The nearest model-call or response row above the first visible row, over the top of the timeline. It is found in
 * the row cache while rendering; when it is further up, the worker names it (once per 32 rows scrolled) and its row is
 * kept here. A model call in a subagent's lane is drawn with the lane's name before it (the lane's own header has
 * scrolled away). Its own state: an answer redraws this header, not the list. Keyed by the rows' version by its parent.
 */
export function StickyHeader({ ask, first, get, selectedRow, onSelect, onToggle, fail }: StickyHeaderProps) {
  let near = -1;
  for (let r = first; r >= 0 && r > first - NEAR; r--) {
    const v = get(r);
    if (v && (v.kind === 'turn' || v.kind === 'response')) {
      near = r;
      break;
    }
  }
  const [far, setFar] = useState<{ row: number; view: RowView | undefined }>({ row: -1, view: undefined });
  const bucket = first >> 5;
  const askFar = near < 0;
  const firstRef = useRef(first);
  firstRef.current = first;
  useEffect(() => {
    if (!askFar) return;
    let live = true;
    ask('headerOf', { row: firstRef.current })
      .then(async (h) => {
        if (h < 0) return { row: -1, view: undefined };
        const view = get(h) ?? (await ask('rows', { start: h, end: h + 1 }))[0];
        return { row: h, view };
      })
      .then((next) => {
        if (live) setFar((prev) => (prev.row === next.row && prev.view === next.view ? prev : next));
      }, fail('find the header above'));
    return () => {
      live = false;
    };
  }, [ask, bucket, askFar, get, fail]);
  const h = near >= 0 ? near : far.row;
  const view = h >= 0 && h < first ? (near >= 0 ? get(h) : far.view) : undefined;
  return view ? (
    <div className="shadow-sm">
      <Row view={view} selected={h === selectedRow} onSelect={onSelect} onToggle={onToggle} sticky />
    </div>
  ) : null;
}
