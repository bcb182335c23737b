import { describe, expect, it } from 'vitest';
import { warmUp } from './warm-up';

describe('warmUp', () => {
  it('reads every made line of both dialects as the dialect it is made in', async () => {
    // A line the adapters refused would warm the diagnostic path, not the one a real load takes.
    expect(await warmUp()).toEqual([
      { format: 'claude-code', parsed: 5, invalid: 0 },
      { format: 'sdk-stream', parsed: 11, invalid: 0 },
    ]);
  });
});
