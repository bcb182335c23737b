import { DEFAULT_NORMALIZE, withInterner, withSharedTexts, type NormalizeOptions } from '../trace/adapters/common';
import { chunksOf } from '../trace/byte-source';
import { FRAGMENT_KEEP, ModelBuilder } from '../trace/model/build';
import { UuidColumn } from '../trace/model/uuids';
import { resumable, type ParseCheckpoint, type ParseSink, type SourceInfo } from '../trace/parse';
import type { LeftUuid } from '../trace/adapters/messages';
import type { Diagnostic, TraceEvent } from '../trace/types';
import { heapGuardOf, orderInputs, parseInput, readInputs, type LoadedSources, type LoadHooks } from './load';
import { heapBudget, type HeapGuard } from './memory';
import type { SeqMove } from '../view/moves';
import type { EngineInput, SourceText } from './source';

export { movedSeq, type SeqMove } from '../view/moves';

// Sources that may still grow (a Claude Code session that is running). Each source keeps its parsed events and where
// its parse stopped (the end of its last complete line); when the file grows, only the new bytes are parsed, and the
// model is built again from the kept events in the one load order. A last line still being written is held back,
// never reported as cut off, and read once it is complete (or, when the file has stopped growing, as a last line).

export interface LiveUpdate {
  readonly loaded: LoadedSources;
  readonly moves: readonly SeqMove[];
  /** The sources read again (their names). */
  readonly changed: readonly string[];
}

/** How often a host looks at the sizes of files that may grow. */
export const LIVE_POLL_MS = 750;
/** A file that has not grown for this long has stopped: what was in progress is read as ended (or interrupted). */
export const LIVE_QUIET_MS = 30_000;

/** Whether files opened now are being written: one of them changed within `LIVE_QUIET_MS`. */
export function startsLive(inputs: readonly EngineInput[], now: number): boolean {
  return inputs.some((i) => i.lastModified !== undefined && now - i.lastModified < LIVE_QUIET_MS);
}

/**
 * Pairs newer copies of files (picked again) with the sources loaded, by path: the same path, or one that ends with
 * the other (a folder picked one level higher or lower). Sources with no newer copy keep theirs.
 */
export function matchByPath<T extends { readonly path: string }>(
  loaded: readonly string[],
  picked: readonly T[],
): Map<string, T> {
  const out = new Map<string, T>();
  for (const name of loaded) {
    const hit =
      picked.find((p) => p.path === name) ??
      picked.find((p) => name.endsWith(`/${p.path}`) || p.path.endsWith(`/${name}`));
    if (hit) out.set(name, hit);
  }
  return out;
}

/** Bytes before a checkpoint kept to check, on growth, that the file was appended to and not rewritten. */
const TAIL = 64;

/** The last part of a source: its held last line read as in a one-shot load, for as long as the file does not grow. */
interface Settled {
  readonly events: TraceEvent[];
  readonly uuids: UuidColumn;
  readonly diagnostics: Diagnostic[];
  readonly info: SourceInfo;
  /** The source read again whole, in place of its kept events (its checkpoint could not be continued from). */
  readonly whole: boolean;
}

interface Kept {
  readonly name: string;
  input: EngineInput;
  /** Stored bytes of the snapshot read last. */
  size: number;
  /** Where a later read continues; undefined for sources read whole every time (gzip). */
  checkpoint: ParseCheckpoint | undefined;
  tail: Uint8Array;
  events: TraceEvent[];
  /** The uuids of `events`, by their index there (they are kept off the events: see `SourceSink`). */
  uuids: UuidColumn;
  diagnostics: Diagnostic[];
  info: SourceInfo;
  text: SourceText | undefined;
  settled: Settled | undefined;
  /** Where its events were in the trace built last. */
  placed: { start: number; count: number } | undefined;
  /** Reading stopped at the heap budget (see `HeapGuard`): the rest is never read, the file is not followed. */
  stopped?: boolean;
}

/**
 * Collects one source's events and line diagnostics; seqs are fixed when the trace is built. The events' uuids go to
 * a column (only the model's replay and agent links read them): a string kept per event costs the collector more than
 * its line costs to parse. An assistant line keeps its own as well (its model call may be keyed by it).
 */
class SourceSink implements ParseSink {
  readonly events: TraceEvent[];
  readonly uuids = new UuidColumn();
  readonly diagnostics: Diagnostic[] = [];
  private readonly all: TraceEvent[] | undefined;
  /** `all`: the list of every source's events, which this source's are pushed to as well; an empty one that only
   *  this source will fill is its list itself (a million events are not pushed to two lists). */
  constructor(
    private readonly base: number,
    all?: TraceEvent[],
    only = false,
  ) {
    this.events = all && only && all.length === 0 ? all : [];
    this.all = all === this.events ? undefined : all;
  }
  nextSeq(): number {
    return this.base + this.events.length;
  }
  /** Uuids are kept here (`uuids`), so a lean event leaves its uuid apart (`Head.apart`). */
  readonly keepsUuids = true;

  event(e: TraceEvent, uuid?: LeftUuid): void {
    if (e.uuid) {
      this.uuids.set(this.events.length, e.uuid);
      if (e.kind !== 'assistant') (e as { uuid?: string }).uuid = undefined;
    } else if (typeof uuid === 'string') {
      if (uuid) this.uuids.set(this.events.length, uuid);
    } else if (uuid?.bytes) this.uuids.setBytes(this.events.length, uuid.bytes, uuid.at, uuid.length);
    this.events.push(e);
    this.all?.push(e);
  }
  diagnostic(d: Diagnostic): void {
    this.diagnostics.push(d);
  }
}

/** An event at its place in a new build (a copy when its seq or source index changed). */
function placed(e: TraceEvent, seq: number, source: number): TraceEvent {
  return e.seq === seq && e.source === source ? e : { ...e, seq, source };
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A trace over sources that may grow. `load` reads them; `update` reads what changed in newer snapshots of them
 * (only the appended bytes of a file that grew); `settle` reads held last lines once the files stopped growing.
 * Every call returns the trace built again, equal to a one-shot load of the same bytes (`loadSources`).
 */
export class LiveSources {
  private readonly kept = new Map<string, Kept>();
  /** Kept lists a trace was given as its own (see `build`): a later build writes its changes into a copy. */
  private readonly given = new WeakSet<TraceEvent[]>();
  private readonly norm: NormalizeOptions;
  private holding = true;
  /** The heap budget of the last load (its sources, and what they grow by after). */
  private guard: HeapGuard | undefined;
  /** The characters of text the events keep (counted by the normalize options when a heap budget is set). */
  private readonly keptText = { chars: 0 };

  constructor(private readonly hooks: LoadHooks = {}) {
    const norm = hooks.normalize?.intern ? hooks.normalize : withInterner(hooks.normalize ?? DEFAULT_NORMALIZE);
    // The text events keep is counted for the heap budget (only the browser sets one).
    this.norm = hooks.limits && heapBudget(hooks.limits) ? { ...norm, kept: this.keptText } : norm;
  }

  /** The inputs last read, in load order. */
  inputs(): EngineInput[] {
    return orderInputs([...this.kept.values()]).map((k) => k.input);
  }

  /** Whether last lines without a newline are held back (the files are being written). */
  get live(): boolean {
    return this.holding;
  }

  /**
   * Reads every input. `live`: the files are being written, so a last line without its newline waits for the rest;
   * otherwise it is read at once, as `loadSources` would.
   */
  async load(inputs: readonly EngineInput[], live: boolean): Promise<LoadedSources> {
    this.kept.clear();
    this.keptText.chars = 0;
    this.guard = heapGuardOf(this.hooks, this.keptText);
    const all: TraceEvent[] = [];
    this.hooks.onStart?.(all);
    const ordered = orderInputs(inputs);
    await readInputs(
      ordered,
      this.guard ? { ...this.hooks, guard: this.guard } : this.hooks,
      () => all.length,
      async (input, i, onRead) => {
        const k = await this.read(input, undefined, i, all.length, all, ordered.length === 1, onRead);
        this.kept.set(input.name, k);
        return k.size;
      },
      async () => {
        this.holding = live;
        if (!live) for (const k of this.kept.values()) await this.settleOne(k);
      },
    );
    return this.build().loaded;
  }

  /**
   * Reads newer snapshots of the sources (by name; new names are new sources, missing names are dropped). A source
   * whose size is unchanged is kept as it is; one that grew is read on from its checkpoint; one that shrank, was
   * rewritten or cannot be continued is read again whole. Undefined when nothing changed. `live` (the default: they
   * grow because they are being written) holds last lines back from then on; otherwise they are read as last lines.
   */
  async update(inputs: readonly EngineInput[], live = true): Promise<LiveUpdate | undefined> {
    const changed: string[] = [];
    const names = new Set(inputs.map((i) => i.name));
    for (const name of [...this.kept.keys()]) {
      if (names.has(name)) continue;
      this.kept.delete(name);
      changed.push(name);
    }
    for (const input of inputs) {
      const k = this.kept.get(input.name);
      // Past the heap budget: what was read stays, nothing more is.
      if (k?.stopped) continue;
      if (k && input.size === k.size) {
        // The same bytes: a newer snapshot is still the one to re-read lines from.
        k.input = input;
        if (input.reread && !k.info.gzip) k.text = input.reread;
        continue;
      }
      const next = await this.read(
        input,
        k && (await this.continues(k, input)) ? k : undefined,
        k?.info.index ?? this.kept.size,
        0,
        undefined,
        false,
        () => undefined,
      );
      // Read again whole or not, its events before are mapped to the same places.
      next.placed = k?.placed;
      this.kept.set(input.name, next);
      changed.push(input.name);
    }
    if (changed.length === 0) return undefined;
    this.holding = live;
    if (!live) for (const k of this.kept.values()) await this.settleOne(k);
    return { ...this.build(), changed };
  }

  /** The files stopped growing: held last lines are read as last lines. Undefined when there were none. */
  async settle(): Promise<LiveUpdate | undefined> {
    if (!this.holding) return undefined;
    this.holding = false;
    const changed: string[] = [];
    for (const k of this.kept.values()) if (await this.settleOne(k)) changed.push(k.name);
    return changed.length > 0 ? { ...this.build(), changed } : undefined;
  }

  /** Whether a source's new snapshot continues the bytes read so far (it grew, and the bytes before the checkpoint
   *  are the same). */
  private async continues(k: Kept, input: EngineInput): Promise<boolean> {
    const c = k.checkpoint;
    if (!resumable(c) || !input.openFrom || input.size === undefined || input.size < k.size) return false;
    const from = c.offset - k.tail.length;
    if (from < 0) return false;
    return sameBytes(await readBytes(input, from, c.offset), k.tail);
  }

  /**
   * Reads a source whole, or from `prev`'s checkpoint on. A source that cannot be read from an offset (gzip) cannot
   * be continued either: its last line is not held.
   */
  private async read(
    input: EngineInput,
    prev: Kept | undefined,
    index: number,
    base: number,
    all: TraceEvent[] | undefined,
    only: boolean,
    onRead: (stored: number) => void,
  ): Promise<Kept> {
    const sink = new SourceSink(base + (prev?.events.length ?? 0), all, only && !prev);
    let checkpoint: ParseCheckpoint | undefined;
    const resume = prev?.checkpoint;
    const hooks = this.guard ? { ...this.hooks, guard: this.guard } : this.hooks;
    // Long texts shared within this read: a source read again (grown, replaced) brings its own, and the old go with
    // the events that kept them.
    const { info, text, stored } = await parseInput(input, index, sink, withSharedTexts(this.norm), hooks, onRead, {
      hold: input.openFrom !== undefined,
      ...(resume ? { resume } : {}),
      onCheckpoint: (c) => (checkpoint = c),
    });
    const gzip = resume === undefined && info.gzip;
    const size = input.size ?? (resume ? resume.offset : 0) + stored;
    const stopped = this.guard?.stopped === true;
    const cp = gzip || stopped ? undefined : checkpoint;
    return {
      name: input.name,
      input,
      size,
      checkpoint: cp,
      tail: cp && input.openFrom ? await readBytes(input, Math.max(0, cp.offset - TAIL), cp.offset) : new Uint8Array(0),
      events: prev ? [...prev.events, ...sink.events] : sink.events,
      uuids: prev ? joined(prev.uuids, prev.events.length, sink.uuids, sink.events.length) : sink.uuids,
      diagnostics: prev ? [...prev.diagnostics, ...sink.diagnostics] : sink.diagnostics,
      info,
      text,
      settled: undefined,
      placed: prev?.placed,
      ...(stopped ? { stopped } : {}),
    };
  }

  /** Reads a held last line of a source (without holding), kept apart so that it is read again if the file grows. */
  private async settleOne(k: Kept): Promise<boolean> {
    k.settled = undefined;
    const c = k.checkpoint;
    if (!c || k.info.bytes >= k.size) return false;
    // Lines that waited for the dialect are not in a checkpoint: such a source is read again whole.
    const whole = !resumable(c);
    const sink = new SourceSink(whole ? 0 : k.events.length);
    const { info } = await parseInput(
      k.input,
      k.info.index,
      sink,
      withSharedTexts(this.norm),
      this.hooks,
      () => undefined,
      whole ? {} : { resume: c },
    );
    k.settled = { events: sink.events, uuids: sink.uuids, diagnostics: sink.diagnostics, info, whole };
    return true;
  }

  /** Builds the model from the kept events, in the load order, each at its place. */
  private build(): { loaded: LoadedSources; moves: SeqMove[] } {
    const builder = new ModelBuilder(this.norm);
    const ordered = orderInputs([...this.kept.values()]);
    // One source read at once: its events are at their seqs already, and so is its uuid column (not copied).
    const alone = ordered.length === 1 && ordered[0]?.settled === undefined ? ordered[0] : undefined;
    const uuids = alone ? alone.uuids : new UuidColumn();
    builder.uuids = uuids;
    const moves: SeqMove[] = [];
    const texts: (SourceText | undefined)[] = [];
    /** An event the builder was given a copy of (its list then differs from the kept one). */
    let copied = false;
    ordered.forEach((k, i) => {
      const start = builder.nextSeq();
      if (k.placed && k.placed.start !== start && k.placed.count > 0)
        moves.push({ from: k.placed.start, to: start, count: k.placed.count });
      if (k.info.index !== i) k.info = { ...k.info, index: i };
      /** The list with each event at its place (the list itself, or a copy where a trace was given it). */
      const add = (list: TraceEvent[], from: UuidColumn): TraceEvent[] => {
        let out = list;
        for (let j = 0; j < list.length; j++) {
          const old = list[j];
          if (!old) continue;
          const seq = builder.nextSeq();
          if (from !== uuids) uuids.copy(from, j, seq);
          const e = placed(old, seq, i);
          if (e !== old) {
            // The trace built last keeps its events as they were.
            if (out === list && this.given.has(list)) out = list.slice();
            out[j] = e;
          }
          // The builder shortens a long stream fragment once the rebuild has used it: give it a copy of its own, so
          // the kept event still has the whole fragment for the next build.
          const copy = e.kind === 'stream' && e.fragment !== undefined && e.fragment.length > FRAGMENT_KEEP;
          copied ||= copy;
          builder.event(copy ? { ...e } : e);
        }
        return out;
      };
      const fix = (list: Diagnostic[]): void => {
        for (let j = 0; j < list.length; j++) {
          const d = list[j];
          if (!d) continue;
          const fixed = d.src && d.src.source !== i ? { ...d, src: { ...d.src, source: i } } : d;
          list[j] = fixed;
          builder.diagnostic(fixed);
        }
      };
      const s = k.settled;
      if (!s?.whole) {
        k.events = add(k.events, k.uuids);
        fix(k.diagnostics);
      }
      if (s) {
        add(s.events, s.uuids);
        fix(s.diagnostics);
      }
      builder.addSource(s ? { ...s.info, index: i } : k.info);
      texts[i] = k.text;
      k.placed = { start, count: s?.whole ? s.events.length : k.events.length };
    });
    // The builder's list holds the same events as the source's: one list for both (a million-row stream kept two of
    // 4-8 MB each). A later build that moves them writes into a copy (`add`), so this trace stays as it is built.
    if (alone && !copied) {
      alone.events = builder.events;
      this.given.add(builder.events);
    }
    const t0 = performance.now();
    const trace = builder.finish();
    return { loaded: { trace, texts, modelMs: performance.now() - t0 }, moves };
  }
}

/** The uuids of `a`'s first `na` events, then of `b`'s `nb`. */
function joined(a: UuidColumn, na: number, b: UuidColumn, nb: number): UuidColumn {
  const out = new UuidColumn();
  for (let j = 0; j < na; j++) out.copy(a, j, j);
  for (let j = 0; j < nb; j++) out.copy(b, j, na + j);
  return out;
}

/** Stored bytes `[from, to)` of a plain input. */
async function readBytes(input: EngineInput, from: number, to: number): Promise<Uint8Array> {
  const out = new Uint8Array(Math.max(0, to - from));
  if (!input.openFrom || out.length === 0) return out;
  let at = 0;
  for await (const chunk of chunksOf(input.openFrom(from))) {
    const n = Math.min(chunk.length, out.length - at);
    out.set(chunk.subarray(0, n), at);
    at += n;
    if (at >= out.length) break;
  }
  return at === out.length ? out : out.subarray(0, at);
}
