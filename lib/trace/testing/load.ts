import { loadTrace } from '../../engine/load';
import { memorySource } from '../../engine/source';
import type { Trace } from '../model/types';
import { computeStats, type TraceStats } from '../stats';

export interface Loaded {
  readonly trace: Trace;
  readonly stats: TraceStats;
}

/** Loads in-memory files (name → text) through the real parser and model. */
export async function loadFiles(files: Readonly<Record<string, string | Uint8Array>>): Promise<Loaded> {
  const trace = await loadTrace(Object.entries(files).map(([name, data]) => memorySource(name, data)));
  return { trace, stats: computeStats(trace) };
}

export const loadText = (text: string, name = 'trace.jsonl'): Promise<Loaded> => loadFiles({ [name]: text });

export const codes = (t: Trace): string[] => t.diagnostics.map((d) => d.code);
