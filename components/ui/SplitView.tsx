'use client';

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export interface SplitViewProps {
  readonly first: ReactNode;
  readonly second: ReactNode;
  readonly orientation?: 'horizontal' | 'vertical';
  /** localStorage key that remembers the size of the first pane, as a fraction. */
  readonly storageKey: string;
  readonly defaultFraction?: number;
  readonly label: string;
}

const clamp = (x: number): number => Math.min(0.85, Math.max(0.15, x));

/** Two panes and a draggable (and keyboard-movable) separator; the size is remembered. */
export function SplitView({
  first,
  second,
  orientation = 'horizontal',
  storageKey,
  defaultFraction = 0.5,
  label,
}: SplitViewProps) {
  const [fraction, setFraction] = useState(defaultFraction);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const horizontal = orientation === 'horizontal';

  useEffect(() => {
    const saved = Number(localStorage.getItem(storageKey));
    if (saved > 0 && saved < 1) setFraction(clamp(saved));
  }, [storageKey]);

  const save = useCallback(
    (f: number) => {
      setFraction(f);
      localStorage.setItem(storageKey, String(f));
    },
    [storageKey],
  );

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !box.current) return;
    const r = box.current.getBoundingClientRect();
    save(clamp(horizontal ? (e.clientX - r.left) / r.width : (e.clientY - r.top) / r.height));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 0.1 : 0.02;
    if (e.key === (horizontal ? 'ArrowLeft' : 'ArrowUp')) save(clamp(fraction - step));
    else if (e.key === (horizontal ? 'ArrowRight' : 'ArrowDown')) save(clamp(fraction + step));
    else return;
    e.preventDefault();
  };

  return (
    <div ref={box} className={`flex min-h-0 min-w-0 flex-1 ${horizontal ? 'flex-row' : 'flex-col'}`}>
      <div
        className="min-h-0 min-w-0 overflow-hidden"
        style={{ flexBasis: `${fraction * 100}%`, flexGrow: 0, flexShrink: 0 }}
      >
        {first}
      </div>
      <div
        role="separator"
        aria-label={label}
        aria-orientation={horizontal ? 'vertical' : 'horizontal'}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuemin={15}
        aria-valuemax={85}
        tabIndex={0}
        onKeyDown={onKey}
        onPointerDown={(e) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={onMove}
        onPointerUp={() => (dragging.current = false)}
        className={`${horizontal ? 'w-1 cursor-col-resize' : 'h-1 cursor-row-resize'} shrink-0 bg-neutral-200 hover:bg-sky-400 focus-visible:bg-sky-500 dark:bg-neutral-700`}
      />
      <div className="min-h-0 min-w-0 flex-1 overflow-hidden">{second}</div>
    </div>
  );
}
