'use client';

import { memo, useEffect, useRef, useState } from 'react';
import type { Ask } from '../../lib/engine/protocol';
import type { RowThumb as Thumb } from '../../lib/view/media-view';
import { thumbnail } from './media-cache';

/** The thumbnail box in a timeline row, in CSS pixels: it fits the 22 px row. */
export const THUMB_W = 32;
export const THUMB_H = 18;

/**
 * A row's image, drawn small on a canvas once the row is in view (the list mounts only those): the worker reads the
 * line again, checks the bytes, and the browser decodes them resized. What it failed to draw reads in the tooltip.
 */
export const RowThumb = memo(function RowThumb({ ask, seq, thumb }: { ask: Ask; seq: number; thumb: Thumb }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    const dpr = Math.min(2, Math.ceil(window.devicePixelRatio || 1));
    void thumbnail(ask, seq, thumb.at, THUMB_W * dpr, THUMB_H * dpr).then((b) => {
      const c = canvas.current;
      if (!live || !c) return;
      if (typeof b === 'string') return setFailed(b);
      c.width = THUMB_W * dpr;
      c.height = THUMB_H * dpr;
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, c.width, c.height);
      // Centred in the box, aspect kept.
      ctx.drawImage(b, Math.round((c.width - b.width) / 2), Math.round((c.height - b.height) / 2));
      c.dataset['drawn'] = `${b.width}x${b.height}`;
    });
    return () => {
      live = false;
    };
  }, [ask, seq, thumb.at]);
  return (
    <canvas
      ref={canvas}
      data-testid="row-thumb"
      role="img"
      aria-label={thumb.title.split('\n')[0] ?? 'image'}
      title={failed ? `${thumb.title}\nnot drawn: ${failed}` : thumb.title}
      width={THUMB_W}
      height={THUMB_H}
      style={{ width: THUMB_W, height: THUMB_H }}
      className="shrink-0 rounded-sm border border-neutral-300 bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800"
    />
  );
});
