// ModelBuilder.eventsInPlace: a list of events numbered for their places, given at once, builds the trace that the same
// events given one by one build; with `keepWhole`, the list keeps each long stream fragment whole.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NORMALIZE, withInterner } from '../adapters/common';
import { parseBytes, type ParseSink } from '../parse';
import { jsonl, sdk, text } from '../testing/builders';
import type { Diagnostic, TraceEvent } from '../types';
import { FRAGMENT_KEEP, ModelBuilder } from './build';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TOUR = new Uint8Array(readFileSync(path.join(ROOT, 'public/samples/tour/tour.stream.jsonl')));

/** A stream whose deltas are longer than the fragment an event keeps. */
function longDeltas(): Uint8Array {
  const words = (n: number, w: string): string => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
  const a = words(120, 'alpha-');
  const b = words(90, 'beta-');
  const lines = [
    sdk.init(),
    sdk.messageStart('msg_1', { input: 10, output: 1 }),
    sdk.blockStart(0, text('')),
    sdk.textDelta(0, a),
    sdk.textDelta(0, b),
    sdk.blockStop(0),
    sdk.messageDelta('end_turn', { output: 200 }),
    sdk.messageStop(),
    sdk.assistant('msg_1', [text(a + b)], { input: 10, output: 200 }, { stop: 'end_turn' }),
    sdk.result({ cost: 0.01 }),
  ];
  return new TextEncoder().encode(jsonl(lines));
}
/** Made once: the builders number their uuids on from call to call. */
const LONG = longDeltas();

/** The events and line diagnostics of one file, numbered from `base`. */
async function parsed(name: string, bytes: Uint8Array, base = 0): Promise<{ events: TraceEvent[]; diagnostics: Diagnostic[]; sink: ModelBuilder }> {
  const events: TraceEvent[] = [];
  const diagnostics: Diagnostic[] = [];
  const sink: ParseSink = { nextSeq: () => base + events.length, event: (e) => events.push(e), diagnostic: (d) => diagnostics.push(d) };
  const norm = withInterner(DEFAULT_NORMALIZE);
  const info = await parseBytes(name, [bytes], 0, sink, { normalize: norm });
  const builder = new ModelBuilder(norm);
  builder.addSource(info);
  return { events, diagnostics, sink: builder };
}

const streamIndexes = (events: readonly TraceEvent[]): number[] => events.flatMap((e, j) => (e.kind === 'stream' ? [j] : []));

describe('ModelBuilder.eventsInPlace', () => {
  it.each([
    ['tour.stream.jsonl', TOUR],
    ['long.stream.jsonl', LONG],
  ])('builds %s as the same events given one by one do, and keeps the given fragments whole', async (name, bytes) => {
    const one = await parsed(name, bytes);
    for (const e of one.events) one.sink.event(e);
    for (const d of one.diagnostics) one.sink.diagnostic(d);
    const all = await parsed(name, bytes);
    const fragments = all.events.map((e) => (e.kind === 'stream' ? e.fragment : undefined));
    all.sink.eventsInPlace(all.events, streamIndexes(all.events), true);
    for (const d of all.diagnostics) all.sink.diagnostic(d);
    expect(all.sink.finish()).toEqual(one.sink.finish());
    // The list given keeps every fragment as parsed; the builder's events keep a short one.
    expect(all.events.map((e) => (e.kind === 'stream' ? e.fragment : undefined))).toEqual(fragments);
    const long = fragments.filter((f) => f !== undefined && f.length > FRAGMENT_KEEP).length;
    expect(long > 0).toBe(name === 'long.stream.jsonl');
    for (const e of all.sink.events) if (e.kind === 'stream' && e.fragment !== undefined) expect(e.fragment.length).toBeLessThanOrEqual(FRAGMENT_KEEP);
  });

  it('adds after events given one by one, numbered on from them', async () => {
    const first = await parsed('tour.stream.jsonl', TOUR);
    const n = first.events.length;
    const one = await parsed('tour.stream.jsonl', TOUR);
    const rest = await parsed('long.stream.jsonl', LONG, n);
    const oneRest = await parsed('long.stream.jsonl', LONG, n);
    for (const e of first.events) first.sink.event(e);
    first.sink.eventsInPlace(rest.events, streamIndexes(rest.events), false);
    for (const e of [...one.events, ...oneRest.events]) one.sink.event(e);
    expect(first.sink.finish()).toEqual(one.sink.finish());
    expect(first.sink.events.map((e) => e.seq)).toEqual(first.sink.events.map((_, i) => i));
  });
});
