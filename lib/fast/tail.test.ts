import { describe, expect, it } from 'vitest';
import { FileTail } from './tail';
import { TAIL_BYTES } from '../trace/session-summary';

const enc = new TextEncoder();
const dec = new TextDecoder();

/** Pushes `text` to a tail in ranges of whole lines at most `size` bytes long (a longer line is a range of its own). */
function tailOf(text: string, size: number): FileTail {
  const bytes = enc.encode(text);
  const tail = new FileTail();
  let from = 0;
  while (from < bytes.length) {
    let to = from;
    for (let nl = bytes.indexOf(0x0a, to); nl >= 0 && nl + 1 - from <= size; nl = bytes.indexOf(0x0a, to)) to = nl + 1;
    if (to === from) to = bytes.indexOf(0x0a, from) < 0 ? bytes.length : bytes.indexOf(0x0a, from) + 1;
    // Each range in a buffer of its own, at an offset, as a scanner's chunk holds it.
    const buf = new Uint8Array(to - from + 5);
    buf.set(bytes.subarray(from, to), 5);
    tail.keep(buf, 5, 5 + to - from, from - 5);
    from = to;
  }
  return tail;
}

describe('FileTail', () => {
  it('gives the lines that start in the window, whatever ranges they came in, blank ones left out', () => {
    const filler = `${'x'.repeat(TAIL_BYTES)}\n`;
    const text = `${filler}{"a":1}\n\n  \n{"b":2}\r\n{"c":3}`;
    const low = enc.encode(text).length - TAIL_BYTES;
    for (const size of [1, 9, 64, 1 << 20]) {
      const lines = tailOf(text, size).lines(low);
      expect(lines.map((l) => dec.decode(l.bytes))).toEqual(['{"a":1}', '{"b":2}\r', '{"c":3}']);
      expect(lines[0]?.offset).toBe(filler.length);
    }
  });

  it('leaves out a line that starts before the window, even when its end is in it', () => {
    const text = `${'y'.repeat(TAIL_BYTES + 100)}\n{"z":1}\n`;
    const lines = tailOf(text, 1 << 20).lines(enc.encode(text).length - TAIL_BYTES);
    expect(lines.map((l) => dec.decode(l.bytes))).toEqual(['{"z":1}']);
  });

  it('keeps its own copy of a Node Buffer, which the reader fills again with the next read', () => {
    const tail = new FileTail();
    const buf = Buffer.from('{"a":1}\n{"b":2}\n');
    tail.keep(buf, 0, buf.length, 0);
    // The next read lands in the same buffer (a reused read buffer).
    buf.fill(0x78);
    expect(tail.lines(0).map((l) => dec.decode(l.bytes))).toEqual(['{"a":1}', '{"b":2}']);
  });
});
