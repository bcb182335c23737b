/**
 * Images and documents carried inline (base64) in the lines of a trace to share: counted for the Share dialog, and
 * left out on request. They are part of what the recipient rebuilds, so they are shared by default; leaving them
 * out empties each one's data in place (`"data":""`), so every line stays valid JSON, the block and its media type
 * stay where they were, and the recipient's viewer says the data was left out. Pure and isomorphic.
 */

import { base64Size } from '../trace/media-bytes';
import { forEachString, type StringSlot } from './json-strings';

export interface InlineMedia {
  readonly images: number;
  readonly imageBytes: number;
  readonly documents: number;
  readonly documentBytes: number;
}

export const NO_MEDIA: InlineMedia = { images: 0, imageBytes: 0, documents: 0, documentBytes: 0 };

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function at(root: unknown, pointer: string): unknown {
  let v = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(v)) v = v[Number(key)];
    else if (isObj(v)) v = v[key];
    else return undefined;
  }
  return v;
}

const parent = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf('/'));

/**
 * Whether a string value is the inline data of an image or a document: `source.data` of an `image`/`document` block
 * whose source is base64, or `file.base64` of a Read tool's image or PDF output.
 */
function mediaKind(root: unknown, slot: StringSlot): 'image' | 'document' | undefined {
  if (!slot.path || (slot.key !== 'data' && slot.key !== 'base64')) return undefined;
  const holder = at(root, parent(slot.path));
  const block = at(root, parent(parent(slot.path)));
  if (!isObj(holder) || !isObj(block)) return undefined;
  if (slot.key === 'data' && holder['type'] === 'base64' && (block['type'] === 'image' || block['type'] === 'document'))
    return block['type'];
  if (slot.key === 'base64' && (block['type'] === 'image' || block['type'] === 'pdf'))
    return block['type'] === 'image' ? 'image' : 'document';
  return undefined;
}

/** The inline media data of a line: each value's kind and raw place. Lines that cannot hold any are not parsed. */
function slotsOf(line: string): { kind: 'image' | 'document'; slot: StringSlot }[] {
  if (!line.includes('"base64"')) return [];
  let root: unknown;
  try {
    root = JSON.parse(line);
  } catch {
    return [];
  }
  const out: { kind: 'image' | 'document'; slot: StringSlot }[] = [];
  forEachString(line, false, (slot) => {
    const kind = mediaKind(root, slot);
    if (kind && slot.text !== '') out.push({ kind, slot });
  });
  return out;
}

/**
 * How many images and documents the lines carry inline, and their decoded size. The same data twice in one line (a
 * tool result and its `toolUseResult` copy) is one image.
 */
export function inlineMedia(lines: readonly string[]): InlineMedia {
  let images = 0;
  let imageBytes = 0;
  let documents = 0;
  let documentBytes = 0;
  for (const line of lines) {
    const seen = new Set<string>();
    for (const { kind, slot } of slotsOf(line)) {
      const t = slot.text;
      const id = `${t.length}:${t.slice(0, 64)}:${t.slice(-64)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (kind === 'image') {
        images += 1;
        imageBytes += base64Size(t);
      } else {
        documents += 1;
        documentBytes += base64Size(t);
      }
    }
  }
  return { images, imageBytes, documents, documentBytes };
}

/** The lines with every inline image's and document's data emptied in place; the rest of each line byte for byte. */
export function dropInlineMedia(lines: readonly string[]): string[] {
  return lines.map((line) => {
    const slots = slotsOf(line);
    if (slots.length === 0) return line;
    let out = '';
    let from = 0;
    for (const { slot } of slots) {
      out += line.slice(from, slot.rawStart);
      from = slot.rawEnd;
    }
    return out + line.slice(from);
  });
}

export function addMedia(a: InlineMedia, b: InlineMedia): InlineMedia {
  return {
    images: a.images + b.images,
    imageBytes: a.imageBytes + b.imageBytes,
    documents: a.documents + b.documents,
    documentBytes: a.documentBytes + b.documentBytes,
  };
}
