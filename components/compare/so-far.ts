import type { RunDigest } from '../../lib/compare';

// While a side of a comparison is partial (its head: the run's first megabytes), a response one side reached and the
// other did not is only not read yet: both sides keep as many responses as the shortest partial side read.

/** The two digests as far as both are read: unchanged when neither is partial. */
export function soFar(a: RunDigest, b: RunDigest, partialA: boolean, partialB: boolean): [RunDigest, RunDigest] {
  const partial = [...(partialA ? [a] : []), ...(partialB ? [b] : [])].map((d) => d.responses.length);
  if (partial.length === 0) return [a, b];
  const n = Math.min(...partial);
  const cut = (d: RunDigest): RunDigest => (d.responses.length <= n ? d : { ...d, responses: d.responses.slice(0, n) });
  return [cut(a), cut(b)];
}
