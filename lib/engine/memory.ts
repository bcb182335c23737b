import { bytesText } from '../trace/sizes';
import type { LoadLimits } from '../trace/limits';

// How much of a tab's memory a load may fill, and where reading stops to stay under it. A browser worker cannot read
// its own heap (`performance.memory` is the page's, and only in Chromium), so the heap a load fills is estimated from
// what it has read: the characters of text its events keep, bytes and events, at rates measured on generated transcripts (see docs/performance.md, "Files
// past what a tab holds"). Past the budget, reading stops at a line's end and the load goes on with what was read,
// saying so: never a worker that dies of its heap (which Chromium ends without an error event: a silent stall).

/** JS heap per character of text the events keep (`NormalizeOptions.kept`: prompts, answers, clamped results). */
export const HEAP_PER_CHAR = 1.25;
/** JS heap per byte read, beyond its kept text and its events: ids, fragments of stream deltas, the model's records. */
export const HEAP_PER_BYTE = 0.2;
/** JS heap per event: the event object (where its line is included), its row and its share of the model. */
export const HEAP_PER_EVENT = 300;
/** A tab's JS heap limit when the browser does not tell it (Chromium's on a 64-bit desktop: about 4 GiB). */
export const DEFAULT_TAB_HEAP = 4 * 1024 ** 3;
/** The share of that limit a load may fill: the model's build, the rows and the page's requests need the rest. */
export const HEAP_SHARE = 0.5;

/** The estimated JS heap a loaded trace of `bytes` read, `events` parsed and `chars` of text kept fills. */
export function heapEstimate(bytes: number, events: number, chars: number): number {
  return HEAP_PER_CHAR * chars + HEAP_PER_BYTE * bytes + HEAP_PER_EVENT * events;
}

/** The heap a load may fill and the rule that set it, in words; undefined when nothing bounds it (the CLI). */
export function heapBudget(limits: LoadLimits): { bytes: number; rule: string } | undefined {
  const set = limits.maxHeapBytes;
  if (set !== undefined && Number.isFinite(set) && set > 0)
    return { bytes: Math.floor(set), rule: `the memory limit set is ${bytesText(set)}` };
  const tab = limits.tabHeapBytes;
  if (tab === undefined || !Number.isFinite(tab) || tab <= 0) return undefined;
  const bytes = Math.floor(tab * HEAP_SHARE);
  return { bytes, rule: `a trace may fill about ${bytesText(bytes)} of its ${bytesText(tab)}` };
}

/**
 * One load's budget over all its sources: each source's bytes pass `admit` before they are parsed; once the events
 * they would make would pass the budget, it gives the bytes up to the end of the line under way (so no line is cut)
 * and the source, and every source after it, stops there.
 */
export class HeapGuard {
  /** Bytes read in the sources before the current one. */
  private before = 0;
  private endedLine = true;
  /** Set once reading stopped: the rule in words. */
  stopped = false;

  /** `chars`: the characters of text the load's events keep so far (the load's `NormalizeOptions.kept`). */
  constructor(
    readonly budget: { readonly bytes: number; readonly rule: string },
    private readonly chars: () => number = () => 0,
  ) {}

  /**
   * The part of `chunk` to parse: all of it, or once the budget is reached the bytes up to the first line's end (none
   * when the line before ended), after which `stopped` is set. `read`: the source's bytes given so far; `events`: the
   * load's events so far.
   */
  admit(chunk: Uint8Array, read: number, events: number): Uint8Array {
    if (this.stopped) return this.cut(chunk);
    const total = this.before + read;
    const chars = this.chars();
    // The chunk's events and text, at the rates of the bytes before it.
    const ahead = total > 0 ? chunk.length / total : 0;
    const after = heapEstimate(total + chunk.length, events * (1 + ahead), chars * (1 + ahead));
    if (after <= this.budget.bytes) {
      if (chunk.length > 0) this.endedLine = chunk[chunk.length - 1] === 0x0a;
      return chunk;
    }
    this.stopped = true;
    return this.cut(chunk);
  }

  /**
   * About how many bytes of the load fit in the budget, from the events per byte of the `read` bytes so far (undefined
   * before 16 MiB: a transcript's first lines say little of its rate; an SDK stream's first MiB told twice the rest's).
   */
  holds(read: number, events: number): number | undefined {
    if (read < 16 * 1024 ** 2) return undefined;
    return Math.floor(this.budget.bytes / (heapEstimate(read, events, this.chars()) / read));
  }

  /** The current source is done after `read` bytes; the next one starts on a line of its own. */
  endSource(read: number): void {
    this.before += read;
    this.endedLine = true;
  }

  private cut(chunk: Uint8Array): Uint8Array {
    if (this.endedLine) return chunk.subarray(0, 0);
    const nl = chunk.indexOf(0x0a);
    // A line longer than the chunk: read on to its end.
    const part = nl < 0 ? chunk : chunk.subarray(0, nl + 1);
    this.endedLine = nl >= 0;
    return part;
  }

  /** Whether the line under way still needs bytes (only then is a chunk read after the stop). */
  get wantsMore(): boolean {
    return !this.endedLine;
  }
}
