import { DEFAULT_NORMALIZE, withInterner, withSharedTexts, type NormalizeOptions } from '../trace/adapters/common';
import { chunksOf, type ByteSource } from '../trace/byte-source';
import { maybeGunzip } from '../trace/gunzip';
import { ModelBuilder } from '../trace/model/build';
import type { Trace } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';
import { bytesText, resumable, type ParseOptions, type ParseSink, type SourceInfo } from '../trace/parse';
import { parseBytes } from '../trace/parse-bytes';
import { inflateLimit, type LoadLimits } from '../trace/limits';
import { HeapGuard, heapBudget } from './memory';
import { orderInputs } from './order';
import type { ByteKeeper, EngineInput, SourceText } from './source';

// Loading: `readInputs` is the one load loop; `loadSources` runs it for a one-shot load, `LiveSources` (live.ts) for
// sources that may grow. `parseInput` reads one source.

export interface LoadProgress {
  /** `reading` while sources are parsed (many times per source), `building` once before the model is built. */
  readonly phase: 'reading' | 'building';
  /** The source being read (its name), or "building the model". */
  readonly name: string;
  /** Stored bytes read so far over all inputs (compressed bytes for `.gz`). */
  readonly bytes: number;
  /** Sum of the sizes given for all inputs, when every input gives one. */
  readonly totalBytes?: number;
  /** Events parsed so far. */
  readonly events: number;
  /** With a heap budget: about how many bytes of the inputs it holds (`HeapGuard.holds`), once that can be told. */
  readonly holdsBytes?: number;
}

export interface LoadHooks {
  readonly normalize?: NormalizeOptions;
  /** The line and inflate limits (see `LoadLimits`); the defaults when not given. */
  readonly limits?: LoadLimits;
  readonly onProgress?: (p: LoadProgress) => void;
  /**
   * Called after each decompressed chunk is parsed, and once before the model is built. A promise returned is
   * awaited: a browser worker yields to its event loop there, so it answers requests while a big file parses.
   */
  readonly pause?: (phase: 'reading' | 'building') => Promise<void> | undefined;
  /** Keeps the decompressed bytes of sources that cannot be re-read from their input (gzip, or no `reread`). */
  readonly keep?: () => ByteKeeper;
  /** The most bytes `keep` can hold for one source (a browser tab's memory): a gzip source stops there too. */
  readonly keepLimit?: number;
  /** Given the live list of events parsed so far (it grows while loading): to show events before the model exists. */
  readonly onStart?: (events: readonly TraceEvent[]) => void;
  /** One load's heap budget over its sources (see `HeapGuard`); made from `limits` by the load loop. */
  readonly guard?: HeapGuard;
  /** The sink events go to, given the normalize options (default: a `ModelBuilder`, which keeps every event). */
  readonly builder?: (normalize: NormalizeOptions) => ModelBuilder;
  /** Long lines' unread strings made short before they are parsed (`ParseOptions.shrink`; the stats load only). */
  readonly shrink?: ParseOptions['shrink'];
  /** Long lines' tool outputs cut where the model stops reading them (`ParseOptions.clip`; the workbench's load). */
  readonly clip?: ParseOptions['clip'];
  /** Small Agent SDK frames read without JSON.parse (`ParseOptions.frames`; the workbench's and the CLI's loads). */
  readonly frames?: ParseOptions['frames'];
}

export interface LoadedSources {
  readonly trace: Trace;
  /** Per source (indexed like `trace.sources`): how to re-read its decompressed bytes, when it can be. */
  readonly texts: readonly (SourceText | undefined)[];
  /** Time spent building the model after the last source was read. */
  readonly modelMs: number;
}

export { orderInputs } from './order';

/** Parses every input and builds the model. Never throws on bad input; problems become diagnostics. */
export async function loadSources(inputs: readonly EngineInput[], hooks: LoadHooks = {}): Promise<LoadedSources> {
  const kept = { chars: 0 };
  const guard = heapGuardOf(hooks, kept);
  const plain = hooks.normalize?.intern ? hooks.normalize : withInterner(hooks.normalize ?? DEFAULT_NORMALIZE);
  const counted = guard ? { ...plain, kept } : plain;
  // The model's events keep their texts: one copy of each long one for the whole load. A builder of its own (`loupe
  // stats`'s) drops them.
  const norm = hooks.builder ? counted : withSharedTexts(counted);
  const builder = hooks.builder?.(norm) ?? new ModelBuilder(norm);
  hooks.onStart?.(builder.events);
  const texts: (SourceText | undefined)[] = [];
  await readInputs(
    orderInputs(inputs),
    guard ? { ...hooks, guard } : hooks,
    () => builder.events.length,
    async (input, i, onRead) => {
      const { info, text, stored } = await parseInput(input, i, builder, norm, { ...hooks, guard }, onRead);
      builder.addSource(info);
      texts[i] = text;
      return input.size ?? stored;
    },
  );
  const t0 = performance.now();
  const trace = builder.finish();
  return { trace, texts, modelMs: performance.now() - t0 };
}

/**
 * The one load loop, run by every host through `loadSources` (a one-shot load: the CLI, the server's check before
 * sealing, tests) and `LiveSources.load` (the browser worker, whose sources may grow): the inputs in load order, each
 * read by `readOne` (which returns its size in stored bytes), progress reported over all of them, then `beforeBuild`
 * and the building phase. What differs between the two is only what a source's events are kept in.
 */
export async function readInputs(
  ordered: readonly EngineInput[],
  hooks: Pick<LoadHooks, 'onProgress' | 'pause' | 'guard'>,
  events: () => number,
  readOne: (input: EngineInput, index: number, onRead: (storedBytes: number) => void) => Promise<number>,
  beforeBuild?: () => Promise<void>,
): Promise<void> {
  const sizes = ordered.map((i) => i.size);
  const totalBytes = sizes.every((s) => s !== undefined) ? sizes.reduce<number>((a, s) => a + (s ?? 0), 0) : undefined;
  let doneBytes = 0;
  for (let i = 0; i < ordered.length; i++) {
    const input = ordered[i];
    if (!input) continue;
    const done = doneBytes;
    doneBytes += await readOne(input, i, (read) => {
      const holdsBytes = hooks.guard?.holds(done + read, events());
      hooks.onProgress?.({
        phase: 'reading',
        name: input.name,
        bytes: done + read,
        events: events(),
        ...(totalBytes !== undefined ? { totalBytes } : {}),
        ...(holdsBytes !== undefined ? { holdsBytes } : {}),
      });
    });
  }
  await beforeBuild?.();
  const bytes = totalBytes ?? doneBytes;
  hooks.onProgress?.({ phase: 'building', name: 'building the model', bytes, totalBytes: bytes, events: events() });
  await hooks.pause?.('building');
}

/**
 * A new load's heap guard, when its limits bound the heap (the browser's); `kept` is the tally of kept text the load's
 * normalize options count into.
 */
export function heapGuardOf(hooks: Pick<LoadHooks, 'limits'>, kept: { chars: number }): HeapGuard | undefined {
  const budget = heapBudget(hooks.limits ?? {});
  return budget ? new HeapGuard(budget, () => kept.chars) : undefined;
}

/** Parses every input and builds the model, keeping no bytes: the CLI's and most tests' entry. */
export async function loadTrace(inputs: readonly EngineInput[], hooks: Omit<LoadHooks, 'keep'> = {}): Promise<Trace> {
  return (await loadSources(inputs, hooks)).trace;
}

/**
 * Reads one input into a sink: stored bytes counted, gzip undone (its bytes kept when asked, its inflated size
 * capped), lines parsed. A gzip file stopped by its limit, or damaged, says so in a diagnostic. With `parse.resume`, a
 * plain input is read from the checkpoint's offset on (`openFrom`), continuing its lines.
 */
export async function parseInput(
  input: EngineInput,
  index: number,
  sink: ParseSink,
  normalize: NormalizeOptions,
  hooks: Pick<LoadHooks, 'keep' | 'pause' | 'limits' | 'keepLimit' | 'shrink' | 'clip' | 'frames' | 'guard'>,
  onRead: (storedBytes: number) => void,
  parse: Pick<ParseOptions, 'hold' | 'resume' | 'onCheckpoint'> = {},
): Promise<{ info: SourceInfo; text: SourceText | undefined; stored: number }> {
  let stored = 0;
  let keeper: ByteKeeper | undefined;
  const from = resumable(parse.resume) && input.openFrom ? parse.resume.offset : 0;
  const counted = (async function* () {
    for await (const chunk of chunksOf(from > 0 && input.openFrom ? input.openFrom(from) : input.open())) {
      stored += chunk.length;
      yield chunk;
    }
  })();
  const limits = hooks.limits ?? {};
  const set = inflateLimit(limits, input.size);
  const cap =
    hooks.keep && hooks.keepLimit !== undefined && hooks.keepLimit < set.bytes
      ? { bytes: hooks.keepLimit, rule: `more would not fit in this tab's memory (${bytesText(hooks.keepLimit)})` }
      : set;
  let stop: { code: 'inflate-limit' | 'damaged-gzip' | 'memory-limit'; message: string } | undefined;
  // A continued source is plain (gzip cannot be continued: it is read again whole).
  const decoded =
    from > 0
      ? counted
      : maybeGunzip(counted, {
          onDetect: (gzip) => {
            if (gzip || !input.reread) keeper = hooks.keep?.();
          },
          maxInflateBytes: cap.bytes,
          onLimit: (inflated) => {
            stop = {
              code: 'inflate-limit',
              message: `${input.name}: reading stopped after ${bytesText(inflated)} inflated, because ${cap.rule}; the rest of the file is not loaded`,
            };
          },
          onError: (message, inflated) => {
            stop = {
              code: 'damaged-gzip',
              message: `${input.name} is a damaged gzip file (${message}): what inflated before the damage (${bytesText(inflated)}) is loaded, the rest is not`,
            };
          },
        });
  const guard = hooks.guard;
  const stoppedBefore = guard?.stopped === true;
  let admitted = 0;
  const admit =
    guard &&
    ((chunk: Uint8Array): Uint8Array => {
      const part = guard.admit(chunk, admitted, sink.nextSeq());
      admitted += part.length;
      return part;
    });
  const bytes = paced(decoded, (chunk) => keeper?.push(chunk), hooks.pause, admit && { admit, guard });
  const opts: ParseOptions = {
    normalize,
    onBytes: () => onRead(stored),
    ...(limits.maxLineBytes !== undefined ? { maxLineBytes: limits.maxLineBytes } : {}),
    ...(hooks.shrink ? { shrink: hooks.shrink } : {}),
    ...(hooks.clip ? { clip: hooks.clip } : {}),
    ...(hooks.frames ? { frames: hooks.frames } : {}),
    ...parse,
    ...(from > 0 ? {} : { resume: undefined }),
  };
  const info = await parseBytes(input.name, bytes, index, sink, opts);
  // A source read on from a checkpoint (a file that grew) had `from` bytes before this read.
  if (guard?.stopped) stop = memoryStop(input, info, from, admitted, stoppedBefore, guard.budget.rule);
  guard?.endSource(admitted);
  if (stop) {
    const line = Math.max(1, info.lines.total + info.lines.blank);
    sink.diagnostic({
      code: stop.code,
      severity: 'error',
      message: stop.message,
      src: { source: index, line, offset: info.bytes, length: 0 },
      consumesLine: false,
    });
  }
  return { info, text: keeper ? keeper.done() : input.reread, stored };
}

/** A source stopped by the heap guard, in words: how much of it was read, or that none was. */
function memoryStop(
  input: EngineInput,
  info: SourceInfo,
  from: number,
  admitted: number,
  before: boolean,
  rule: string,
): { code: 'memory-limit'; message: string } {
  const read = from + admitted;
  const of = !info.gzip && input.size !== undefined ? ` of ${bytesText(input.size)}` : '';
  const why = `more would not fit in this tab's memory (${rule})`;
  const cli = 'run `npx loupe stats` on it for the whole file';
  return {
    code: 'memory-limit',
    message:
      before && read === 0
        ? `${input.name}: not loaded, because ${why}; ${cli}`
        : `${input.name}: reading stopped after ${bytesText(read)}${of}, because ${why}; the rest of the file is not loaded: ${cli}`,
  };
}

/**
 * Hands each chunk to `keep`, then after the parser has taken it, gives `pause` its turn. With a heap guard, only
 * the part of a chunk it admits is given, and reading ends once it stopped and the line under way has ended.
 */
async function* paced(
  source: ByteSource,
  keep: (chunk: Uint8Array) => void,
  pause: LoadHooks['pause'],
  guarded?: { readonly admit: (chunk: Uint8Array) => Uint8Array; readonly guard: HeapGuard },
): AsyncGenerator<Uint8Array> {
  for await (const whole of chunksOf(source)) {
    const chunk = guarded ? guarded.admit(whole) : whole;
    if (chunk.length > 0) {
      keep(chunk);
      yield chunk;
    }
    if (guarded?.guard.stopped && !guarded.guard.wantsMore) return;
    const wait = pause?.('reading');
    if (wait) await wait;
  }
}
