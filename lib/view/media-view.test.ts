import { describe, expect, it } from 'vitest';
import type { MediaInfo } from '../trace/media';
import type { ToolResultEvent, UserEvent } from '../trace/types';
import { eventMedia, rowThumb } from './media-view';

const src = { source: 0, line: 1, offset: 0, length: 1 };
const svg: MediaInfo = {
  kind: 'image',
  at: 'message.content[0]',
  mediaType: 'image/svg+xml',
  source: 'base64',
  bytes: 10,
  problem: 'SVG is markup',
};
const png: MediaInfo = {
  kind: 'image',
  at: 'message.content[1]',
  mediaType: 'image/png',
  source: 'base64',
  bytes: 2048,
  width: 4,
  height: 3,
  viewable: true,
};
const pdf: MediaInfo = {
  kind: 'document',
  at: 'message.content[2]',
  mediaType: 'application/pdf',
  source: 'base64',
  bytes: 1024,
  pages: 2,
};

describe('rowThumb', () => {
  it('draws the first image the page can show, and names every one in its tooltip', () => {
    const e: UserEvent = {
      kind: 'user',
      seq: 0,
      ...src,
      role: 'prompt',
      text: 'x',
      textLength: 1,
      images: 2,
      media: [svg, png, pdf],
    };
    expect(rowThumb(e)).toEqual({
      at: 'message.content[1]',
      title: 'image/svg+xml, 10 B\nimage/png 4x3, 2 KB\ndocument application/pdf, 2 pages, 1 KB',
    });
  });
  it('draws nothing when no image can be shown', () => {
    const r: ToolResultEvent = {
      kind: 'tool-result',
      seq: 1,
      ...src,
      results: [{ toolUseId: 't', isError: false, text: '', textLength: 0, images: 1, media: [svg] }],
    };
    expect(eventMedia(r)).toEqual([svg]);
    expect(rowThumb(r)).toBeUndefined();
  });
});
