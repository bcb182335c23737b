// Live tail: a file read in pieces as it grows gives, after every piece, the trace a one-shot load of its complete
// lines gives, and in the end the trace of the whole file. Real transcripts, cut anywhere (inside a line, inside a
// UTF-8 character), with the subagent files after the growing main file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Trace } from '../trace/model/types';
import type { TraceEvent } from '../trace/types';
import { withEventUuids } from '../trace/model/uuids';
import { frameReaders } from '../fast/frames';
import type { FrameReaders } from '../trace/parse';
import { jsonl, sdk, text as textBlock } from '../trace/testing/builders';
import { LiveSources, movedSeq } from './live';
import { loadTrace, type LoadHooks } from './load';
import { memorySource, type EngineInput } from './source';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (rel: string): Uint8Array => new Uint8Array(readFileSync(path.join(ROOT, rel)));

const CC = 'public/samples/cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70';
const CC_FILES = {
  main: `${CC}.jsonl`,
  others: [
    `${CC}/subagents/agent-a7c3e9f1b2d4c6e80.jsonl`,
    `${CC}/subagents/agent-a7c3e9f1b2d4c6e80.meta.json`,
    `${CC}/subagents/agent-acompact-3b9d1e.jsonl`,
  ],
};
const TOUR = 'public/samples/tour/tour.stream.jsonl';
const DEEP = 'test/fixtures/real/claude-code-log/projects/-src-deep-manifest';

/** The bytes up to and including the last newline (what a live load reads of a file still being written). */
function complete(bytes: Uint8Array): Uint8Array {
  const nl = bytes.lastIndexOf(0x0a);
  return bytes.subarray(0, nl + 1);
}

/** A stream whose deltas are longer than the fragment the model keeps on an event (256 characters). */
function longDeltas(): Uint8Array {
  const words = (n: number, w: string): string => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
  const lines = [sdk.init()];
  for (let m = 0; m < 4; m++) {
    const a = words(120, `alpha${m}-`);
    const b = words(90, `beta${m}-`);
    lines.push(
      sdk.messageStart(`msg_${m}`, { input: 10, output: 1 }),
      sdk.blockStart(0, textBlock('')),
      sdk.textDelta(0, a),
      sdk.textDelta(0, b),
      sdk.blockStop(0),
      sdk.messageDelta('end_turn', { output: 200 + m }),
      sdk.messageStop(),
      sdk.assistant(`msg_${m}`, [textBlock(a + b)], { input: 10, output: 200 + m }, { stop: 'end_turn' }),
    );
  }
  lines.push(sdk.result({ cost: 0.01 }));
  return new TextEncoder().encode(jsonl(lines));
}

/** Inputs that fail when a plain file is read again from its start: a growing file is read on from where it stopped. */
function appendOnly(files: readonly (readonly [string, Uint8Array])[]): EngineInput[] {
  return inputs(files).map((i) => ({
    ...i,
    open: () => {
      throw new Error(`${i.name} read again from its start`);
    },
  }));
}

const oneShot = (files: readonly (readonly [string, Uint8Array])[]): Promise<Trace> =>
  loadTrace(files.map(([n, b]) => memorySource(n, b)));
/** The frame readers, counting the events they read that `counts` (to be sure lines were read off their bytes). */
function countedFrames(counts: (e: TraceEvent) => boolean): { frames: FrameReaders; read: () => number } {
  const reader = frameReaders();
  if (!reader) throw new Error('no WebAssembly module here');
  let read = 0;
  const frames: FrameReaders = (norm) => {
    const r = reader(norm);
    const readOne = r.read.bind(r);
    r.read = (...args) => {
      const e = readOne(...args);
      if (e && counts(e)) read += 1;
      return e;
    };
    return r;
  };
  return { frames, read: () => read };
}

const inputs = (files: readonly (readonly [string, Uint8Array])[]): EngineInput[] =>
  files.map(([n, b]) => memorySource(n, b));

/** Cut points: a few inside lines, one inside a multi-byte character where there is one, one at a line end. */
function cuts(bytes: Uint8Array, n: number): number[] {
  const out = new Set<number>();
  for (let i = 1; i <= n; i++) out.add(Math.floor((bytes.length * i) / (n + 1)));
  const multi = bytes.findIndex((b) => b >= 0xc0);
  if (multi > 0) out.add(multi + 1);
  const nl = bytes.indexOf(0x0a, Math.floor(bytes.length / 3));
  if (nl > 0) out.add(nl + 1);
  return [...out].sort((a, b) => a - b);
}

async function growInPieces(
  mainName: string,
  main: Uint8Array,
  others: readonly (readonly [string, Uint8Array])[],
  pieces: number,
  hooks: LoadHooks = {},
): Promise<void> {
  const at = cuts(main, pieces);
  const live = new LiveSources(hooks);
  const first = main.subarray(0, at[0] ?? main.length);
  let trace = (await live.load(inputs([[mainName, first], ...others]), true)).trace;
  expect(withEventUuids(trace)).toEqual(await oneShot([[mainName, complete(first)], ...others]));
  for (const cut of [...at.slice(1), main.length]) {
    const prefix = main.subarray(0, cut);
    const up = await live.update(appendOnly([[mainName, prefix], ...others]));
    if (up) trace = up.loaded.trace;
    expect(withEventUuids(trace)).toEqual(await oneShot([[mainName, complete(prefix)], ...others]));
    // The half-written line is never a diagnostic while the file is live.
    expect(trace.diagnostics.filter((d) => d.code === 'truncated-last-line')).toEqual([]);
  }
  expect(withEventUuids(trace)).toEqual(await oneShot([[mainName, main], ...others]));
}

describe('LiveSources', () => {
  it('a Claude Code session growing in pieces, its subagent files after it, equals the whole file loaded at once', async () => {
    const others = CC_FILES.others.map((f) => [f, read(f)] as const);
    await growInPieces(CC_FILES.main, read(CC_FILES.main), others, 7);
  });

  it('an SDK stream (deltas, a hook, a subagent, an interrupted end) equals the whole file loaded at once', async () => {
    await growInPieces(TOUR, read(TOUR), [], 5);
  });

  it('status and stream frames read off their bytes leave their uuids to the column: the same trace, uuids and all', async () => {
    // The workbench's path: the frame reader makes the events, the live sink keeps the uuids apart. A repeated uuid
    // (a resumed stream's copy) must still be found, by the column.
    const t = (i: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const status = (i: number, uuid: string) =>
      ({
        type: 'system',
        subtype: 'status',
        status: 'requesting',
        session_id: 'sess-1',
        uuid,
        timestamp: t(i),
      }) as const;
    // The stream's first frames say its dialect: a piece that ends before they do is read again whole.
    const lines = [
      sdk.init(),
      sdk.messageStart('msg_1', { input: 3, output: 1 }),
      sdk.blockStart(0, textBlock('')),
      sdk.textDelta(0, 'hello'),
      sdk.blockStop(0, { uuid: 'stop-1' }),
      sdk.messageDelta('end_turn', { output: 5 }),
      sdk.messageStop({ uuid: 'stop-2' }),
      sdk.assistant('msg_1', [textBlock('hello')], { input: 3, output: 5 }, { stop: 'end_turn' }),
      ...Array.from({ length: 40 }, (_, i) => status(i, `st-${i}`)),
      status(50, 'st-3'),
      sdk.blockStop(0, { uuid: 'stop-1' }),
      sdk.result({ cost: 0.01 }),
    ];
    const bytes = new TextEncoder().encode(jsonl(lines));
    // Counted, to be sure the frames are read off their bytes, not by JSON.parse.
    const { frames, read } = countedFrames(() => true);
    await growInPieces('frames.stream.jsonl', bytes, [], 4, { frames });
    expect(read()).toBeGreaterThan(40);
    const { trace } = await new LiveSources({ frames }).load(inputs([['f.jsonl', bytes]]), false);
    expect(trace.diagnostics.filter((d) => d.code === 'repeated-uuid').map((d) => d.message)).toEqual([
      expect.stringMatching(/^2 lines of f\.jsonl repeat uuids/),
    ]);
  });

  it('a status frame whose uuid holds a byte that is not UTF-8 keeps the uuid a one-shot load reads', async () => {
    // The frame reader takes such a line (each bad byte decodes to one U+FFFD: as many characters as bytes); its uuid
    // must be the decoded one, not its bytes.
    const t = (i: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const status = (i: number) => ({
      type: 'system',
      subtype: 'status',
      status: 'requesting',
      session_id: 'sess-1',
      uuid: `stX${i}`,
      timestamp: t(i),
    });
    // The stream's first frames say its dialect, before which no line is read by the frame reader.
    const lines = [
      sdk.init(),
      sdk.messageStart('msg_1', { input: 3, output: 1 }),
      sdk.blockStart(0, textBlock('')),
      sdk.textDelta(0, 'hello'),
      sdk.blockStop(0),
      sdk.messageDelta('end_turn', { output: 5 }),
      sdk.messageStop(),
      sdk.assistant('msg_1', [textBlock('hello')], { input: 3, output: 5 }, { stop: 'end_turn' }),
      ...Array.from({ length: 6 }, (_, i) => status(i)),
      status(1),
    ];
    const bytes = new TextEncoder().encode(jsonl(lines));
    for (let i = 0; i + 2 < bytes.length; i++)
      if (bytes[i] === 0x73 && bytes[i + 1] === 0x74 && bytes[i + 2] === 0x58) bytes[i + 2] = 0x80;
    const { frames, read } = countedFrames((e) => e.kind === 'system');
    const { trace } = await new LiveSources({ frames }).load(inputs([['f.stream.jsonl', bytes]]), false);
    expect(read()).toBe(7);
    const uuids = (tr: Trace) =>
      withEventUuids(tr)
        .events.filter((e) => e.kind === 'system' && e.subtype === 'status')
        .map((e) => e.uuid);
    expect(uuids(trace)).toEqual([0, 1, 2, 3, 4, 5, 1].map((i) => `st\uFFFD${i}`));
    expect(uuids(trace)).toEqual(uuids(await oneShot([['f.stream.jsonl', bytes]])));
    expect(trace.diagnostics.filter((d) => d.code === 'repeated-uuid')).toHaveLength(1);
  });

  it('stream deltas longer than the fragment an event keeps are rebuilt whole at every update', async () => {
    const bytes = longDeltas();
    const whole = await oneShot([['long.stream.jsonl', bytes]]);
    expect(whole.turns.map((t) => t.stream?.verdict)).toEqual(['match', 'match', 'match', 'match']);
    await growInPieces('long.stream.jsonl', bytes, [], 6);
  });

  it('a subagent file in the older layout growing after its session: same trace, one byte at a time at the end', async () => {
    const agent = read(`${DEEP}/agent-c8d9b115.jsonl`);
    const main = [
      `${DEEP}/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl`,
      read(`${DEEP}/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl`),
    ] as const;
    const live = new LiveSources();
    const name = `${DEEP}/agent-c8d9b115.jsonl`;
    const head = agent.length - 40;
    await live.load(inputs([main, [name, agent.subarray(0, head)]]), true);
    let trace: Trace | undefined;
    for (let cut = head + 1; cut <= agent.length; cut++) {
      const up = await live.update(inputs([main, [name, agent.subarray(0, cut)]]));
      if (up) trace = up.loaded.trace;
    }
    expect(withEventUuids(trace)).toEqual(await oneShot([main, [name, agent]]));
  });

  it('holds a half-written last line while live, reads it as a cut-off line once settled, and again when it completes', async () => {
    const text = read(TOUR);
    const cut = text.indexOf(0x0a, 2000) + 30;
    const live = new LiveSources();
    const held = await live.load(inputs([[TOUR, text.subarray(0, cut)]]), true);
    expect(held.trace.diagnostics.some((d) => d.code === 'truncated-last-line')).toBe(false);
    expect(held.trace.sources[0]?.bytes).toBe(text.indexOf(0x0a, 2000) + 1);
    const settled = await live.settle();
    expect(live.live).toBe(false);
    expect(withEventUuids(settled?.loaded.trace)).toEqual(await oneShot([[TOUR, text.subarray(0, cut)]]));
    expect(settled?.loaded.trace.diagnostics.some((d) => d.code === 'truncated-last-line')).toBe(true);
    // The rest of the line arrives: the cut-off reading is dropped, the line is read whole.
    const up = await live.update(inputs([[TOUR, text]]));
    expect(live.live).toBe(true);
    expect(withEventUuids(up?.loaded.trace)).toEqual(await oneShot([[TOUR, text]]));
    // A load that is not live reads a last line at once, as a one-shot load does.
    const once = new LiveSources();
    expect(withEventUuids((await once.load(inputs([[TOUR, text.subarray(0, cut)]]), false)).trace)).toEqual(
      await oneShot([[TOUR, text.subarray(0, cut)]]),
    );
  });

  it('reads again whole a file whose lines never said their dialect, each line once, whether live or not', async () => {
    // JSON objects of neither dialect: the parser holds them until the dialect is known, so no checkpoint continues them.
    const lines = ['{"a":1}', '{"b":2}', '{"c":3}'];
    const cut = new TextEncoder().encode(`${lines.join('\n')}\n{"d":`);
    const whole = new TextEncoder().encode(`${lines.join('\n')}\n{"d":4}\n`);
    const once = new LiveSources();
    const loaded = await once.load(inputs([['odd.jsonl', cut]]), false);
    expect(withEventUuids(loaded.trace)).toEqual(await oneShot([['odd.jsonl', cut]]));
    expect(loaded.trace.sources[0]?.lines.total).toBe(4);
    const live = new LiveSources();
    await live.load(inputs([['odd.jsonl', cut]]), true);
    expect(withEventUuids((await live.settle())?.loaded.trace)).toEqual(await oneShot([['odd.jsonl', cut]]));
    expect(withEventUuids((await live.update(inputs([['odd.jsonl', whole]])))?.loaded.trace)).toEqual(
      await oneShot([['odd.jsonl', whole]]),
    );
  });

  it('leaves a trace as it was built when a later build moves its events (a file added before its one source)', async () => {
    const tour = read(TOUR);
    const first = read(CC_FILES.main);
    const live = new LiveSources();
    // One source alone: its events and the trace's are one list (see `build`).
    const before = (await live.load(inputs([['b.jsonl', tour]]), false)).trace;
    const was = before.events.map((e) => [e, e.seq, e.source] as const);
    const up = await live.update(
      inputs([
        ['a.jsonl', first],
        ['b.jsonl', tour],
      ]),
      false,
    );
    if (!up) throw new Error('no update');
    // Its events moved past the new file's.
    expect(up.moves).toEqual([
      { from: 0, to: up.loaded.trace.events.length - before.events.length, count: before.events.length },
    ]);
    expect(before.events.map((e) => [e, e.seq, e.source] as const)).toEqual(was);
    expect(before.events.every((e, j) => e === was[j]?.[0])).toBe(true);
    expect(withEventUuids(up.loaded.trace)).toEqual(
      await oneShot([
        ['a.jsonl', first],
        ['b.jsonl', tour],
      ]),
    );
    // And once more, alone again: the same as loaded at once.
    const again = await live.update(inputs([['b.jsonl', tour]]), false);
    if (!again) throw new Error('no update');
    expect(withEventUuids(again.loaded.trace)).toEqual(await oneShot([['b.jsonl', tour]]));
  });

  it('says where events moved when a file before them grew, and finds each by its file and line', async () => {
    const main = read(CC_FILES.main);
    const others = CC_FILES.others.map((f) => [f, read(f)] as const);
    const cut = main.lastIndexOf(0x0a, main.length - 2) + 1;
    const live = new LiveSources();
    const before = (await live.load(inputs([[CC_FILES.main, main.subarray(0, cut)], ...others]), true)).trace;
    const up = await live.update(inputs([[CC_FILES.main, main], ...others]));
    if (!up) throw new Error('no update');
    const after = up.loaded.trace;
    expect(after.events.length).toBe(before.events.length + 1);
    expect(up.changed).toEqual([CC_FILES.main]);
    const moved = (seq: number): number => movedSeq(seq, up.moves);
    for (const e of before.events) {
      const now = after.events[moved(e.seq)];
      expect([after.sources[now?.source ?? -1]?.name, now?.line]).toEqual([before.sources[e.source]?.name, e.line]);
    }
    expect(up.moves.length).toBeGreaterThan(0);
  });

  it('reads again whole a file that was rewritten rather than appended to, a new file, and a gzip file that grew', async () => {
    const text = read(TOUR);
    const live = new LiveSources();
    const half = complete(text.subarray(0, text.length / 2));
    await live.load(inputs([[TOUR, half]]), true);
    // Same length as before plus more, but the bytes before the checkpoint differ: not an append.
    const rewritten = new Uint8Array(text);
    rewritten[half.length - 10] = 0x20;
    const up = await live.update(inputs([[TOUR, rewritten]]));
    expect(withEventUuids(up?.loaded.trace)).toEqual(await oneShot([[TOUR, rewritten]]));
    const agentName = `${CC}/subagents/agent-a7c3e9f1b2d4c6e80.jsonl`;
    const withAgent = await live.update(
      inputs([
        [TOUR, rewritten],
        [agentName, read(agentName)],
      ]),
    );
    expect(withEventUuids(withAgent?.loaded.trace)).toEqual(
      await oneShot([
        [TOUR, rewritten],
        [agentName, read(agentName)],
      ]),
    );
    const gz = new LiveSources();
    const name = 'tour.stream.jsonl.gz';
    const small = gzipSync(half);
    const gzInput = (b: Uint8Array): EngineInput => ({ name, size: b.length, open: () => [b] });
    await gz.load([gzInput(small)], true);
    const big = gzipSync(text);
    expect(withEventUuids((await gz.update([gzInput(big)]))?.loaded.trace)).toEqual(await loadTrace([gzInput(big)]));
    expect(await gz.update([gzInput(big)])).toBeUndefined();
  });
});
