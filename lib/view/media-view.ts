import { mediaLabel, type MediaInfo } from '../trace/media';
import type { TraceEvent } from '../trace/types';

/** The images and documents of an event's line, in order: a prompt's, a tool result's, a message's blocks. */
export function eventMedia(e: TraceEvent): MediaInfo[] {
  switch (e.kind) {
    case 'user':
      return [...(e.media ?? [])];
    case 'tool-result':
      return e.results.flatMap((r) => r.media ?? []);
    case 'assistant':
      return e.blocks.flatMap((b) =>
        b.type === 'document' ? [b.media] : b.type === 'image' && b.media ? [b.media] : [],
      );
    default:
      return [];
  }
}

/** What a timeline row draws as its thumbnail: the first image the page can show, and what all of them are. */
export interface RowThumb {
  /** `MediaInfo.at` of the image drawn. */
  readonly at: string;
  /** Every image and document of the line, one per line (the thumbnail's tooltip). */
  readonly title: string;
}

export function rowThumb(e: TraceEvent): RowThumb | undefined {
  const media = eventMedia(e);
  const shown = media.find((m) => m.viewable);
  return shown ? { at: shown.at, title: media.map(mediaLabel).join('\n') } : undefined;
}
