import { loadTrace } from '../../engine/load';
import { memorySource } from '../../engine/source';
import type { SourceInput } from '../../trace/parse';
import { fromTrace } from '../from-trace';
import { mergeScans, type Merged } from '../merge';
import { projectOf } from '../../trace/project';
import type { ByteSearch } from '../search';
import type { PromptWindow } from '../scan';
import { scanSource } from '../source';

export type Files = Readonly<Record<string, string | Uint8Array>>;

const bytesOf = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;

/** A source that hands its bytes over in chunks of `size` (to cross every line boundary the scanner must handle). */
function chunkedSource(name: string, data: string | Uint8Array, size: number): SourceInput {
  const bytes = bytesOf(data);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return { name, size: bytes.length, open: () => chunks };
}

/** Test files' projects: the first folder of their names. */
export const project = (name: string): string => projectOf(name, '(files)');

/** The fast path over in-memory files. */
export async function fastMerged(
  files: Files,
  opts: {
    chunk?: number;
    search?: ByteSearch;
    window?: PromptWindow;
    prompts?: boolean;
    simd?: boolean;
    lean?: boolean;
  } = {},
): Promise<Merged> {
  const scans = await Promise.all(
    Object.entries(files).map(async ([name, data]) => ({
      scan: await scanSource(opts.chunk ? chunkedSource(name, data, opts.chunk) : memorySource(name, data), {
        ...(opts.search ? { search: opts.search } : {}),
        ...(opts.window ? { window: opts.window } : {}),
        ...(opts.prompts ? { prompts: true } : {}),
        ...(opts.simd === false ? { simd: false } : {}),
        ...(opts.lean === false ? { lean: false } : {}),
      }),
      project: project(name),
    })),
  );
  return mergeScans(scans);
}

/** The same summary from the full model. */
export async function fullMerged(files: Files, window?: PromptWindow): Promise<Merged> {
  const trace = await loadTrace(Object.entries(files).map(([name, data]) => memorySource(name, data)));
  return fromTrace(trace, project, window);
}
