import { describe, expect, it } from 'vitest';
import { PASSWORD_ITERATIONS, needsPassword, readPasswordHeader } from './password';
import { PasswordNeededError, SealError, WrongPasswordError, fromBase64Url, seal, unseal } from './seal';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const plain = enc(`${'{"type":"user","message":{"content":"MARKER-91c2 private work"}}\n'.repeat(50)}`);
// Fewer iterations than the default keep these tests quick; one test seals at the default.
const FAST = { iterations: 100_000 };

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(hay).includes(Buffer.from(needle));
}

describe('a password on a share link', () => {
  it('seals at 600,000 PBKDF2 iterations by default, with a fresh salt each time', async () => {
    const a = await seal(plain, { password: 'correct horse' });
    const b = await seal(plain, { password: 'correct horse' });
    const ha = readPasswordHeader(a.sealed);
    expect(ha?.iterations).toBe(PASSWORD_ITERATIONS);
    expect(PASSWORD_ITERATIONS).toBe(600_000);
    expect(Buffer.from(ha?.salt ?? []).equals(Buffer.from(readPasswordHeader(b.sealed)?.salt ?? []))).toBe(false);
    expect(dec(await unseal(a.sealed, a.key, Infinity, 'correct horse'))).toBe(dec(plain));
  });

  it('the link alone does not open it: no password, a wrong one, or another case each say so in words', async () => {
    const { sealed, key } = await seal(plain, { password: 'Tr0ub4dor&3', ...FAST });
    expect(needsPassword(sealed)).toBe(true);
    await expect(unseal(sealed, key)).rejects.toBeInstanceOf(PasswordNeededError);
    await expect(unseal(sealed, key, Infinity, 'tr0ub4dor&3')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(unseal(sealed, key, Infinity, 'wrong')).rejects.toThrow('That password does not open this trace');
    expect(dec(await unseal(sealed, key, Infinity, 'Tr0ub4dor&3'))).toBe(dec(plain));
  });

  it('the password alone does not open it either: another link key with the right password fails', async () => {
    const { sealed } = await seal(plain, { password: 'pw', ...FAST });
    const other = (await seal(plain)).key;
    await expect(unseal(sealed, other, Infinity, 'pw')).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it('the stored bytes hold neither the password, the link key, nor the plaintext', async () => {
    const password = 'a rather long passphrase nobody guesses';
    const { sealed, key } = await seal(plain, { password, ...FAST });
    expect(contains(sealed, enc(password))).toBe(false);
    expect(contains(sealed, fromBase64Url(key))).toBe(false);
    expect(contains(sealed, enc(key))).toBe(false);
    expect(contains(sealed, enc('MARKER-91c2'))).toBe(false);
  });

  it('a changed header (fewer iterations, another salt) is caught, and an absurd iteration count is refused', async () => {
    const { sealed, key } = await seal(plain, { password: 'pw', ...FAST });
    const salted = sealed.slice();
    salted[15] = (salted[15] ?? 0) ^ 1;
    await expect(unseal(salted, key, Infinity, 'pw')).rejects.toBeInstanceOf(WrongPasswordError);
    const huge = sealed.slice();
    new DataView(huge.buffer).setUint32(8, 4_000_000_000, false);
    await expect(unseal(huge, key, Infinity, 'pw')).rejects.toThrow(SealError);
    await expect(unseal(huge, key, Infinity, 'pw')).rejects.toThrow('altered');
  });

  it('equal passwords in different Unicode forms open it (NFC)', async () => {
    const { sealed, key } = await seal(plain, { password: 'caf\u00e9', ...FAST });
    expect(dec(await unseal(sealed, key, Infinity, 'cafe\u0301'))).toBe(dec(plain));
  });

  it('without a password the format is unchanged: IV first, no header', async () => {
    const { sealed, key } = await seal(plain);
    expect(needsPassword(sealed)).toBe(false);
    expect(dec(await unseal(sealed, key))).toBe(dec(plain));
    // A password given for a trace sealed without one is not needed, and does not matter.
    expect(dec(await unseal(sealed, key, Infinity, 'anything'))).toBe(dec(plain));
  });
});
