import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFiles } from '../trace/testing/load';
import type { ToolResultEvent } from '../trace/types';
import { dropInlineMedia, inlineMedia } from './media';
import { scanFiles, withoutMedia } from './sources';
import { sealFiles } from '../engine/share';
import { decodeBundle, unseal } from './seal';

import { PDF, PROMPT_IMAGE, SHOT as SHOT_FIGURES } from '../../test/fixtures/made/images/figures';

// The made sessions with images (test/fixtures/made/images): the figures are the ones its make.ts wrote.
const SHOT = readFileSync(SHOT_FIGURES.path, 'utf8');
const PROMPT = readFileSync(PROMPT_IMAGE.path, 'utf8');
const DOCS = readFileSync(PDF.path, 'utf8');

describe('inline media in a trace to share', () => {
  it('counts the screenshot once (its toolUseResult copy is the same image) and the prompt image twice (two lines)', () => {
    expect(inlineMedia(SHOT.split('\n'))).toEqual({
      images: 1,
      imageBytes: SHOT_FIGURES.bytes,
      documents: 0,
      documentBytes: 0,
    });
    expect(inlineMedia(PROMPT.split('\n'))).toEqual({
      images: 2,
      imageBytes: 2 * PROMPT_IMAGE.bytes,
      documents: 0,
      documentBytes: 0,
    });
    expect(scanFiles([{ path: 'a.jsonl', text: SHOT }]).media.images).toBe(1);
  });
  it('counts a Read of a PDF and a document block; text that only mentions base64 is none', () => {
    const lines = [
      JSON.stringify({
        type: 'user',
        toolUseResult: { type: 'pdf', file: { base64: 'JVBERi0x', type: 'application/pdf' } },
      }),
      JSON.stringify({
        message: {
          content: [
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' } },
          ],
        },
      }),
      JSON.stringify({
        message: { content: [{ type: 'text', text: '{"type":"base64","data":"AAAA"}' }], data: 'AAAA' },
      }),
    ];
    expect(inlineMedia(lines)).toEqual({ images: 0, imageBytes: 0, documents: 2, documentBytes: 6 + 8 });
    // A prompt's base64 PDF is one; its text document carries no inline data to leave out.
    expect(inlineMedia(DOCS.split('\n'))).toEqual({ images: 0, imageBytes: 0, documents: 1, documentBytes: PDF.bytes });
  });
  it('leaving images out empties their data in place: the rest of the line is byte for byte the same', async () => {
    const lines = SHOT.split('\n');
    const at = SHOT_FIGURES.lines[0]! - 1;
    const out = dropInlineMedia(lines);
    expect(out.filter((_, i) => i !== at)).toEqual(lines.filter((_, i) => i !== at));
    // Both copies of the screenshot's base64 are emptied, nothing else.
    expect(out[at]!.length).toBe(lines[at]!.length - 2 * SHOT_FIGURES.base64Chars);
    expect(out[at]).not.toMatch(/iVBORw0KGgo/);
    expect(inlineMedia(out)).toEqual({ images: 0, imageBytes: 0, documents: 0, documentBytes: 0 });
    // The recipient's viewer: the same events and figures it can know, the picture said to be left out.
    const [file] = withoutMedia([{ path: 's.jsonl', text: SHOT }]);
    const { trace } = await loadFiles({ 's.jsonl': file!.text });
    const r = trace.events.find(
      (e): e is ToolResultEvent => e.kind === 'tool-result' && e.line === SHOT_FIGURES.lines[0],
    )!;
    expect(r.results[0]?.media?.[0]).toMatchObject({
      mediaType: 'image/png',
      bytes: 0,
      problem: expect.stringMatching(/left out/),
    });
    expect(r.results[0]?.media?.[0]?.viewable).toBeUndefined();
  });
  it('a sealed trace carries the images by default, and none when they are left out', async () => {
    const files = [{ path: 's.jsonl', text: SHOT }];
    const textOf = async (dropMedia: boolean): Promise<string> => {
      const s = await sealFiles(files, [], undefined, '', undefined, dropMedia);
      const [f] = decodeBundle(await unseal(s.sealed, s.key));
      return new TextDecoder().decode(f!.bytes);
    };
    expect(await textOf(false)).toBe(SHOT);
    const without = await textOf(true);
    expect(without).not.toMatch(/iVBORw0KGgo/);
    expect(without.split('\n')).toHaveLength(SHOT.split('\n').length);
  });
});
