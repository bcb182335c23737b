import { describe, expect, it } from 'vitest';
import { sdk } from '../trace/testing/builders';
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
