import { loadTrace, type LoadHooks } from './load';
import { StatsBuilder } from './stats-builder';
import type { EngineInput } from './source';
import type { Trace } from '../trace/model/types';

// The load behind `loupe stats`: the same model, built from fewer and leaner events (see stats-builder.ts). Every number,
// row and diagnostic `loupe stats` prints is the same as from `loadTrace`; what the workbench reads beyond them
// (the deltas' rows and fragments) is not there; nor is the text of a Claude Code line that the lean events drop
// (tool output, snapshots), which `hooks.shrink` (lib/fast/elide.ts, given by the CLI) leaves undecoded.

/** Loads for totals: the model `computeStats` and the per-call and per-response rows read, in less memory. */
export function loadStatsTrace(
  inputs: readonly EngineInput[],
  hooks: Pick<LoadHooks, 'limits' | 'onProgress' | 'shrink' | 'clip' | 'frames'> = {},
): Promise<Trace> {
  return loadTrace(inputs, { ...hooks, builder: (norm) => new StatsBuilder(norm) });
}
