import { describe, expect, it } from 'vitest';
import { maybeGunzip } from './gunzip';
import { readLines } from './lines';

const enc = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

describe('maybeGunzip', () => {
  it('decompresses gzip by magic number and passes other bytes through', async () => {
    const plain = enc('{"a":1}\n{"b":2}\n');
    const gz = new Uint8Array(
      await new Response(new Blob([plain]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
    );
    const collect = async (chunks: Uint8Array[]): Promise<string> => {
      const parts: string[] = [];
      for await (const l of readLines(maybeGunzip(chunks))) parts.push(l.text);
      return parts.join('|');
    };
    expect(await collect(chunked(gz, 5))).toBe('{"a":1}|{"b":2}');
    expect(await collect([plain])).toBe('{"a":1}|{"b":2}');
  });

  it('stops at the inflate limit, and says a damaged stream ended instead of throwing', async () => {
    const plain = enc('\n'.repeat(100_000));
    const gz = new Uint8Array(
      await new Response(new Blob([plain]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
    );
    let limit = -1;
    let total = 0;
    for await (const c of maybeGunzip([gz], { maxInflateBytes: 1000, onLimit: (n) => (limit = n) })) total += c.length;
    expect([total, limit]).toEqual([1000, 1000]);
    let damage = '';
    total = 0;
    for await (const c of maybeGunzip([gz.subarray(0, gz.length - 12)], { onError: (m) => (damage = m) }))
      total += c.length;
    expect(damage).not.toBe('');
    expect(total).toBeLessThanOrEqual(100_000);
  });
});
