// The fast path and the full model give the same counted calls, sessions and reports on every fixture and sample.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text } from '../trace/testing/builders';
import { tourLines } from '../trace/testing/tour';
import { buildReport } from './report';
import { GROUPS } from './report-types';
import { projectsFolder } from './testing/projects';
import { fastMerged, fullMerged, type Files } from './testing/equivalence';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { computeStats } from '../trace/stats';
import { fromTrace } from './from-trace';
import { mergeScans } from './merge';
import { scanSource } from './source';

const ROOT = path.resolve(import.meta.dirname, '../..');

function filesUnder(rel: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const base = path.dirname(path.join(ROOT, rel));
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) walk(path.join(p, f));
    else out[path.relative(base, p).split(path.sep).join('/')] = readFileSync(p);
  };
  walk(path.join(ROOT, rel));
  return out;
}

const nodeSearch = (hay: Uint8Array, needle: Uint8Array, from: number): number =>
  Buffer.prototype.indexOf.call(hay, needle, from);

async function expectSame(files: Files): Promise<void> {
  const full = await fullMerged(files);
  expect(await fastMerged(files)).toEqual(full);
  expect(await fastMerged(files, { chunk: 7 })).toEqual(full);
  expect(await fastMerged(files, { chunk: 4096, search: nodeSearch })).toEqual(full);
  // Without WebAssembly: Node's native search, and the plain JavaScript one browsers fall back to.
  expect(await fastMerged(files, { chunk: 4096, search: nodeSearch, simd: false })).toEqual(full);
  expect(await fastMerged(files, { chunk: 11, simd: false })).toEqual(full);
  // Every assistant line through the full parser instead of the WebAssembly reader.
  expect(await fastMerged(files, { chunk: 64, lean: false })).toEqual(full);
  const fast = await fastMerged(files, { chunk: 100 });
  for (const by of GROUPS) expect(buildReport(fast, by, { utc: true })).toEqual(buildReport(full, by, { utc: true }));
  // A window of one line: the prefilter alone decides which lines are read.
  const tiny = { lines: 1, bytes: 1 << 20, lineBytes: 1 << 20 };
  const fullTiny = await fullMerged(files, tiny);
  expect(await fastMerged(files, { window: tiny })).toEqual(fullTiny);
  expect(await fastMerged(files, { window: tiny, chunk: 5, search: nodeSearch })).toEqual(fullTiny);
  // Reading prompts for search too (a session library) changes no number.
  expect(await fastMerged(files, { prompts: true, chunk: 9 })).toEqual(full);
  expect(await fastMerged(files, { prompts: true, window: tiny, search: nodeSearch })).toEqual(fullTiny);
}

const cases: [string, () => Files][] = [
  ['test/fixtures/real (all together)', () => filesUnder('test/fixtures/real')],
  ['public/samples (all together)', () => filesUnder('public/samples')],
  [
    'a project folder with a file of one summary line',
    () => filesUnder('test/fixtures/real/claude-code-log/projects/-Users-dain-workspace-claude-code-log-sample'),
  ],
  ['the tour', () => ({ 'tour/tour.stream.jsonl': jsonl(tourLines()) })],
  [
    'cache writes given only by their 5m/1h breakdown, and a breakdown that does not add up to its total',
    () => {
      const line = (id: string, usage: Record<string, unknown>) => {
        const l = cc.assistant(id, [text('x')], { output: 10 });
        (l.message as Record<string, unknown>).usage = { input_tokens: 1, output_tokens: 10, ...usage };
        return l;
      };
      return {
        'p/w.jsonl': jsonl([
          line('msg_w1', { cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 200 } }),
          line('msg_w2', { cache_creation: { ephemeral_1h_input_tokens: 70 } }),
          line('msg_w3', {
            cache_creation_input_tokens: 500,
            cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 400 },
          }),
        ]),
      };
    },
  ],
  ['a generated projects folder (subagents in both layouts, a resumed session, a <synthetic> line)', projectsFolder],
  [
    'empty message and request ids, lines without a session id, a stream frame after message_stop',
    () => ({
      'p/s.jsonl': jsonl([
        cc.assistant('', [text('a')], { input: 1, output: 2 }, { requestId: '' }),
        cc.assistant('', [text('b')], { input: 1, output: 5 }, { requestId: '' }),
        { ...cc.assistant('msg_n', [text('c')], { input: 3, output: 4 }), sessionId: null },
      ]),
      'p/t.jsonl': jsonl([
        sdk.messageStart('', { input: 2, output: 1 }),
        sdk.messageDelta('end_turn', { output: 9 }),
        sdk.messageStop(),
        sdk.messageDelta('end_turn', { output: 50 }),
        sdk.assistant('', [text('d')], { input: 2, output: 1 }),
      ]),
    }),
  ],
  [
    'message ids several calls share (a gateway), split lines that tie or grow, a /btw replay, progress copies',
    () => {
      const sub = cc.assistant(
        'msg_sub',
        [text('looking')],
        { input: 400, output: 80 },
        { sidechain: true, agentId: 'ag1' },
      );
      return {
        'p/g.jsonl': jsonl([
          cc.assistant('msg_gw', [text('1')], { input: 1000, output: 10 }, { requestId: null }),
          cc.assistant('msg_gw', [text('2')], { input: 2000, output: 20 }, { requestId: null }),
          cc.assistant('msg_gw', [text('1 more')], { input: 1000, output: 30 }, { requestId: null }),
          cc.assistant('msg_gw', [text('3')], { input: 500, output: 5 }, { requestId: 'req_other' }),
          // A tie on output: the first copy counts (its cache writes are 5m, the second's 1h).
          cc.assistant(
            'msg_gw',
            [text('2 again')],
            { input: 2000, output: 20, cache5m: 0, cache1h: 0 },
            { requestId: null },
          ),
          cc.assistant('msg_tie', [text('a')], { input: 7, output: 3, cacheWrite: 100 }),
          cc.assistant('msg_tie', [text('b')], { input: 7, output: 3, cache1h: 100 }),
          cc.assistant('msg_tie', [text('c')], { input: 7, output: 2, cache5m: 100 }),
          // A side question replays the parent's message under another request id, across the sidechain flag.
          cc.assistant('msg_btw', [text('x')], { input: 50, output: 4 }, { requestId: 'req_a' }),
          cc.assistant('msg_btw', [text('x')], { input: 50, output: 9 }, { requestId: 'req_b', sidechain: true }),
          cc.line('progress', {
            data: { type: 'agent_progress', agentId: 'ag1', message: sub },
            toolUseID: 'x',
            parentToolUseID: 'toolu_T',
          }),
          cc.line(
            'progress',
            { data: { type: 'agent_progress', agentId: 'ag1', message: sub }, toolUseID: 'y' },
            { session: 'sess-2' },
          ),
          cc.assistant('msg_after', [text('y')], { input: 5, output: 1 }),
        ]),
        'p/agent-ag1.jsonl': jsonl([sub]),
      };
    },
  ],
  [
    'split lines of calls with times out of order, copies between them, a line of another call with the same usage',
    () => {
      const u = { input: 9, output: 4, cacheWrite: 30 };
      return {
        'p/sess-1.jsonl': jsonl([
          cc.prompt('go', { time: '2026-01-01T10:00:00.000Z' }),
          cc.assistant('msg_a', [text('a')], u, { time: '2026-01-01T10:00:05.000Z' }),
          cc.assistant('msg_a', [text('b')], u, { time: '2026-01-01T10:00:02.000Z' }),
          cc.line('progress', { data: { type: 'hook_progress' } }, { time: '2026-01-01T10:00:03.000Z' }),
          cc.assistant('msg_a', [text('c')], u, { time: '2026-01-02T23:59:59.000Z' }),
          cc.assistant('msg_b', [text('d')], u, { time: '2026-01-01T09:00:00.000Z' }),
          cc.assistant('msg_b', [text('e')], { ...u, output: 40 }, { time: '2026-01-03T00:00:01.000Z' }),
          cc.assistant(
            'msg_b',
            [text('f')],
            { ...u, output: 40 },
            { time: '2026-01-01T08:00:00.000Z', session: 'sess-2' },
          ),
        ]),
      };
    },
  ],
  [
    'split lines whose output grows, shrinks or ties (folded into one record), after and before copies of the same id',
    () => ({
      'p/sess-f.jsonl': jsonl([
        cc.prompt('go', { time: '2026-01-01T10:00:00.000Z' }),
        cc.assistant('msg_f', [text('a')], { input: 10, output: 50 }, { requestId: 'req_f' }),
        cc.assistant('msg_x', [text('x')], { input: 1, output: 1 }),
        cc.assistant('msg_f', [text('b')], { input: 10, output: 1 }, { requestId: 'req_f' }),
        cc.assistant('msg_f', [text('c')], { input: 10, output: 60, cacheWrite: 5 }, { requestId: 'req_f' }),
        cc.assistant('msg_f', [text('d')], { input: 10, output: 60, cache1h: 5 }, { requestId: 'req_f' }),
        cc.assistant('msg_f', [text('e')], { input: 10, output: 2 }, { requestId: 'req_f' }),
        // A gateway's other call under the same id (another prompt size), split too.
        cc.assistant('msg_f', [text('f')], { input: 20, output: 5 }, { requestId: null }),
        cc.assistant('msg_f', [text('g')], { input: 20, output: 9, cacheRead: 0 }, { requestId: null }),
        cc.assistant('msg_f', [text('h')], { input: 20, output: 9, cache5m: 3 }, { requestId: null }),
        cc.assistant('msg_g', [text('i')], { input: 3, output: 4 }),
        cc.assistant('msg_g', [text('j')], { input: 3, output: 0 }),
        cc.assistant('msg_g', [text('k')], { input: 3, output: 4, cacheRead: 8 }),
      ]),
      'p/sess-g.jsonl': jsonl([
        cc.assistant('msg_g', [text('l')], { input: 3, output: 2 }),
        cc.assistant('msg_g', [text('m')], { input: 3, output: 7 }),
      ]),
    }),
  ],
  [
    'a file tail (its last 16 KiB, read for the span) that starts with a line without a session id, then another session',
    () => {
      const t = (sec: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, sec)).toISOString();
      const calls = (n: number, session: string, t0: number) =>
        Array.from({ length: n }, (_, i) =>
          cc.assistant(
            `m${session}${i}`,
            [text('x'.repeat(300))],
            { input: 1, output: 1 },
            { session, time: t(t0 + i) },
          ),
        );
      // 19 calls of 818 bytes after it: the line without a session id is the first one of the tail.
      const { sessionId: _none, ...sidless } = cc.line(
        'system',
        { subtype: 'informational', content: 'x' },
        { time: t(5000) },
      );
      return {
        'p/tail.jsonl': jsonl([
          cc.prompt('hi', { session: 's1', time: t(0) }),
          ...calls(300, 's1', 1),
          sidless,
          ...calls(19, 's2', 400),
        ]),
      };
    },
  ],
];
for (const dir of ['test/fixtures/real/claude-code-log/projects', 'public/samples']) {
  for (const sub of readdirSync(path.join(ROOT, dir))) cases.push([`${dir}/${sub}`, () => filesUnder(`${dir}/${sub}`)]);
}
for (const f of [
  'test/fixtures/real/spotter/transcripts/short.jsonl',
  'test/fixtures/real/open-harness/golden/structured-output.stream.jsonl',
  'test/fixtures/real/open-harness/golden/structured-output.json',
]) {
  cases.push([f, () => filesUnder(f)]);
}

describe('fast path = full model', () => {
  it.each(cases)('%s', async (_name, files) => {
    await expectSame(files());
  });
});

// A session's span in the library is the one the workbench shows: the meta lines before its first prompt and the lines
// Claude Code writes after its last call, out of time order (326189cf's latest line is its third from last), count.
describe('a session file spans in the library what it spans in the workbench', () => {
  for (const rel of [
    'test/fixtures/real/claude-code-log/projects/-Users-dain-workspace-claude-code-log-sample/326189cf-5676-4237-8cde-1ce80aae4a9f.jsonl',
    'test/fixtures/real/claude-code-log/projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl',
    'test/fixtures/real/claude-code-log/projects/-src-experiments-claude_p/2b4ed4c0-b905-41de-9238-273db3ec737a.jsonl',
    'test/fixtures/real/spotter/transcripts/short.jsonl',
  ]) {
    it(path.basename(rel), async () => {
      const bytes = readFileSync(path.join(ROOT, rel));
      const name = path.basename(rel);
      const { durationMs } = computeStats(await loadTrace([memorySource(name, bytes)]));
      expect(durationMs).toBeGreaterThan(0);
      for (const chunk of [7, 4096, 1 << 20]) {
        const fast = await fastMerged({ [name]: bytes }, { chunk });
        expect(fast.sessions.map((s) => (s.lastTime ?? 0) - (s.firstTime ?? 0))).toEqual([durationMs]);
      }
    });
  }
});

describe('a CRLF file whose last line is exactly at the line limit', () => {
  it('is read to its end by both, the CR not counted', async () => {
    const time = (sec: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, sec)).toISOString();
    const last = JSON.stringify(
      cc.line(
        'system',
        { subtype: 'stop_hook_summary', content: 'x'.repeat(400) },
        { session: 's1', time: time(9000) },
      ),
    );
    const body = `${jsonl([cc.prompt('hi', { session: 's1', time: time(0) })]).replace(/\n/g, '\r\n')}${last}\r\n`;
    const limits = { maxLineBytes: last.length };
    const full = fromTrace(await loadTrace([memorySource('p/x.jsonl', body)], { limits }), () => 'p');
    const fast = mergeScans([
      { scan: (await scanSource(memorySource('p/x.jsonl', body), limits)) ?? fail(), project: 'p' },
    ]);
    expect(fast.sessions.map((s) => [s.firstTime, s.lastTime])).toEqual(
      full.sessions.map((s) => [s.firstTime, s.lastTime]),
    );
    expect(full.sessions[0]?.lastTime).toBe(Date.parse(time(9000)));
  });
});

function fail(): never {
  throw new Error('no scan');
}
