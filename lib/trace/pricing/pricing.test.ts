import { describe, expect, it } from 'vitest';
import { tokens } from '../testing/builders';
import { costOf, modelFamily, priceFor } from './pricing';

describe('modelFamily and priceFor', () => {
  it('finds the family of dated, Bedrock, Vertex and tagged ids', () => {
    expect(modelFamily('claude-sonnet-4-5-20250929')).toBe('claude-sonnet-4-5');
    expect(modelFamily('claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5');
    expect(modelFamily('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5');
    expect(modelFamily('claude-sonnet-4-5-20250929[1m]')).toBe('claude-sonnet-4-5');
  });

  it('prices the global and apac inference profiles and the API aliases as their model', () => {
    expect(modelFamily('global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe('claude-sonnet-4-5');
    expect(modelFamily('apac.anthropic.claude-sonnet-4-20250514-v1:0')).toBe('claude-sonnet-4');
    expect(modelFamily('us-gov.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe('claude-3-7-sonnet');
    expect(modelFamily('claude-3-7-sonnet-latest')).toBe('claude-3-7-sonnet');
    expect(modelFamily('claude-3-5-haiku-latest')).toBe('claude-3-5-haiku');
    expect(modelFamily('claude-sonnet-4-0')).toBe('claude-sonnet-4');
    expect(modelFamily('claude-opus-4-0')).toBe('claude-opus-4');
    // 1,000 input and 100 output tokens of Opus 4 at $15 / $75 per million: $0.0225.
    expect(costOf(tokens({ input: 1000, output: 100 }), 'claude-opus-4-0')).toMatchObject({
      usd: 0.0225,
      priced: true,
    });
  });

  it('leaves a model newer than the table unpriced, whatever its spelling', () => {
    expect(priceFor('claude-opus-5')).toBeUndefined();
    expect(priceFor('claude-opus-5-0')).toBeUndefined();
    expect(priceFor('claude-opus-5-latest')).toBeUndefined();
    expect(priceFor('global.anthropic.claude-opus-5-v1:0')).toBeUndefined();
    // A minor that is not 0 is its own model: claude-opus-4-9 is not claude-opus-4.
    expect(priceFor('claude-opus-4-9')).toBeUndefined();
    expect(costOf(tokens({ input: 1000 }), 'claude-opus-5')).toEqual({ usd: 0, priced: false, longContext: false });
  });
});
