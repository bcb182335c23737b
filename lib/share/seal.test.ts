import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SealError, decodeBundle, encodeBundle, fromBase64Url, seal, toBase64Url, unseal } from './seal';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('bundle', () => {
  it('round-trips several files, paths and bytes exactly (empty files, CRLF, non-ASCII)', () => {
    const files = [
      { path: 'proj/main.jsonl', bytes: enc('{"type":"user"}\r\n{"a":"→ ü"}\n') },
      { path: 'proj/subagents/agent-1.jsonl', bytes: enc('') },
      { path: 'proj/subagents/agent-1.meta.json', bytes: enc('{"agentType":"Explore"}') },
    ];
    const back = decodeBundle(encodeBundle(files));
    expect(back.map((f) => f.path)).toEqual(files.map((f) => f.path));
    expect(back.map((f) => dec(f.bytes))).toEqual(files.map((f) => dec(f.bytes)));
  });

  it('refuses bytes that are not a bundle, or shorter than the header says', () => {
    expect(() => decodeBundle(enc('{"type":"user"}\n'))).toThrow(SealError);
    expect(() => decodeBundle(enc('no newline'))).toThrow(SealError);
    const whole = encodeBundle([{ path: 'a.jsonl', bytes: enc('0123456789') }]);
    expect(() => decodeBundle(whole.subarray(0, whole.length - 1))).toThrow('it was cut off');
  });
});

describe('base64url', () => {
  it('round-trips every byte value with no padding or URL-unsafe characters', () => {
    const bytes = Uint8Array.from({ length: 256 * 3 + 1 }, (_, i) => i % 256);
    const s = toBase64Url(bytes);
    expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    expect([...fromBase64Url(s)]).toEqual([...bytes]);
  });
});

describe('seal / unseal', () => {
  const plain = enc(`${'{"type":"assistant","message":{"content":"MARKER-7f3a hello"}}\n'.repeat(200)}`);

  it('round-trips, with a fresh 256-bit key and IV each time, and the plaintext nowhere in the sealed bytes', async () => {
    const a = await seal(plain);
    const b = await seal(plain);
    expect(fromBase64Url(a.key)).toHaveLength(32);
    expect(a.key).not.toBe(b.key);
    expect(toBase64Url(a.sealed.subarray(0, 12))).not.toBe(toBase64Url(b.sealed.subarray(0, 12)));
    expect(dec(await unseal(a.sealed, a.key))).toBe(dec(plain));
    // Compressed before encryption: the repetitive JSONL shrinks.
    expect(a.sealed.length).toBeLessThan(plain.length / 10);
    expect(Buffer.from(a.sealed).includes(Buffer.from('MARKER-7f3a'))).toBe(false);
    // Encrypted, not only compressed: past the IV the bytes are not gzip, and nothing inflates them.
    expect([...a.sealed.subarray(12, 14)]).not.toEqual([0x1f, 0x8b]);
    expect(() => gunzipSync(a.sealed.subarray(12))).toThrow();
  });

  it('refuses to unpack more than the limit it is given (a hostile link cannot exhaust the tab)', async () => {
    const big = await seal(new Uint8Array(5_000_000));
    await expect(unseal(big.sealed, big.key, 1_000_000)).rejects.toThrow('more than');
    expect((await unseal(big.sealed, big.key, 5_000_000)).length).toBe(5_000_000);
  });

  it('says why it cannot open: another key, a cut key, altered bytes, too short', async () => {
    const a = await seal(plain);
    const b = await seal(plain);
    await expect(unseal(a.sealed, b.key)).rejects.toThrow('does not open this trace');
    await expect(unseal(a.sealed, a.key.slice(0, 20))).rejects.toThrow('not a valid key');
    const altered = a.sealed.slice();
    altered[altered.length - 20] = (altered[altered.length - 20] ?? 0) ^ 1;
    await expect(unseal(altered, a.key)).rejects.toThrow('does not open this trace');
    await expect(unseal(a.sealed.slice(0, 20), a.key)).rejects.toThrow('too short');
  });
});
