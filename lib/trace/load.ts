import { DEFAULT_NORMALIZE, type NormalizeOptions } from './adapters/common';
import { ModelBuilder } from './model/build';
import type { Trace } from './model/types';
import { parseSource, type SourceInput } from './parse';

export interface LoadProgress {
  readonly source: number;
  readonly name: string;
  /** Decompressed bytes read of this source. */
  readonly bytes: number;
  /** Sum of the sizes given for all inputs (compressed size for `.gz`), when known. */
  readonly totalBytes?: number;
  /** Compressed-or-not bytes of the inputs before this one. */
  readonly doneBytes: number;
}

export interface LoadOptions {
  readonly normalize?: NormalizeOptions;
  readonly onProgress?: (p: LoadProgress) => void;
}

/** Orders inputs so sidecars follow their transcripts and main sessions come before subagent files. */
export function orderInputs<T extends { readonly name: string }>(inputs: readonly T[]): T[] {
  const rank = (name: string): number => (name.endsWith('.meta.json') ? 2 : /(^|\/)agent-[^/]+\.jsonl(\.gz)?$/.test(name) ? 1 : 0);
  return [...inputs].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Parses every input and builds the model. Never throws on bad input; problems become diagnostics. */
export async function loadTrace(inputs: readonly SourceInput[], opts: LoadOptions = {}): Promise<Trace> {
  const builder = new ModelBuilder(opts.normalize ?? DEFAULT_NORMALIZE);
  const ordered = orderInputs(inputs);
  const sizes = ordered.map((i) => i.size);
  const totalBytes = sizes.every((s) => s !== undefined) ? sizes.reduce<number>((a, s) => a + (s ?? 0), 0) : undefined;
  let doneBytes = 0;
  for (let i = 0; i < ordered.length; i++) {
    const input = ordered[i];
    if (!input) continue;
    const info = await parseSource(input, i, builder, {
      normalize: opts.normalize ?? DEFAULT_NORMALIZE,
      onBytes: (bytes) => opts.onProgress?.({ source: i, name: input.name, bytes, doneBytes, ...(totalBytes !== undefined ? { totalBytes } : {}) }),
    });
    builder.addSource(info);
    doneBytes += input.size ?? info.bytes;
  }
  return builder.finish();
}

/** A source over bytes already in memory (tests, pasted text). */
export function memorySource(name: string, data: string | Uint8Array): SourceInput {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return { name, size: bytes.length, open: () => [bytes] };
}
