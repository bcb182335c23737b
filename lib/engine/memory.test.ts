import { describe, expect, it } from 'vitest';
import { bytesText } from '../trace/sizes';
import { blobInput, blobKeeper, FIRST_SLICE } from './blob';
import { loadTrace } from './load';
import { HEAP_SHARE, HeapGuard, heapBudget, heapEstimate } from './memory';
import { TraceSession } from './session';
import { SHARE_MAX_BYTES, shareRefusal } from './share';

const enc = new TextEncoder();
const line = (i: number): string =>
  JSON.stringify({
    type: 'user',
    uuid: `u${i}`,
    sessionId: 's1',
    message: { role: 'user', content: `line ${i} ${'x'.repeat(900)}` },
  });
/** A transcript of `n` user lines of about 1 KB each, and each line's end (its byte offset past the newline). */
function transcript(n: number): { text: string; ends: number[] } {
  const ends: number[] = [];
  let text = '';
  for (let i = 0; i < n; i++) {
    text += `${line(i)}\n`;
    ends.push(text.length);
  }
  return { text, ends };
}

describe('heap budget', () => {
  it('is the one set, else a share of the tab, else none (the CLI)', () => {
    expect(heapBudget({ maxHeapBytes: 64 * 1024 ** 2, tabHeapBytes: 4 * 1024 ** 3 })).toEqual({
      bytes: 64 * 1024 ** 2,
      rule: 'the memory limit set is 64 MiB',
    });
    expect(heapBudget({ tabHeapBytes: 4 * 1024 ** 3 })).toEqual({
      bytes: 4 * 1024 ** 3 * HEAP_SHARE,
      rule: 'a trace may fill about 2 GiB of its 4 GiB',
    });
    expect(heapBudget({})).toBeUndefined();
    expect(heapBudget({ maxLineBytes: 10 })).toBeUndefined();
  });

  it('admits chunks while the estimate fits, then gives the line under way its end and no more', () => {
    const guard = new HeapGuard({ bytes: heapEstimate(1000, 10, 0), rule: 'test' });
    const a = enc.encode(`${'a'.repeat(99)}\n`.repeat(5) + 'b'.repeat(50));
    // 550 bytes, 5 events so far: fits.
    expect(guard.admit(a, 0, 0)).toBe(a);
    // 550 more at 5 events per 550 bytes would pass 1000 bytes and 10 events' estimate: the line under way ends.
    const b = enc.encode(`${'c'.repeat(49)}\n${'d'.repeat(500)}`);
    expect(new TextDecoder().decode(guard.admit(b, a.length, 5))).toBe(`${'c'.repeat(49)}\n`);
    expect(guard.stopped).toBe(true);
    expect(guard.wantsMore).toBe(false);
    expect(guard.admit(enc.encode('more\n'), 600, 6).length).toBe(0);
  });

  it('counts the text the events keep: long prompts fill the budget that their bytes and events alone would not', async () => {
    const prompt = (i: number, size: number): string =>
      JSON.stringify({
        type: 'user',
        uuid: `u${i}`,
        sessionId: 's1',
        message: { role: 'user', content: 'p'.repeat(size) },
      });
    const lines = (size: number): string =>
      Array.from({ length: Math.ceil((8 * 1024 ** 2) / size) }, (_, i) => `${prompt(i, size)}\n`).join('');
    const read = async (text: string): Promise<number> => {
      const session = new TraceSession({ keep: blobKeeper });
      await session.load([await blobInput('t.jsonl', new Blob([text]))], { limits: { maxHeapBytes: 6 * 1024 ** 2 } });
      return session.trace().sources[0]?.bytes ?? 0;
    };
    // 8 MiB of 10 KB prompts keep 8 Mi characters, past 6 MiB; by their bytes and events alone (1.5 MiB) they fit.
    const long = lines(10_000);
    expect(await read(long)).toBeLessThan(long.length);
    const guard = new HeapGuard({ bytes: 1024 ** 3, rule: 'test' }, () => 1024 ** 2);
    expect(guard.holds(16 * 1024 ** 2, 0)).toBeLessThan(
      new HeapGuard({ bytes: 1024 ** 3, rule: 'test' }).holds(16 * 1024 ** 2, 0) ?? 0,
    );
  });

  it('tells, once 16 MiB are read, about how many bytes the budget holds at the events per byte so far', () => {
    const guard = new HeapGuard({ bytes: 1024 ** 3, rule: 'test' });
    expect(guard.holds(1024 ** 2, 1024)).toBeUndefined();
    const holds = guard.holds(16 * 1024 ** 2, 16 * 1024) ?? 0;
    // At that rate, what it holds fills the budget.
    expect(heapEstimate(holds, holds / 1024, 0)).toBeCloseTo(1024 ** 3, -3);
  });
});

describe('a load past its heap budget', () => {
  it('stops at a line end, keeps what it read, and says what it left out in words', async () => {
    const { text, ends } = transcript(6000);
    const session = new TraceSession({ keep: blobKeeper });
    const blob = new Blob([text]);
    const other = new Blob([`${line(9999)}\n`]);
    // The estimate of the first slice (64 KiB) fits in 256 KiB; with the next (128 KiB) it does not.
    await session.load([await blobInput('big.jsonl', blob), await blobInput('next.jsonl', other)], {
      limits: { maxHeapBytes: 256 * 1024 },
    });
    const trace = session.trace();
    // Every line that ends in the first slice, and the one it cut: no line is cut off.
    const whole = ends.findIndex((e) => e > FIRST_SLICE) + 1;
    expect(trace.events.length).toBe(whole);
    expect(trace.sources[0]?.lines.total).toBe(whole);
    const said = trace.diagnostics.filter((d) => d.code === 'memory-limit').map((d) => d.message);
    expect(said).toEqual([
      `big.jsonl: reading stopped after ${bytesText(ends[whole - 1] ?? 0)} of ${bytesText(text.length)}, because more would not fit in this tab's memory (the memory limit set is 256 KiB); the rest of the file is not loaded: run \`npx loupe stats\` on it for the whole file`,
      "next.jsonl: not loaded, because more would not fit in this tab's memory (the memory limit set is 256 KiB); run `npx loupe stats` on it for the whole file",
    ]);
    expect(trace.diagnostics.filter((d) => d.consumesLine)).toEqual([]);
    // What was read works as any load: the last line read is there in full.
    expect(trace.events.at(-1)?.kind).toBe('user');
    expect((await session.raw(whole - 1))?.text).toBe(line(whole - 1));
    // A link carries whole files: one read in part is not shared, in words.
    await expect(session.shareScan(undefined)).rejects.toThrow(
      "big.jsonl was not loaded whole (more would not fit in this tab's memory), so this trace cannot be shared",
    );
  });

  it('shares no more text than one string can hold', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    await session.load([await blobInput('a.jsonl', new Blob([`${line(1)}\n`]))]);
    const trace = session.trace();
    expect(shareRefusal(trace)).toBeUndefined();
    const source = trace.sources[0];
    if (source) source.bytes = SHARE_MAX_BYTES + 10 * 1024 ** 2;
    expect(shareRefusal(trace)).toBe(
      'This trace is 510 MiB of text: more than a share can read in a browser tab (500 MiB). Share a smaller part of it.',
    );
  });

  it('reads everything when no budget is given (the CLI) or the budget holds it', async () => {
    const { text } = transcript(6000);
    expect((await loadTrace([await blobInput('big.jsonl', new Blob([text]))])).events.length).toBe(6000);
    const session = new TraceSession({ keep: blobKeeper });
    await session.load([await blobInput('big.jsonl', new Blob([text]))], { limits: { tabHeapBytes: 4 * 1024 ** 3 } });
    expect(session.trace().events.length).toBe(6000);
    expect(session.trace().diagnostics.filter((d) => d.code === 'memory-limit')).toEqual([]);
  });
});
