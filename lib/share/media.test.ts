import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFiles } from '../trace/testing/load';
import type { ToolResultEvent } from '../trace/types';
import { dropInlineMedia, inlineMedia } from './media';
import { scanFiles, withoutMedia } from './sources';
import { sealFiles } from '../engine/share';
import { decodeBundle, unseal } from './seal';

const WILD = path.resolve(import.meta.dirname, '../../test/fixtures/wild/images');
const SHOT = readFileSync(path.join(WILD, 'images-in-tool-results.jsonl'), 'utf8');
const PROMPT = readFileSync(path.join(WILD, 'images-in-user-messages.jsonl'), 'utf8');

describe('inline media in a trace to share', () => {
  it('counts the screenshot once (its toolUseResult copy is the same image) and the prompt image twice (two lines)', () => {
    expect(inlineMedia(SHOT.split('\n'))).toEqual({ images: 1, imageBytes: 453_131, documents: 0, documentBytes: 0 });
    expect(inlineMedia(PROMPT.split('\n'))).toEqual({ images: 2, imageBytes: 2 * 24_021, documents: 0, documentBytes: 0 });
    expect(scanFiles([{ path: 'a.jsonl', text: SHOT }]).media.images).toBe(1);
  });
  it('counts a Read of a PDF and a document block; text that only mentions base64 is none', () => {
    const lines = [
      JSON.stringify({ type: 'user', toolUseResult: { type: 'pdf', file: { base64: 'JVBERi0x', type: 'application/pdf' } } }),
      JSON.stringify({ message: { content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' } }] } }),
      JSON.stringify({ message: { content: [{ type: 'text', text: '{"type":"base64","data":"AAAA"}' }], data: 'AAAA' } }),
    ];
    expect(inlineMedia(lines)).toEqual({ images: 0, imageBytes: 0, documents: 2, documentBytes: 6 + 8 });
  });
  it('leaving images out empties their data in place: the rest of the line is byte for byte the same', async () => {
    const [a, b, c, d] = SHOT.split('\n');
    const out = dropInlineMedia([a!, b!, c!, d!]);
    expect(out.slice(0, 3)).toEqual([a, b, c]);
    expect(out[3]!.length).toBe(d!.length - 2 * 604_176);
    expect(out[3]).not.toMatch(/iVBORw0KGgo/);
    expect(inlineMedia(out)).toEqual({ images: 0, imageBytes: 0, documents: 0, documentBytes: 0 });
    // The recipient's viewer: the same events and figures it can know, the picture said to be left out.
    const [file] = withoutMedia([{ path: 's.jsonl', text: SHOT }]);
    const { trace } = await loadFiles({ 's.jsonl': file!.text });
    const r = trace.events.find((e): e is ToolResultEvent => e.kind === 'tool-result')!;
    expect(r.results[0]?.media?.[0]).toMatchObject({ mediaType: 'image/png', bytes: 0, problem: expect.stringMatching(/left out/) });
    expect(r.results[0]?.media?.[0]?.viewable).toBeUndefined();
  });
  it('a sealed trace carries the images by default, and none when they are left out', async () => {
    const files = [{ path: 's.jsonl', text: SHOT }];
    const textOf = async (dropMedia: boolean): Promise<string> => {
      const s = await sealFiles(files, [], undefined, '', dropMedia);
      const [f] = decodeBundle(await unseal(s.sealed, s.key));
      return new TextDecoder().decode(f!.bytes);
    };
    expect(await textOf(false)).toBe(SHOT);
    const without = await textOf(true);
    expect(without).not.toMatch(/iVBORw0KGgo/);
    expect(without.split('\n')).toHaveLength(SHOT.split('\n').length);
  });
});
