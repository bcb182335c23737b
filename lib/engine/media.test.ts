// The worker's `media` answer: the checked bytes of an image, read again from its line, as the page asks for them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LoadSource } from './protocol';
import { blobInput, blobKeeper } from './blob';
import { handle, sessionHandlers } from './handlers';
import { TraceSession } from './session';
import { cc, jsonl, text } from '../trace/testing/builders';

import { SHOT as SHOT_FIGURES } from '../../test/fixtures/made/images/figures';

// The made MCP screenshot session (test/fixtures/made/images): its PNG's byte count is the one make.ts wrote.
const SHOT = readFileSync(SHOT_FIGURES.path);
const GIF_1X1 = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

const openFiles = (source: LoadSource) =>
  source.kind === 'files'
    ? Promise.all(source.files.map((f) => blobInput(f.path, f.file)))
    : Promise.reject(new Error(`not in this test: ${source.kind}`));

async function sessionOf(name: string, bytes: Uint8Array<ArrayBuffer>) {
  const session = new TraceSession({ keep: blobKeeper });
  const handlers = sessionHandlers(session, openFiles);
  await handle(handlers, 'load', { source: { kind: 'files', files: [{ path: name, file: new Blob([bytes]) }] } });
  return { session, handlers };
}

describe('media from the worker', () => {
  it("gives the screenshot's PNG bytes from the tool result and from its toolUseResult", async () => {
    const { session, handlers } = await sessionOf('shot.jsonl', new Uint8Array(SHOT));
    const seq = session.trace().events.findIndex((e) => e.kind === 'tool-result' && e.line === SHOT_FIGURES.lines[0]);
    for (const at of ['message.content[0].content[1]', 'toolUseResult[1]']) {
      const p = await handle(handlers, 'media', { seq, at });
      expect(p.ok).toBe(true);
      if (p.ok) expect([p.mediaType, p.bytes.length]).toEqual([SHOT_FIGURES.mediaType, SHOT_FIGURES.bytes]);
    }
    expect(await handle(handlers, 'media', { seq, at: 'message.content[0].content[0]' })).toEqual({
      ok: false,
      reason: 'no inline image data at that place in the line',
    });
    await expect(handle(handlers, 'media', { seq: 99, at: 'x' })).rejects.toThrow(/has no event 99/);
  });

  it('finds an image on another line of a model call merged by message id (the Message tab shows all its blocks)', async () => {
    const gif = { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: GIF_1X1 } };
    const text1 = cc.assistant('msg_1', [text('here is the chart')], { input: 1, output: 1 });
    const image2 = cc.assistant('msg_1', [gif], { input: 1, output: 2 });
    const bytes = new TextEncoder().encode(jsonl([cc.prompt('draw it'), text1, image2]));
    const { session, handlers } = await sessionOf('merged.jsonl', bytes);
    const first = session.trace().events.findIndex((e) => e.kind === 'assistant');
    const p = await handle(handlers, 'media', { seq: first, at: 'message.content[0]' });
    expect(p.ok && p.mediaType).toBe('image/gif');
  });
});
