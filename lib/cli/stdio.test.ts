import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fdWriter } from './stdio';

/** A stream that keeps what it is given. */
function keeper(): { stream: Writable; text: () => string } {
  const parts: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      parts.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(parts).toString('utf8') };
}

describe('fdWriter', () => {
  it('writes whole texts to the descriptor, in order, without making the stream', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-stdio-')), 'out.txt');
    const fd = openSync(file, 'w');
    let made = 0;
    const write = fdWriter(fd, () => {
      made += 1;
      return keeper().stream;
    });
    const big = `${'é'.repeat(300_000)}\n`;
    write('{"a":1}\n');
    write(big);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(`{"a":1}\n${big}`);
    expect(made).toBe(0);
  });

  it('hands the text a write failed on, and all later text, to the stream', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-stdio-')), 'out.txt');
    const fd = openSync(file, 'w');
    closeSync(fd);
    const kept = keeper();
    const write = fdWriter(fd, () => kept.stream);
    write('one\n');
    write('two\n');
    expect(kept.text()).toBe('one\ntwo\n');
  });
});
