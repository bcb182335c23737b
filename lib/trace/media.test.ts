import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonl, sdk, text } from './testing/builders';
import { loadFiles } from './testing/load';
import { summarize } from './describe';
import { mediaFrom, mediaLabel, mediaPayload, mediaTag, readFileMedia } from './media';
import type { ToolResultEvent, UserEvent } from './types';

import { PDF, PROMPT_IMAGE, SHOT, TEXT_DOCUMENT } from '../../test/fixtures/made/images/figures';

// The made image fixtures (test/fixtures/made/images, written by its make.ts in the shape of public Claude Code
// recordings with images); each figure expected here is one the generator wrote.
const made = (f: { readonly path: string }): string => readFileSync(f.path, 'utf8');

// A 2x1 PNG (real bytes, made with a PNG encoder) and a 1x1 GIF.
const PNG_2X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwH4QZYAwAU8ID/XsNk5UAAAAASUVORK5CYII=';
const GIF_1X1 = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const image = (mediaType: string, data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
});

describe('mediaFrom', () => {
  it('an inline PNG: type, size and dimensions, viewable', () => {
    const m = mediaFrom(image('image/png', PNG_2X1), 'message.content[0]', 100);
    expect(m).toMatchObject({
      kind: 'image',
      mediaType: 'image/png',
      source: 'base64',
      width: 2,
      height: 1,
      viewable: true,
    });
    expect(m?.bytes).toBe(atob(PNG_2X1).length);
    expect(mediaTag(m!)).toBe(`[image/png 2x1, ${atob(PNG_2X1).length} B]`);
  });
  it('SVG is never viewable, whatever its bytes', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const m = mediaFrom(image('image/svg+xml', svg), 'x', 100);
    expect(m?.viewable).toBeUndefined();
    expect(m?.problem).toMatch(/SVG is markup/);
    // Declared as a PNG, the bytes are still SVG: not shown either.
    expect(mediaFrom(image('image/png', svg), 'x', 100)?.problem).toMatch(/not a PNG, JPEG, GIF or WebP/);
  });
  it('bytes of another type than declared are not shown', () => {
    expect(mediaFrom(image('image/png', GIF_1X1), 'x', 100)).toMatchObject({
      problem: 'declared image/png, but the bytes are image/gif',
    });
    expect(mediaFrom(image('image/gif', GIF_1X1), 'x', 100)).toMatchObject({ viewable: true, width: 1, height: 1 });
  });
  it('data that is not base64, or was left out', () => {
    expect(mediaFrom(image('image/png', 'not base64!'), 'x', 100)?.problem).toBe('the data is not base64');
    const gone = mediaFrom(image('image/png', ''), 'x', 100)!;
    expect(gone.problem).toMatch(/left out/);
    expect(mediaLabel(gone)).toBe('image/png, data left out');
  });
  it('an image by URL is described, never fetched', () => {
    const m = mediaFrom({ type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }, 'x', 100)!;
    expect(m).toMatchObject({ source: 'url', url: 'https://example.com/a.png' });
    expect(m.viewable).toBeUndefined();
    expect(mediaTag(m)).toBe('[image, https://example.com/a.png]');
    // A data: URL is the data: named by its length, never kept.
    const data = `data:image/png;base64,${'A'.repeat(5000)}`;
    const d = mediaFrom({ type: 'image', source: { type: 'url', url: data } }, 'x', 100)!;
    expect(d.url).toBe('data:image/png;base64,… (a data: URL of 5022 characters)');
  });
  it('documents: a PDF with its pages, a text document with its text, by URL, from blocks', () => {
    const pdf = btoa('%PDF-1.4\n1 0 obj << /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >> endobj\n%%EOF');
    const m = mediaFrom(
      { type: 'document', title: 'Q3 report', source: { type: 'base64', media_type: 'application/pdf', data: pdf } },
      'x',
      100,
    )!;
    expect(mediaTag(m)).toBe(`[document application/pdf "Q3 report", 3 pages, ${atob(pdf).length} B]`);
    expect(m.viewable).toBeUndefined();
    const t = mediaFrom(
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello world' } },
      'x',
      5,
    )!;
    expect(t).toMatchObject({ source: 'text', text: 'hello', textLength: 11, bytes: 11 });
    expect(mediaFrom({ type: 'document', source: { type: 'url', url: 'https://x.org/a.pdf' } }, 'x', 5)).toMatchObject({
      source: 'url',
    });
    expect(
      mediaFrom({ type: 'document', source: { type: 'content', content: [text('a'), text('b')] } }, 'x', 50),
    ).toMatchObject({ text: 'a\nb' });
  });
  it("a Read tool's structured output for an image", () => {
    const m = readFileMedia(
      { type: 'image', file: { base64: PNG_2X1, type: 'image/png', originalSize: 70 } },
      'toolUseResult',
    );
    expect(m).toMatchObject({ kind: 'image', at: 'toolUseResult.file', width: 2, height: 1, viewable: true });
    const p = mediaPayload(
      { toolUseResult: { type: 'image', file: { base64: PNG_2X1, type: 'image/png' } } },
      'toolUseResult.file',
    );
    expect(p.ok && p.mediaType).toBe('image/png');
  });
});

describe('mediaPayload', () => {
  it('gives the checked bytes of a block found again by its place in the line', () => {
    const line = { message: { content: [{ type: 'tool_result', content: [text('x'), image('image/png', PNG_2X1)] }] } };
    const p = mediaPayload(line, 'message.content[0].content[1]');
    expect(p.ok).toBe(true);
    if (p.ok) {
      expect(p.mediaType).toBe('image/png');
      expect([...p.bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    }
  });
  it('refuses what would not have been shown, and a place with no image', () => {
    const svg = { a: [image('image/svg+xml', btoa('<svg/>'))] };
    expect(mediaPayload(svg, 'a[0]')).toEqual({ ok: false, reason: 'SVG is markup: it is never shown as an image' });
    expect(mediaPayload(svg, 'a[1]').ok).toBe(false);
    expect(mediaPayload({ a: [image('image/png', GIF_1X1)] }, 'a[0]').ok).toBe(false);
  });
});

describe('the made screenshot session (Playwright MCP, Claude Code 2.1.11)', () => {
  it('the tool result holds the screenshot, and so does its side effect; no base64 is kept', async () => {
    const raw = made(SHOT);
    const { trace } = await loadFiles({ [SHOT.file]: raw });
    // Six lines, six events; nothing is lost.
    expect(trace.events.length + trace.diagnostics.filter((d) => d.consumesLine).length).toBe(6);
    const r = trace.events.find((e): e is ToolResultEvent => e.kind === 'tool-result' && e.line === SHOT.lines[0])!;
    const shot = {
      kind: 'image',
      mediaType: SHOT.mediaType,
      source: 'base64',
      bytes: SHOT.bytes,
      width: SHOT.width,
      height: SHOT.height,
      viewable: true,
    };
    expect(r.results[0]?.media).toEqual([{ ...shot, at: 'message.content[0].content[1]' }]);
    expect(r.sideEffect).toMatchObject({ type: 'media', media: [{ ...shot, at: 'toolUseResult[1]' }] });
    expect(r.sideEffect?.type === 'media' && r.sideEffect.text).toMatch(/^### Result/);
    // 181,201 bytes are 177 KB.
    expect(summarize(r)).toMatch(/^\[image\/png 1369x880, 177 KB\] ### Result/);
    expect(JSON.stringify(trace.events)).not.toMatch(/iVBORw0KGgo/);
    // The navigate call's result carries no media.
    const nav = trace.events.find((e): e is ToolResultEvent => e.kind === 'tool-result' && e.line === 3)!;
    expect(nav.results[0]?.media).toBeUndefined();
    // The data found again from the raw line is the PNG the generator wrote.
    const line = raw.split('\n')[r.line - 1]!;
    const p = mediaPayload(JSON.parse(line), 'toolUseResult[1]');
    expect(p.ok && p.bytes.length).toBe(SHOT.bytes);
  });
  it('a prompt with an attached image, and its resumed copy on a line of its own (Claude Code 2.1.22)', async () => {
    const { trace } = await loadFiles({ [PROMPT_IMAGE.file]: made(PROMPT_IMAGE) });
    const prompts = trace.events.filter((e): e is UserEvent => e.kind === 'user' && (e.media?.length ?? 0) > 0);
    expect(prompts.map((p) => p.line)).toEqual(PROMPT_IMAGE.lines);
    const icon = {
      kind: 'image',
      mediaType: 'image/png',
      source: 'base64',
      bytes: PROMPT_IMAGE.bytes,
      width: 512,
      height: 512,
      viewable: true,
    };
    expect(prompts[0]?.media).toEqual([{ ...icon, at: 'message.content[1]' }]);
    expect(prompts[1]?.media).toEqual([{ ...icon, at: 'message.content[0]' }]);
    // 5,203 bytes are 5 KB.
    expect(summarize(prompts[1]!)).toBe('[image/png 512x512, 5 KB]');
  });
  it("an SDK app's prompt with a PDF (its page tree's count) and a text document", async () => {
    const { trace } = await loadFiles({ [PDF.file]: made(PDF) });
    const u = trace.events.find((e): e is UserEvent => e.kind === 'user')!;
    expect(u.line).toBe(PDF.lines[0]);
    expect(u.media?.[0]).toMatchObject({
      kind: 'document',
      at: 'message.content[0]',
      mediaType: PDF.mediaType,
      source: 'base64',
      bytes: PDF.bytes,
      pages: PDF.pages,
      title: PDF.title,
    });
    expect(u.media?.[1]).toMatchObject({
      kind: 'document',
      at: 'message.content[1]',
      mediaType: TEXT_DOCUMENT.mediaType,
      source: 'text',
      bytes: TEXT_DOCUMENT.bytes,
      textLength: TEXT_DOCUMENT.bytes,
      title: TEXT_DOCUMENT.title,
    });
    expect(u.media?.[1]?.text).toMatch(/^Release 4\.2 notes\n- Checkout: saved cards/);
    expect(mediaTag(u.media![0]!)).toBe('[document application/pdf "Release 4.2 checklist", 2 pages, 885 B]');
    expect(mediaTag(u.media![1]!)).toBe('[document text/plain "release-notes.txt", 97 B]');
    expect(JSON.stringify(trace.events)).not.toMatch(/JVBERi0/);
  });
});

it('an SDK stream: a prompt with a document, a tool result with an image in tool_use_result', async () => {
  const pdf = btoa('%PDF-1.4 << /Type /Page >> << /Type /Page >>');
  const { trace } = await loadFiles({
    's.jsonl': jsonl([
      sdk.init(),
      {
        type: 'user',
        message: {
          role: 'user',
          content: [
            text('summarize'),
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: pdf } },
          ],
        },
        parent_tool_use_id: null,
        session_id: 'sess-1',
      },
      sdk.assistant('m1', [{ type: 'tool_use', id: 't1', name: 'mcp__shot', input: {} }], { input: 1, output: 1 }),
      sdk.toolResult('t1', 'ok', { toolUseResult: [text('ok'), image('image/gif', GIF_1X1)] }),
    ]),
  });
  const u = trace.events.find((e): e is UserEvent => e.kind === 'user');
  expect(u?.media?.[0]).toMatchObject({ kind: 'document', pages: 2, at: 'message.content[1]' });
  expect(summarize(u!)).toBe(`[document application/pdf, 2 pages, ${atob(pdf).length} B] summarize`);
  const r = trace.events.find((e): e is ToolResultEvent => e.kind === 'tool-result');
  expect(r?.sideEffect).toMatchObject({
    type: 'media',
    text: 'ok',
    media: [{ at: 'tool_use_result[1]', width: 1, height: 1 }],
  });
});

it('an image in a prompt typed while the agent worked (a queued_command attachment)', async () => {
  const { trace } = await loadFiles({
    's.jsonl': jsonl([
      {
        type: 'attachment',
        sessionId: 's1',
        uuid: 'q1',
        timestamp: '2026-01-01T00:00:00.000Z',
        attachment: { type: 'queued_command', prompt: [text('and this one'), image('image/gif', GIF_1X1)] },
      },
    ]),
  });
  const q = trace.events.find((e): e is UserEvent => e.kind === 'user' && e.role === 'queued');
  expect(q?.media).toEqual([
    {
      kind: 'image',
      at: 'attachment.prompt[1]',
      mediaType: 'image/gif',
      source: 'base64',
      bytes: atob(GIF_1X1).length,
      width: 1,
      height: 1,
      viewable: true,
    },
  ]);
});
