import { base64Size, decodeBase64, formatBytes, isBase64, pdfPages, RASTER_TYPES, sniffImage } from './media-bytes';

// Images and documents the model saw (`image` and `document` blocks in prompts and tool results, a tool's structured
// output): what the timeline, the details, the CLI and the share dialog say about them. An event keeps these
// figures, never the data: the page asks the worker for the bytes of a block in view (`mediaPayload`), by `at`.

/** A shown image is at most this big (decoded): a bigger one is described, not decoded. */
export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
/** Nor decoded past this many pixels (a small file can declare a huge canvas). */
export const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;
/** A PDF's pages are counted at load up to this size; a bigger one's count is left unknown. */
const MAX_PDF_SCAN_BYTES = 16 * 1024 * 1024;
/** A JPEG's size can sit behind an EXIF thumbnail: its header is read from this many bytes. */
const HEADER_BYTES = 96 * 1024;

export interface MediaInfo {
  readonly kind: 'image' | 'document';
  /** Where the block is in its line (or document record): `message.content[0].content[1]`, `toolUseResult.file`. */
  readonly at: string;
  /** The type the block declares (`media_type`, a Read result's `file.type`). */
  readonly mediaType?: string;
  /** How the data is carried: inline base64, a URL, plain text, other blocks, a Files API id. */
  readonly source: 'base64' | 'url' | 'text' | 'content' | 'file' | 'none';
  /** Decoded size of inline data. */
  readonly bytes?: number;
  readonly width?: number;
  readonly height?: number;
  readonly url?: string;
  readonly fileId?: string;
  /** A document's `title`. */
  readonly title?: string;
  readonly pages?: number;
  /** A text document's text, clamped; `textLength` is the whole. */
  readonly text?: string;
  readonly textLength?: number;
  /** The page can show it as a picture: an allowed raster type whose bytes are that type, within the caps. */
  readonly viewable?: boolean;
  /** Why it is not shown, in words (SVG, bytes of another type, too big, not base64, left out when shared). */
  readonly problem?: string;
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Whether a content block (of a message, a tool result, a structured output) is an image or a document. */
export function isMediaBlock(b: unknown): boolean {
  return isObj(b) && (b['type'] === 'image' || b['type'] === 'document');
}

/** The figures of an `image` or `document` block at `at`; undefined for any other value. */
export function mediaFrom(b: unknown, at: string, clamp: number): MediaInfo | undefined {
  if (!isObj(b) || (b['type'] !== 'image' && b['type'] !== 'document')) return undefined;
  const kind = b['type'];
  const source = isObj(b['source']) ? b['source'] : undefined;
  const title = str(b['title']);
  const base = { kind, at, ...(title ? { title } : {}) } as const;
  if (!source) return { ...base, source: 'none', problem: 'the block has no source' };
  const declared = str(source['media_type']);
  const typed = declared ? { ...base, mediaType: declared } : base;
  switch (source['type']) {
    case 'base64':
      return inline(typed, kind, declared, str(source['data']) ?? '');
    case 'url': {
      const url = str(source['url']);
      return { ...typed, source: 'url', ...(url ? { url: shownUrl(url) } : {}) };
    }
    case 'text':
      return textDoc(typed, str(source['data']) ?? '', clamp);
    case 'content':
      return textDoc({ ...typed, source: 'content' }, blocksText(source['content']), clamp);
    case 'file':
      return { ...typed, source: 'file', ...(str(source['file_id']) ? { fileId: str(source['file_id']) } : {}) };
    default:
      return { ...typed, source: 'none', problem: `a source of type ${String(source['type'])}` };
  }
}

/** A Read tool's structured output for an image or a PDF: `{type: "image", file: {base64, type, originalSize}}`. */
export function readFileMedia(value: unknown, at: string): MediaInfo | undefined {
  if (!isObj(value) || (value['type'] !== 'image' && value['type'] !== 'pdf') || !isObj(value['file']))
    return undefined;
  const file = value['file'];
  const data = str(file['base64']);
  if (data === undefined) return undefined;
  const kind = value['type'] === 'image' ? 'image' : 'document';
  const declared = str(file['type']) ?? (kind === 'document' ? 'application/pdf' : undefined);
  const title = str(file['filePath']);
  const base = {
    kind,
    at: `${at}.file`,
    ...(declared ? { mediaType: declared } : {}),
    ...(title ? { title } : {}),
  } as const;
  return inline(base, kind, declared, data);
}

function inline(
  base: Omit<MediaInfo, 'source'>,
  kind: MediaInfo['kind'],
  declared: string | undefined,
  data: string,
): MediaInfo {
  if (data === '')
    return { ...base, source: 'base64', bytes: 0, problem: 'no data: left out (a trace shared without its images)' };
  if (!isBase64(data)) return { ...base, source: 'base64', problem: 'the data is not base64' };
  const bytes = base64Size(data);
  const m: MediaInfo = { ...base, source: 'base64', bytes };
  if (kind === 'document') {
    if (declared !== 'application/pdf' || bytes > MAX_PDF_SCAN_BYTES) return m;
    const pdf = decodeBase64(data);
    const pages = pdf && pdfPages(pdf);
    return pages !== undefined ? { ...m, pages } : m;
  }
  const head = decodeBase64(data, HEADER_BYTES);
  const sniffed = head && sniffImage(head);
  const figures =
    sniffed?.width !== undefined && sniffed.height !== undefined
      ? { ...m, width: sniffed.width, height: sniffed.height }
      : m;
  const problem = imageProblem(declared, sniffed?.mediaType, bytes, figures);
  return problem ? { ...figures, problem } : { ...figures, viewable: true };
}

function imageProblem(
  declared: string | undefined,
  actual: string | undefined,
  bytes: number,
  m: MediaInfo,
): string | undefined {
  if (declared && /svg/i.test(declared)) return 'SVG is markup: it is never shown as an image';
  if (declared && !RASTER_TYPES.includes(declared)) return `${declared} is not a type shown as an image here`;
  if (!actual) return 'the bytes are not a PNG, JPEG, GIF or WebP image';
  if (declared && declared !== actual) return `declared ${declared}, but the bytes are ${actual}`;
  if (bytes > MAX_IMAGE_BYTES) return `larger than ${formatBytes(MAX_IMAGE_BYTES)}: not decoded`;
  if (m.width !== undefined && m.height !== undefined && m.width * m.height > MAX_IMAGE_PIXELS)
    return `${m.width}x${m.height} pixels: too many to decode`;
  return undefined;
}

/** A URL as the viewer names it: a `data:` URL by its type and length (it is the data), any other cut at 300 characters. */
function shownUrl(url: string): string {
  if (/^data:/i.test(url))
    return `${url.slice(0, Math.max(5, url.indexOf(',') + 1)).slice(0, 60)}… (a data: URL of ${url.length} characters)`;
  return url.length > 300 ? `${url.slice(0, 300)}…` : url;
}

function textDoc(
  base: Omit<MediaInfo, 'source'> & { source?: MediaInfo['source'] },
  text: string,
  clamp: number,
): MediaInfo {
  const kept = text.length > clamp ? (' ' + text.slice(0, clamp)).slice(1) : text;
  return {
    ...base,
    source: base.source ?? 'text',
    text: kept,
    textLength: text.length,
    bytes: new TextEncoder().encode(text).length,
  };
}

function blocksText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.flatMap((b: unknown) => (isObj(b) && typeof b['text'] === 'string' ? [b['text']] : [])).join('\n');
}

/** `image/png 1369x880, 443 KB`; `document application/pdf "Q3 report", 3 pages, 1.2 MB`; an image by URL, its URL. */
export function mediaLabel(m: MediaInfo): string {
  const head =
    m.kind === 'image'
      ? `${m.mediaType ?? 'image'}${m.width !== undefined && m.height !== undefined ? ` ${m.width}x${m.height}` : ''}`
      : `document${m.mediaType ? ` ${m.mediaType}` : ''}${m.title ? ` "${m.title}"` : ''}`;
  const rest: string[] = [];
  if (m.pages !== undefined) rest.push(`${m.pages} page${m.pages === 1 ? '' : 's'}`);
  if (m.source === 'url') rest.push(m.url ?? 'by URL');
  else if (m.source === 'file') rest.push(`file ${m.fileId ?? '?'}`);
  else if (m.source === 'base64' && m.bytes === 0) rest.push('data left out');
  else if (m.bytes !== undefined) rest.push(formatBytes(m.bytes));
  return [head, ...rest].join(', ');
}

/** `[image/png 1369x880, 443 KB]`: a block as the CLI and one-line summaries print it, never its data. */
export const mediaTag = (m: MediaInfo): string => `[${mediaLabel(m)}]`;

/**
 * Text with its media, as one line shows them: `what is this? [image/png 512x512, 23 KB]`; `first` puts them before
 * the text (a line cut to a width keeps them).
 */
export function withMedia(
  text: string,
  media: readonly MediaInfo[] | undefined,
  where: 'last' | 'first' = 'last',
): string {
  if (!media || media.length === 0) return text;
  const tags = media.map(mediaTag).join(' ');
  if (!text) return tags;
  return where === 'first' ? `${tags} ${text}` : `${text} ${tags}`;
}

const STEP = /([A-Za-z_$][\w$]*)|\[(\d+)\]/g;

/** The value at `at` (`message.content[0].content[1]`) in a parsed line; undefined when the path does not resolve. */
export function valueAt(root: unknown, at: string): unknown {
  let v: unknown = root;
  for (const [, key, index] of at.matchAll(STEP)) {
    if (index !== undefined && Array.isArray(v)) v = v[Number(index)];
    else if (key !== undefined && isObj(v)) v = v[key];
    else return undefined;
  }
  return v;
}

export type MediaPayload =
  | { readonly ok: true; readonly mediaType: string; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly ok: false; readonly reason: string };

/**
 * The bytes of the image at `at` in a parsed line, checked again as at load: a PNG, JPEG, GIF or WebP whose bytes
 * are what the block declares, within the caps. Its media type is the one the bytes are (so a `blob:` URL made of it
 * can only be a picture).
 */
export function mediaPayload(root: unknown, at: string): MediaPayload {
  const b = valueAt(root, at);
  // A Read result's `file` object, or an image block.
  const data = isObj(b) ? (isObj(b['source']) ? str(b['source']['data']) : str(b['base64'])) : undefined;
  if (data === undefined) return { ok: false, reason: 'no inline image data at that place in the line' };
  const declared = isObj(b) ? (isObj(b['source']) ? str(b['source']['media_type']) : str(b['type'])) : undefined;
  const info = inline({ kind: 'image', at }, 'image', declared, data);
  if (!info.viewable) return { ok: false, reason: info.problem ?? 'not an image that can be shown' };
  const bytes = decodeBase64(data);
  const sniffed = bytes && sniffImage(bytes);
  if (!bytes || !sniffed) return { ok: false, reason: 'the data could not be decoded' };
  return { ok: true, mediaType: sniffed.mediaType, bytes: new Uint8Array(bytes) };
}
