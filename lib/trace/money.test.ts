import { describe, expect, it } from 'vitest';
import { formatCost, formatUsd, unpricedNote } from './money';

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [0.0114, '$0.0114'],
    [0.011449, '$0.0114'],
    [0.00858, '$0.00858'],
    [0.0085800001, '$0.00858'],
    [0.169721, '$0.17'],
    [0.1, '$0.10'],
    [0.105, '$0.105'],
    [0.0015, '$0.0015'],
    [0.000_001_234, '$0.00000123'],
    [0.09996, '$0.10'],
    [0.9996, '$1.00'],
    [0.994, '$0.994'],
    [0.99949, '$0.999'],
    [1, '$1.00'],
    [6.213986, '$6.21'],
    [1234.567, '$1,234.57'],
    [-0.0114, '-$0.0114'],
    [-6.2, '-$6.20'],
    [Number.NaN, '$?'],
  ])('%s → %s', (usd, want) => {
    expect(formatUsd(usd)).toBe(want);
  });

  it('keeps at least three significant digits under a dollar', () => {
    // What is shown is within half a unit of the amount's third significant digit.
    for (let usd = 0.000_123; usd < 0.99; usd *= 1.37) {
      const shown = Number(formatUsd(usd).slice(1));
      const unit = 10 ** (Math.floor(Math.log10(usd)) - 2);
      expect(Math.abs(shown - usd), `${usd} shown as ${formatUsd(usd)}`).toBeLessThanOrEqual(unit / 2 + 1e-15);
    }
  });
});

describe('formatCost', () => {
  it('is the dollars when every call is priced, a lower bound when some are, unknown when none is', () => {
    expect(formatCost(1.5, [])).toBe('$1.50');
    expect(formatCost(0, [])).toBe('$0.00');
    expect(formatCost(1.5, ['claude-sonnet-5'])).toBe('≥ $1.50');
    expect(formatCost(0, ['claude-sonnet-5'])).toBe('—');
  });

  it('names the models without a price', () => {
    expect(unpricedNote(['claude-sonnet-5'])).toBe('no price for claude-sonnet-5: its calls are not in this cost');
    expect(unpricedNote(['a', 'b'])).toBe('no price for a, b: their calls are not in this cost');
  });
});
