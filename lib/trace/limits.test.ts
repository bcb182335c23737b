import { describe, expect, it } from 'vitest';
import { limitParams, limitsFromParams } from '../engine/limit-params';
import { inflateLimit, INFLATE_CEILING, parseByteSize } from './limits';

describe('load limits', () => {
  it('reads sizes as the CLI flags and the page URL give them', () => {
    expect(parseByteSize('64MB')).toBe(64 * 1024 ** 2);
    expect(parseByteSize('8G')).toBe(8 * 1024 ** 3);
    expect(parseByteSize('512 KiB')).toBe(512 * 1024);
    expect(parseByteSize('1.5k')).toBe(1536);
    expect(parseByteSize('1000')).toBe(1000);
    for (const bad of ['', '0', '-1MB', '12 parsecs', 'MB', '1e9']) expect(parseByteSize(bad), bad).toBeUndefined();
  });

  it('a gzip file inflates to min(8 GiB, 200x its size) unless a limit is set', () => {
    expect(inflateLimit({}, 1000)).toEqual({
      bytes: 200_000,
      rule: 'the limit is 200x its compressed size of 1000 bytes',
    });
    expect(inflateLimit({}, 1024 ** 3)).toEqual({ bytes: INFLATE_CEILING, rule: 'the limit is 8 GiB' });
    expect(inflateLimit({}, undefined).bytes).toBe(INFLATE_CEILING);
    expect(inflateLimit({ maxInflateBytes: 5 * 1024 ** 2 }, 1000)).toEqual({
      bytes: 5 * 1024 ** 2,
      rule: 'the inflate limit set is 5 MiB',
    });
  });

  it('the page URL sets them, and they go with the page to the viewer', () => {
    const params = new URLSearchParams('maxLineBytes=1MB&maxInflateBytes=nope&other=1');
    expect(limitsFromParams(params)).toEqual({ maxLineBytes: 1024 ** 2 });
    expect(limitParams(params)).toBe('&maxLineBytes=1MB&maxInflateBytes=nope');
    expect(limitParams(new URLSearchParams('x=1'))).toBe('');
  });
});
