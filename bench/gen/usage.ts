import { MAIN_MODEL, SMALL_MODEL } from './common';
import { Rng } from './rng';

// Tokens, usage and cost of the fake API calls.

export interface UsageCounts {
  input: number;
  cacheCreate: number;
  cacheRead: number;
  output: number;
}

export interface ModelTotals {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  costUSD: number;
}

/** $/MTok: input, output, cache write (5m / 1h), cache read. */
const PRICES: Record<string, readonly [number, number, number, number, number]> = {
  [MAIN_MODEL]: [5, 25, 6.25, 10, 0.5],
  [SMALL_MODEL]: [1, 5, 1.25, 2, 0.1],
};

export function costOf(model: string, u: UsageCounts, oneHourCache: boolean): number {
  const p = PRICES[model] ?? [3, 15, 3.75, 6, 0.3];
  const write = oneHourCache ? p[3] : p[2];
  return (u.input * p[0] + u.output * p[1] + u.cacheCreate * write + u.cacheRead * p[4]) / 1e6;
}

export const tokensOf = (chars: number): number => Math.ceil(chars / 3.7);

/** Prompt-cache bookkeeping for one conversation (main agent or a subagent). */
export class Convo {
  private cached = 0;
  private pending: number;

  constructor(systemPromptTokens: number) {
    this.pending = systemPromptTokens;
  }

  add(tokens: number): void {
    this.pending += tokens;
  }

  /** One API call: everything new since the last call is written to the cache, the rest is read. */
  call(rng: Rng, output: number): UsageCounts {
    const usage = { input: rng.range(1, 9), cacheCreate: this.pending, cacheRead: this.cached, output };
    this.cached += this.pending;
    this.pending = output;
    // Auto-compaction would kick in before the 200k window; keep the numbers plausible.
    if (this.cached > 175_000) this.cached = rng.range(18_000, 32_000);
    return usage;
  }
}
