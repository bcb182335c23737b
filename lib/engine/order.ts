import { compareText } from '../trace/text-order';

// The one load order (its own module: the page orders a folder's files without loading the engine).

/** Orders inputs so sidecars follow their transcripts and main sessions come before subagent files. */
export function orderInputs<T extends { readonly name: string }>(inputs: readonly T[]): T[] {
  const rank = (name: string): number =>
    name.endsWith('.meta.json') ? 2 : /(^|\/)agent-[^/]+\.jsonl(\.gz)?$/.test(name) ? 1 : 0;
  return [...inputs].sort((a, b) => rank(a.name) - rank(b.name) || compareText(a.name, b.name));
}
