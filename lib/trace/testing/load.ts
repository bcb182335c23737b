import { expect } from 'vitest';
import { loadTrace } from '../../engine/load';
import { memorySource } from '../../engine/source';
import { loadStatsTrace } from '../../engine/stats-load';
import { fromTrace } from '../../fast/from-trace';
import { fastMerged, project } from '../../fast/testing/equivalence';
import type { Trace } from '../model/types';
import { computeStats, type TraceStats } from '../stats';
import { responseRows, turnRows } from '../turns';

export interface Loaded {
  readonly trace: Trace;
  readonly stats: TraceStats;
}

/** A prompt window of one line: the fast path's prefilter alone decides which lines it reads. */
const TINY_WINDOW = { lines: 1, bytes: 1 << 20, lineBytes: 1 << 20 };

/**
 * Loads in-memory files (name → text) through the real parser and model. Every load also runs the stats fast path
 * over the same files and checks it counts the same calls, sessions and costs, so each trap is a test of both.
 */
export async function loadFiles(files: Readonly<Record<string, string | Uint8Array>>): Promise<Loaded> {
  const trace = await loadTrace(Object.entries(files).map(([name, data]) => memorySource(name, data)));
  expect(
    await fastMerged(files, { window: TINY_WINDOW, chunk: 64 }),
    'the stats fast path disagrees with the full model',
  ).toEqual(fromTrace(trace, project, TINY_WINDOW));
  const lean = await loadStatsTrace(Object.entries(files).map(([name, data]) => memorySource(name, data)));
  expect(statsFacts(lean), 'the lean load of `loupe stats` disagrees with the full model').toEqual(statsFacts(trace));
  return { trace, stats: computeStats(trace) };
}

/** Everything `loupe stats` prints of a trace (lib/cli/main.ts), with lines named by file and line, not by seq. */
function statsFacts(trace: Trace): unknown {
  const line = (seq: number): string => {
    const e = trace.events[seq];
    return `${trace.sources[e?.source ?? -1]?.name ?? '?'}:${e?.line ?? '?'}`;
  };
  // `events` counts the rows the model keeps (the lean load drops most stream deltas); `loupe stats` never prints it.
  const { events: _rows, ...stats } = computeStats(trace);
  return {
    stats,
    files: trace.sources.length,
    turns: turnRows(trace, undefined, { countedOnly: true }).map(({ seq, ...r }) => ({ ...r, line: line(seq) })),
    responses: responseRows(trace),
    diagnostics: trace.diagnostics.map((d) => `${d.code} ${d.severity} ${d.src?.source ?? ''}:${d.src?.line ?? ''}`),
  };
}

export const loadText = (text: string, name = 'trace.jsonl'): Promise<Loaded> => loadFiles({ [name]: text });

export const codes = (t: Trace): string[] => t.diagnostics.map((d) => d.code);
