import { digestOf, type RunDigest } from '../compare/digest';
import { DEFAULT_PRICES, type PriceTable } from '../trace/pricing/pricing';
import { chunksOf, type ByteSource } from '../trace/byte-source';
import { loadTrace } from './load';
import type { EngineInput } from './source';

// The head of a run: its first megabytes read on their own, so that a comparison can show its first aligned rows while
// the whole runs still load. The digest is of those bytes only, and says so: its last response is left out, since
// the bytes may end inside it.

const MiB = 1024 * 1024;
/** How much of a run its head reads (split over its files by their sizes). */
export const HEAD_BYTES = 2 * MiB;
/** Each file's share of the head is at least this much (a subagent file is read from its start, too). */
const MIN_SHARE = 256 * 1024;

/** A run's head digest: what it covers, of how much. */
export interface HeadDigest {
  readonly digest: RunDigest;
  /** Bytes read into the digest, and the run's stored bytes. */
  readonly bytes: number;
  readonly totalBytes: number;
}

const isGzip = (b: Uint8Array): boolean => b[0] === 0x1f && b[1] === 0x8b;

/**
 * The source's first `limit` bytes, cut after their last newline (a line cut in two is not read); undefined for
 * compressed bytes, which cannot be cut.
 */
async function headBytes(source: ByteSource, limit: number): Promise<Uint8Array | undefined> {
  const buf = new Uint8Array(limit);
  let got = 0;
  for await (const chunk of chunksOf(source)) {
    if (got === 0 && isGzip(chunk)) return undefined;
    const take = chunk.subarray(0, limit - got);
    buf.set(take, got);
    got += take.length;
    if (got >= limit) break;
  }
  const nl = buf.subarray(0, got).lastIndexOf(0x0a);
  return buf.subarray(0, got === limit ? nl + 1 : got);
}

/**
 * The digest of the first `HEAD_BYTES` of a run, or undefined where a head would not be of use: a run small enough to
 * load at once, a run of unknown size, or a compressed one (its bytes cannot be cut).
 */
export async function headDigest(
  inputs: readonly EngineInput[],
  name: string,
  prices: PriceTable = DEFAULT_PRICES,
  limit = HEAD_BYTES,
): Promise<HeadDigest | undefined> {
  const sizes = inputs.map((i) => i.size);
  if (sizes.some((s) => s === undefined)) return undefined;
  const totalBytes = sizes.reduce<number>((a, s) => a + (s ?? 0), 0);
  if (totalBytes <= 2 * limit) return undefined;
  const heads: EngineInput[] = [];
  let bytes = 0;
  for (const input of inputs) {
    const size = input.size ?? 0;
    const share = Math.max(Math.min(MIN_SHARE, limit), Math.floor((limit * size) / totalBytes));
    const head = await headBytes(input.open(), Math.min(size, share));
    // Compressed bytes cannot be cut: such a run waits for its whole load.
    if (!head) return undefined;
    bytes += head.length;
    heads.push({ name: input.name, size: head.length, open: () => [head] });
  }
  const digest = digestOf(await loadTrace(heads), name, prices);
  // Its bytes may end inside the last response: that one is left out.
  return { digest: { ...digest, responses: digest.responses.slice(0, -1) }, bytes, totalBytes };
}
