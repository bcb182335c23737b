'use client';

import type { Ask } from '../../lib/engine/protocol';

// Thumbnails of the images in view, decoded off the main thread (`createImageBitmap` with a resize decodes in the
// browser's image decoder threads) and kept small: a row draws a bitmap of a few KB, never the image itself. The
// cache holds the last THUMBS of them per trace (per `ask`), so scrolling back redraws without asking again; what
// leaves it is closed. The full image is a `blob:` URL held only while its details are shown.

const THUMBS = 96;
const caches = new WeakMap<Ask, Map<string, Promise<ImageBitmap | string>>>();

function cacheOf(ask: Ask): Map<string, Promise<ImageBitmap | string>> {
  let c = caches.get(ask);
  if (!c) caches.set(ask, (c = new Map()));
  return c;
}

/** The bytes of an image in a line as a Blob of the type its bytes are (the worker checked them), or why not. */
export async function mediaBlob(ask: Ask, seq: number, at: string): Promise<Blob> {
  const p = await ask('media', { seq, at });
  if (!p.ok) throw new Error(p.reason);
  return new Blob([p.bytes], { type: p.mediaType });
}

/**
 * A thumbnail of the image at `at` in event `seq`, at most `w` x `h` device pixels (aspect kept), or why it could not
 * be made (the string). Cached per trace, the oldest closed past THUMBS.
 */
export function thumbnail(ask: Ask, seq: number, at: string, w: number, h: number): Promise<ImageBitmap | string> {
  const cache = cacheOf(ask);
  const key = `${seq}|${at}|${w}x${h}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = (async (): Promise<ImageBitmap | string> => {
    try {
      const blob = await mediaBlob(ask, seq, at);
      // One decode to learn the size would cost as much as the thumbnail: the resize is asked on the longer side.
      const full = await createImageBitmap(blob, { resizeHeight: h, resizeQuality: 'medium' });
      if (full.width <= w) return full;
      full.close();
      return await createImageBitmap(blob, { resizeWidth: w, resizeQuality: 'medium' });
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  })();
  cache.set(key, made);
  while (cache.size > THUMBS) {
    const [oldest, p] = cache.entries().next().value ?? [];
    if (oldest === undefined || !p) break;
    cache.delete(oldest);
    void p.then((b) => typeof b !== 'string' && b.close());
  }
  return made;
}
