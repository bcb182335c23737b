'use client';

import { useEffect, useState } from 'react';
import { formatBytes } from '../../lib/trace/media-bytes';
import { mediaLabel, type MediaInfo } from '../../lib/trace/media';
import type { Ask } from '../../lib/engine/protocol';
import { formatInt } from '../../lib/trace/text-order';
import { Fields, Pre } from '../panes/tabs/common';
import { FOCUS_RING } from '../ui/kit/styles';
import { mediaBlob } from './media-cache';

/** A `blob:` URL of the checked bytes of an image, alive while the caller is mounted; or why there is none. */
function useImageUrl(ask: Ask, seq: number, m: MediaInfo): { url?: string; error?: string } {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    if (!m.viewable) return;
    let live = true;
    let url: string | undefined;
    setState({});
    mediaBlob(ask, seq, m.at).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      (e: unknown) => live && setState({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [ask, seq, m.at, m.viewable]);
  return state;
}

function figures(m: MediaInfo): (readonly [string, string])[] {
  const rows: (readonly [string, string])[] = [];
  if (m.title) rows.push([m.kind === 'document' ? 'title' : 'file', m.title]);
  rows.push(['media type', m.mediaType ?? '(not given)']);
  if (m.width !== undefined && m.height !== undefined) rows.push(['dimensions', `${m.width} × ${m.height} px`]);
  if (m.bytes !== undefined && !(m.source === 'base64' && m.bytes === 0))
    rows.push(['size', `${formatBytes(m.bytes)} (${formatInt(m.bytes)} bytes)`]);
  if (m.pages !== undefined) rows.push(['pages', String(m.pages)]);
  rows.push(['source', SOURCE[m.source]]);
  if (m.url) rows.push(['url', m.url]);
  if (m.fileId) rows.push(['file id', m.fileId]);
  return rows;
}

const SOURCE: Record<MediaInfo['source'], string> = {
  base64: 'inline, base64',
  url: 'by URL (not fetched: Loupe loads nothing from other sites)',
  text: 'inline text',
  content: 'inline content blocks',
  file: 'Files API (not in the transcript)',
  none: 'none',
};

/**
 * The picture, fitted in 320 px of height so a screenshot sits beside its figures; a click (or Enter) shows it as wide
 * as the pane allows at any height, as the model saw it whole (a full-page screenshot, 1280x4000, is unreadable
 * fitted), and again back.
 */
function ShownImage({ url, label, width, height }: { url: string; label: string; width?: number; height?: number }) {
  const [whole, setWhole] = useState(false);
  return (
    <button
      type="button"
      aria-pressed={whole}
      title={whole ? 'Fit the image in the pane again' : 'Show the image as wide as the pane, at any height'}
      onClick={() => setWhole((w) => !w)}
      className={`self-start rounded-sm ${whole ? 'cursor-zoom-out' : 'cursor-zoom-in'} ${FOCUS_RING}`}
    >
      {/* A blob: URL of bytes the worker checked to be a PNG, JPEG, GIF or WebP: never markup. */}
      <img
        src={url}
        alt={`${label}, as the model saw it`}
        width={width}
        height={height}
        className={`${whole ? '' : 'max-h-[320px] '}block h-auto w-auto max-w-full border border-neutral-200 bg-[repeating-conic-gradient(#e5e5e5_0_25%,#fff_0_50%)] bg-[length:12px_12px] object-contain dark:border-neutral-700`}
      />
    </button>
  );
}

/** One image or document the model saw: the picture (images the page can show) and its figures. */
export function MediaBlock({ ask, seq, m }: { ask: Ask; seq: number; m: MediaInfo }) {
  const img = useImageUrl(ask, seq, m);
  const label = mediaLabel(m);
  return (
    <figure
      aria-label={label}
      data-testid="media-block"
      className="flex flex-col gap-1 rounded border border-neutral-200 p-2 dark:border-neutral-700"
    >
      {m.viewable ? (
        img.url ? (
          <ShownImage url={img.url} label={label} width={m.width} height={m.height} />
        ) : (
          <p className="text-[12px] text-neutral-500">{img.error ? `Not shown: ${img.error}` : 'Decoding…'}</p>
        )
      ) : m.kind === 'image' ? (
        <p className="text-[12px] text-neutral-500">
          Not shown: {m.problem ?? (m.source === 'url' ? 'an image by URL is not fetched' : 'no inline data')}.
        </p>
      ) : m.problem ? (
        <p className="text-[12px] text-neutral-500">{m.problem}</p>
      ) : null}
      <figcaption>
        <Fields rows={figures(m)} />
      </figcaption>
      {m.text !== undefined ? <Pre text={m.text || '(empty)'} label="document text" /> : null}
      {m.textLength !== undefined && m.text !== undefined && m.textLength > m.text.length ? (
        <p className="text-[12px] text-neutral-500">
          First {formatInt(m.text.length)} of {formatInt(m.textLength)} characters.
        </p>
      ) : null}
    </figure>
  );
}

/** The images and documents of a line, in order. */
export function MediaList({
  ask,
  seq,
  media,
  label,
}: {
  ask: Ask;
  seq: number;
  media: readonly MediaInfo[];
  label: string;
}) {
  if (media.length === 0) return null;
  return (
    <div aria-label={label} className="mt-2 flex flex-col gap-2">
      {media.map((m) => (
        <MediaBlock key={m.at} ask={ask} seq={seq} m={m} />
      ))}
    </div>
  );
}
