import { describe, expect, it } from 'vitest';
import { lineClipper } from '../fast/clip';
import { DEFAULT_NORMALIZE } from '../trace/adapters/common';
import { warmUp } from './warm-up';

describe('warmUp', () => {
  it('reads every made line of both dialects as the dialect it is made in', async () => {
    // A line the adapters refused would warm the diagnostic path, not the one a real load takes.
    expect(await warmUp()).toEqual([
      { format: 'claude-code', parsed: 5, invalid: 0 },
      { format: 'sdk-stream', parsed: 11, invalid: 0 },
    ]);
  });

  it("warms the clip's path too: the long file read is cut, and read as the same lines", async () => {
    const clipper = lineClipper(DEFAULT_NORMALIZE.clamp);
    if (!clipper) throw new Error('no WebAssembly here');
    let cut = 0;
    const clip = (bytes: Uint8Array): string | undefined => {
      const text = clipper(bytes);
      if (text !== undefined) cut += 1;
      return text;
    };
    expect(await warmUp({ clip })).toEqual(await warmUp());
    expect(cut).toBe(1);
  });
});
