'use client';

import { formatBytes } from '../../lib/trace/media-bytes';
import type { InlineMedia } from '../../lib/share/media';
import { count } from '../../lib/trace/text-order';

/** `2 images (886 KB)`, `1 image (443 KB) and 1 document (1.2 MB)`. */
export function mediaSummary(m: InlineMedia): string {
  const parts: string[] = [];
  if (m.images > 0) parts.push(`${count(m.images, 'image')} (${formatBytes(m.imageBytes)})`);
  if (m.documents > 0) parts.push(`${count(m.documents, 'document')} (${formatBytes(m.documentBytes)})`);
  return parts.join(' and ');
}

/**
 * The images (and documents) the trace carries inline: part of what the recipient rebuilds, so included by default,
 * named in the summary, and one click leaves them out.
 */
export function MediaChoice({
  media,
  dropped,
  onDrop,
}: {
  media: InlineMedia;
  dropped: boolean;
  onDrop: (drop: boolean) => void;
}) {
  if (media.images + media.documents === 0) return null;
  const what = mediaSummary(media);
  const one = media.images + media.documents === 1;
  const them = one ? 'it' : 'them';
  return (
    <div className="mb-2 rounded border border-neutral-200 px-2 py-1 dark:border-neutral-700">
      <p role="status" aria-label="Images" className="mb-0.5">
        {dropped
          ? `${what} left out: the recipient sees where ${one ? 'it was' : 'they were'}, not the ${one ? 'picture' : 'pictures'}.`
          : `${what} included: the recipient sees ${them} as the model did.`}
      </p>
      <label className="flex items-center gap-1.5">
        <input type="checkbox" checked={!dropped} onChange={(e) => onDrop(!e.target.checked)} />
        Include the {media.documents > 0 ? 'images and documents' : media.images === 1 ? 'image' : 'images'} (secrets in
        pictures are not searched for)
      </label>
    </div>
  );
}
