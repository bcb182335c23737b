import { describe, expect, it } from 'vitest';
import { sdk, text } from '../trace/testing/builders';
import { recordText } from './reread';
import { TraceSession } from './session';
import { memorySource } from './source';

describe('the Raw text of a record inside a JSON document', () => {
  it('is that record, not the whole document', async () => {
    const init = sdk.init();
    const result = sdk.result();
    const doc = JSON.stringify(
      {
        prompt: 'do it',
        messages: [
          { message: init, index: 0 },
          { message: result, index: 1 },
        ],
      },
      null,
      2,
    );
    const session = new TraceSession();
    await session.load([memorySource('rec.json', new TextEncoder().encode(doc))]);
    const seq = session.trace().events.findIndex((e) => e.kind === 'result');
    const raw = await session.raw(seq);
    expect(raw?.path).toBe('messages[1].message');
    expect(JSON.parse(raw?.text ?? '')).toEqual(result);
    // The document's own record (the recording header) has nothing narrower to show: the document.
    expect((await session.raw(0))?.text).toBe(doc);
  });

  it('resolves array and key paths, and gives up on a path the document does not have', () => {
    const doc = JSON.stringify([{ a: [1, { b: 'x' }] }]);
    expect(recordText(doc, '[0].a[1]')).toBe('{"b":"x"}');
    expect(recordText(doc, '[0].a[1].b')).toBe('"x"');
    expect(recordText(doc, '[3]')).toBeUndefined();
    expect(recordText(doc, '[0].c')).toBeUndefined();
    expect(recordText('not json', '[0]')).toBeUndefined();
  });
});

describe('"Show all" on a record inside a JSON document', () => {
  it('re-reads that record and normalizes it without clamping, keeping its path and recorded time', async () => {
    const long = 'x'.repeat(300);
    const doc = JSON.stringify({
      prompt: `do ${long}`,
      metadata: { recordedAt: '2026-01-22T01:35:13.692Z' },
      messages: [
        { message: sdk.init(), index: 0, relativeTimestamp: 0 },
        { message: sdk.assistant('msg_1', [text(long)], { output: 5 }), index: 1, relativeTimestamp: 1500 },
      ],
    });
    const session = new TraceSession({ normalize: { clamp: 100 } });
    await session.load([memorySource('rec.json', new TextEncoder().encode(doc))]);
    const seq = session.trace().events.findIndex((e) => e.kind === 'assistant');
    const short = await session.details(seq, false);
    const all = await session.details(seq, true);
    const textOf = (e: unknown) => JSON.stringify(e);
    expect(textOf(short?.event)).not.toContain(long);
    expect(textOf(all?.event)).toContain(long);
    expect(all?.event.path).toBe('messages[1].message');
    expect(all?.event.time).toBe(short?.event.time);
    // The recording's own record (its prompt) is shown in full too.
    const header = await session.details(0, true);
    expect(header?.event.kind === 'meta' && header.event.text).toBe(`do ${long}`);
  });
});
