import { describe, expect, it } from 'vitest';
import { encodeBundle, seal, toBase64Url, unpack, decodeBundle } from '../../lib/share/seal';
import { openShared, shareLinkOf, type SharedStep } from './sharedSide';

const BASE = 'https://loupe.example/compare';
const TEXT = '{"type":"user","message":{"role":"user","content":"hi"}}\n';

async function sealed(password?: string) {
  const plain = encodeBundle([{ path: 'run.jsonl', bytes: new TextEncoder().encode(TEXT) }]);
  return seal(plain, password ? { password, iterations: 100_000 } : {});
}

/** The trace a step opened, read back as the worker would. */
async function textOf(step: SharedStep): Promise<string> {
  if (step.kind !== 'open' || step.source.kind !== 'sealed' || !step.source.packed) throw new Error(step.kind);
  const files = decodeBundle(await unpack(step.source.packed));
  return new TextDecoder().decode(files[0]?.bytes);
}

describe('shareLinkOf', () => {
  it('reads a stored link, with burn after reading when the link says b=1', () => {
    expect(shareLinkOf('https://loupe.example/t/AbC_d-1#k=key1', BASE)).toEqual({
      kind: 'stored',
      id: 'AbC_d-1',
      key: 'key1',
      burn: false,
    });
    expect(shareLinkOf(' /t/AbC#k=key1&b=1&sel=3 ', BASE)).toMatchObject({ kind: 'stored', burn: true });
  });

  it('reads a link that carries its trace', () => {
    expect(shareLinkOf('https://loupe.example/t#d=ZGF0YQ&k=key2&sel=4', BASE)).toEqual({
      kind: 'inline',
      data: 'ZGF0YQ',
      key: 'key2',
    });
  });

  it('refuses what names no trace or has no key', () => {
    expect(shareLinkOf('https://loupe.example/t/AbC', BASE)).toBeUndefined();
    expect(shareLinkOf('https://loupe.example/t#k=key', BASE)).toBeUndefined();
    expect(shareLinkOf('https://loupe.example/view?src=x#k=key', BASE)).toBeUndefined();
    expect(shareLinkOf('http://[bad', BASE)).toBeUndefined();
  });
});

describe('openShared, a link that carries its trace', () => {
  it('opens one sealed without a password with the key alone', async () => {
    const s = await sealed();
    expect(await textOf(await openShared({ kind: 'inline', data: toBase64Url(s.sealed), key: s.key }))).toBe(TEXT);
  });

  it('asks for the password, says a wrong one, and opens with the right one', async () => {
    const s = await sealed('right-Pass-1');
    const asked = await openShared({ kind: 'inline', data: toBase64Url(s.sealed), key: s.key });
    if (asked.kind !== 'password') throw new Error(asked.kind);
    expect(asked.error).toBeUndefined();
    const wrong = await asked.attempt('right-pass-1');
    if (wrong.kind !== 'password') throw new Error(wrong.kind);
    expect(wrong.error).toBe('That password does not open this trace. Check it and try again (it is case-sensitive).');
    expect(await textOf(await wrong.attempt('right-Pass-1'))).toBe(TEXT);
  });

  it('says in words a damaged trace or a key that does not open it', async () => {
    const s = await sealed();
    expect(await openShared({ kind: 'inline', data: 'not base64url!', key: s.key })).toEqual({
      kind: 'error',
      message: 'The trace carried in this link is damaged (it is not base64url). Ask for the whole link.',
    });
    const other = await sealed();
    const step = await openShared({ kind: 'inline', data: toBase64Url(s.sealed), key: other.key });
    expect(step).toMatchObject({ kind: 'error', message: expect.stringContaining('does not open this trace') });
  });
});
