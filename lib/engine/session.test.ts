// The engine session driven the way the browser worker drives it: real transcripts as in-memory Blobs, through the
// handler table, with bytes kept as the worker keeps them. Numbers are the fixtures' own (see real.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LoadSource } from './protocol';
import { blobInput, blobKeeper } from './blob';
import { handle, sessionHandlers } from './handlers';
import { loadTrace, type LoadProgress } from './load';
import { TraceSession } from './session';
import { lineRef } from '../trace/line-types';
import { memorySource, memoryText } from './source';
import { withEventUuids } from '../trace/model/uuids';
import { tourText } from '../trace/testing/tour';
import type { ChipKey } from '../view/chips';
import { unpackStatsView } from '../view/stats-view';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const DEEP = 'claude-code-log/projects/-src-deep-manifest';
const MAIN = `${DEEP}/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl`;
const AGENT = `${DEEP}/agent-c8d9b115.jsonl`;
const read = (rel: string): Uint8Array<ArrayBuffer> => new Uint8Array(readFileSync(path.join(REAL, rel)));
const lineOf = (bytes: Uint8Array, line: number): string => new TextDecoder().decode(bytes).split('\n')[line - 1] ?? '';

/** Blob inputs as the worker makes them from dropped files. */
const openFiles = (source: LoadSource) =>
  source.kind === 'files'
    ? Promise.all(source.files.map((f) => blobInput(f.path, f.file)))
    : Promise.reject(new Error(`not in this test: ${source.kind}`));

describe('engine session over Blobs', () => {
  it('loads a session folder (main transcript gzipped) and answers rows, view, details, raw and stats', async () => {
    const main = read(MAIN);
    const agent = read(AGENT);
    const progress: LoadProgress[] = [];
    const session = new TraceSession({ keep: blobKeeper, onProgress: (p) => progress.push(p) });
    const handlers = sessionHandlers(session, openFiles);
    const files = [
      { path: AGENT, file: new Blob([agent]) },
      { path: `${MAIN}.gz`, file: new Blob([new Uint8Array(gzipSync(main))]) },
    ];
    const summary = await handle(handlers, 'load', { source: { kind: 'files', files } });

    // Ordered main first; the gzip one is read decompressed.
    expect(summary.sources.map((s) => [s.name, s.format, s.bytes])).toEqual([
      [`${MAIN}.gz`, 'claude-code', main.length],
      [AGENT, 'claude-code', agent.length],
    ]);
    expect(summary.stats.lines).toMatchObject({ total: 351, parsed: 351, invalid: 0 });
    expect(summary.eventCount).toBe(351);
    expect(summary.stats.apiMessages).toBe(109);
    expect(summary.stats.toolCalls).toMatchObject({ requested: 123, withResult: 123, errored: 5, denied: 1 });
    expect(summary.stats.cost.computedUsd).toBeCloseTo(6.213986, 6);
    expect(summary.models).toEqual(['claude-haiku-4-5-20251001', 'claude-opus-4-5-20251101']);
    // The default view is the conversation: the 19 meta lines (summaries, snapshots, …) wait under their chip.
    expect(summary.chipCounts).toEqual({ hooks: 0, progress: 0, meta: 19, stream: 0 });
    expect(summary.rowCount).toBe(450);

    // Progress counts stored (compressed) bytes, and ends with one "building" step at the total.
    const stored = files.reduce((n, f) => n + f.file.size, 0);
    expect(progress.length).toBeGreaterThan(1);
    expect(
      progress.slice(0, -1).every((p) => p.phase === 'reading' && p.bytes <= stored && p.totalBytes === stored),
    ).toBe(true);
    expect(progress.at(-1)).toEqual({
      phase: 'building',
      name: 'building the model',
      bytes: stored,
      totalBytes: stored,
      events: 351,
    });

    expect(
      (
        await handle(handlers, 'view', {
          view: { filter: '', expanded: [], show: ['hooks', 'progress', 'meta', 'stream'] },
        })
      ).rowCount,
    ).toBe(469);
    const first = await handle(handlers, 'rows', { start: 0, end: 3 });
    expect(first.map((r) => [r.row, r.kind, r.label])).toEqual([
      [0, 'response', 'Response 1 · /context'],
      [1, 'event', 'summary · Claude Code warmup for deep-manifest project'],
      [2, 'event', 'summary · Claude Code CLI Tool Development Summary'],
    ]);

    // 36 Bash calls over both files: 36 requests and 36 results, under their turn and response headers.
    const { rowCount, matched, total, issues } = await handle(handlers, 'view', {
      view: { filter: 'tool:Bash', expanded: [] },
    });
    expect(rowCount).toBe(107);
    // Events, not rows: the 72 Bash events of 351, under their headers.
    expect([matched, total, issues]).toEqual([72, 351, []]);
    const typo = await handle(handlers, 'view', { view: { filter: 'tool:Bahs', expanded: [] } });
    expect([typo.matched, typo.issues.map((i) => [i.message, i.suggestions.map((x) => x.term)])]).toEqual([
      0,
      [['No tool `Bahs` in this trace', ['tool:Bash']]],
    ]);
    await handle(handlers, 'view', { view: { filter: 'tool:Bash', expanded: [] } });
    const rows = await handle(handlers, 'rows', { start: 0, end: rowCount });
    const events = rows.filter((r) => r.kind === 'event');
    expect(events).toHaveLength(72);
    const firstBash = events[0];
    expect(firstBash).toMatchObject({ row: 2, label: 'Bash(git status)', seq: 13 });
    const seq = firstBash?.seq ?? -1;
    expect(await handle(handlers, 'rowOf', { seq })).toBe(2);
    expect(await handle(handlers, 'headerOf', { row: 2 })).toBe(1);

    const details = await handle(handlers, 'details', { seq });
    expect(details && lineRef(details.event)).toEqual({ source: 0, line: 14, offset: 8115, length: 899 });
    expect(details?.toolCalls.map((c) => [c.name, c.input, c.result?.isError])).toEqual([
      ['Bash', { command: 'git status', description: 'Show working tree status' }, false],
    ]);
    const full = await handle(handlers, 'details', { seq, full: true });
    expect(full?.event).toEqual(details?.event);

    // Raw re-reads the exact line: from the kept decompressed bytes for the .gz, from the Blob for the plain file.
    const raw = await handle(handlers, 'raw', { seq });
    expect(raw).toEqual({ sourceName: `${MAIN}.gz`, line: 14, offset: 8115, length: 899, text: lineOf(main, 14) });
    const agentEvent = session.trace().events.find((e) => e.source === 1 && e.line === 7);
    const agentRaw = await handle(handlers, 'raw', { seq: agentEvent?.seq ?? -1 });
    expect(agentRaw?.text).toBe(lineOf(agent, 7));
    expect(agentRaw?.sourceName).toBe(AGENT);

    const wire = await handle(handlers, 'statsView', {});
    // The long lists cross to the page as typed arrays, copied as bytes, not as 109 objects to rebuild one by one.
    expect(wire.turns.columns.find((c) => c.key === 'input')?.kind).toBe('number');
    expect(wire.turns.columns.find((c) => c.key === 'model')).toMatchObject({
      kind: 'string',
      table: ['claude-opus-4-5-20251101', 'claude-haiku-4-5-20251001'],
    });
    const stats = unpackStatsView(wire);
    expect(stats.stats.cost.computedUsd).toBeCloseTo(6.213986, 6);
    expect(stats.stats.cost.reportedUsd).toBeNull();
    expect(stats.turns).toHaveLength(109);
    expect(stats.responses).toHaveLength(8);
    expect(stats.verdict.protocol.status).toBe('no-result-frames');
    const opus = stats.stats.byModel.find((b) => b.key === 'claude-opus-4-5-20251101');
    expect(opus?.apiMessages).toBe(103);
  });

  it('answers find and neighbor over the unfiltered rows of an SDK stream', async () => {
    const text = read('open-harness/golden/structured-output.stream.jsonl');
    const session = new TraceSession({ keep: blobKeeper });
    const summary = await session.load([await blobInput('run.stream.jsonl', new Blob([text]))]);
    expect(summary.stats.lines.total).toBe(30);
    expect(summary.stats.apiMessages).toBe(1);
    expect(summary.stats.cost.reportedUsd).toBeCloseTo(0.016708, 6);
    expect(summary.status.results).toHaveLength(1);
    const hits = session.find('structured');
    expect(hits.length).toBeGreaterThan(0);
    for (const row of hits) expect(session.rows(row, row + 1)[0]?.kind).toBe('event');
    const header = session.neighbor(-1, 1);
    expect(['response', 'turn']).toContain(session.rows(header, header + 1)[0]?.kind);
  });

  it('rebuilds the rows for a view that makes other rows, and only then', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    const summary = await session.load([await blobInput('session.jsonl', new Blob([read(MAIN)]))]);
    const labels = () => session.rows(0, 400).map((r) => r.label);
    const plain = labels();
    // The page's first view is the load's: the same rows, and a blank filter has nothing to check.
    expect(session.setView({ filter: ' ', expanded: [] })).toMatchObject({ rowCount: summary.rowCount, issues: [] });
    expect(session.setView({ filter: '', expanded: [], show: [] }).rowCount).toBe(summary.rowCount);
    expect(labels()).toEqual(plain);
    const all = session.setView({ filter: '', expanded: [], show: ['meta', 'hooks'] }).rowCount;
    expect(all).toBeGreaterThan(summary.rowCount);
    // The same chips in another order make the same rows; turning them off again gives the first rows back.
    expect(session.setView({ filter: '', expanded: [], show: ['hooks', 'meta'] }).rowCount).toBe(all);
    expect(session.setView({ filter: '', expanded: [] }).rowCount).toBe(summary.rowCount);
    expect(labels()).toEqual(plain);
    expect(session.setView({ filter: 'tool:Bash', expanded: [] }).rowCount).toBeLessThan(summary.rowCount);
  });

  it('finds a header row again by its kind and first event, as a reload with a header selected asks', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    await session.load([await blobInput('session.jsonl', new Blob([read(MAIN)]))]);
    const views = session.rows(0, 200);
    const headers = views.filter((v) => v.kind !== 'event' && v.firstSeq !== undefined);
    expect(new Set(headers.map((v) => v.kind))).toEqual(new Set(['response', 'turn']));
    for (const h of headers) {
      // Its first event is shown below it, or hidden (the first response's is a meta line, under a chip that is off).
      const seq = h.firstSeq ?? -1;
      const eventRow = session.rowOf(seq);
      expect(eventRow === -1 || eventRow > h.row).toBe(true);
      expect(session.rowOf(seq, h.kind === 'event' ? undefined : h.kind)).toBe(h.row);
    }
    expect(headers[0]?.row).toBe(0);
    expect(session.rowOf(headers[0]?.firstSeq ?? -1)).toBe(-1);
    // A kind that heads nothing there gives the event's own row.
    const turn = headers.find((v) => v.kind === 'turn');
    expect(session.rowOf(turn?.firstSeq ?? -1, 'agent')).toBe(session.rowOf(turn?.firstSeq ?? -1));
  });

  it('finds a header however far from its first event: a folded stream, a model call with every line hidden', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    await session.load([await blobInput('tour.jsonl', new Blob([tourText()]))]);
    const headers = (show: readonly ChipKey[]) => {
      session.setView({ filter: '', expanded: [], show });
      const views = session.rows(0, 1000);
      return views.filter((v) => v.kind !== 'event' && v.firstSeq !== undefined);
    };
    for (const show of [[], ['stream'], ['stream', 'meta', 'hooks', 'progress']] as const) {
      const hs = headers(show);
      expect(hs.length).toBeGreaterThan(0);
      for (const h of hs) {
        if (h.kind === 'event') continue;
        // The first header of that kind with that first event (an inline lane's header may come back further down).
        const first = hs.find((x) => x.kind === h.kind && x.firstSeq === h.firstSeq);
        expect(session.rowOf(h.firstSeq ?? -1, h.kind), `${show.join(',')} ${h.kind} ${h.label}`).toBe(first?.row);
      }
    }
    // With the stream chip on, a folded stream's header has no event row of its own to stand beside.
    const streams = headers(['stream']).find((h) => h.kind === 'streams');
    expect(streams).toBeDefined();
    expect(session.rowOf(streams?.firstSeq ?? -1)).toBe(-1);
  });

  it('reads again the line a diagnostic is about, cut past 64 KiB', async () => {
    const prompt = JSON.stringify({
      type: 'user',
      uuid: 'u1',
      sessionId: 's1',
      message: { role: 'user', content: 'hi' },
    });
    const bad = '{"type":"assistant", oops';
    const long = JSON.stringify({ type: 'user', note: 'x'.repeat(100_000) });
    const session = new TraceSession({ keep: blobKeeper });
    await session.load([await blobInput('s.jsonl', new Blob([`${prompt}\n${bad}\n${long}\n`]))], {
      limits: { maxLineBytes: 80_000 },
    });
    const diags = session.trace().diagnostics.filter((d) => d.consumesLine);
    expect(diags.map((d) => d.code)).toEqual(['malformed-json', 'line-too-long']);
    const [malformed, tooLong] = diags.map((d) => d.src);
    expect(await session.diagnosticLine(0, malformed?.offset ?? -1)).toMatchObject({
      line: 2,
      text: bad,
      length: bad.length,
    });
    const cut = await session.diagnosticLine(0, tooLong?.offset ?? -1);
    expect(cut?.text).toBe(long.slice(0, 64 * 1024));
    expect(cut?.more).toBe(long.length - 64 * 1024);
    // Only where a diagnostic's line starts.
    expect(await session.diagnosticLine(0, 0)).toBeUndefined();
  });

  it('gives the CLI the same trace as the worker path (one load loop)', async () => {
    const bytes = read('spotter/transcripts/short.jsonl');
    const session = new TraceSession({ keep: blobKeeper });
    const viaWorkerPath = await session.load([await blobInput('short.jsonl', new Blob([bytes]))]);
    const viaCliPath = await loadTrace([memorySource('short.jsonl', bytes)]);
    // The worker path keeps uuids off the events (in a column): the same once put back.
    expect(viaCliPath.events).toEqual(withEventUuids(session.trace()).events);
    expect(viaCliPath.diagnostics).toEqual(session.trace().diagnostics);
    expect(viaWorkerPath.stats.cost.computedUsd).toBeCloseTo(0.144448, 6);
    expect(viaWorkerPath.stats.toolCalls).toMatchObject({ requested: 2, denied: 2 });
  });

  it('shows events while parsing and answers nothing but empty rows before a load', async () => {
    const session = new TraceSession();
    expect(session.rows(0, 10)).toEqual([]);
    expect(session.neighbor(0, 1)).toBe(-1);
    expect(await session.raw(0)).toBeUndefined();
    expect(() => session.statsView(undefined)).toThrow('nothing loaded');
    const bytes = read(AGENT);
    let seen = 0;
    const watcher = new TraceSession({
      // The host's pause is where the worker answers requests mid-load: rows come from the events parsed so far.
      pause: (phase) => {
        if (phase === 'reading') seen = Math.max(seen, watcher.rows(0, 1000).length);
        return undefined;
      },
    });
    await watcher.load([memorySource('agent-c8d9b115.jsonl', bytes)]);
    expect(seen).toBe(35);
  });

  it('reports each chunk once its lines are parsed, with their rows: the first rows need no question', async () => {
    const bytes = read(AGENT);
    const lines = new TextDecoder().decode(bytes).split('\n');
    // Two chunks, the first ending after line 3: its report must count those three events, not the ones before it.
    const cut = new TextEncoder().encode(lines.slice(0, 3).join('\n') + '\n').length;
    const input = { ...memorySource('agent.jsonl', bytes), open: () => [bytes.subarray(0, cut), bytes.subarray(cut)] };
    const reports: { bytes: number; events: number; rows: number }[] = [];
    const session: TraceSession = new TraceSession({
      onProgress: (p) => {
        if (p.phase === 'reading')
          reports.push({ bytes: p.bytes, events: p.events, rows: session.parsedRows(5).length });
      },
    });
    await session.load([input]);
    expect(reports).toEqual([
      { bytes: cut, events: 3, rows: 3 },
      { bytes: bytes.length, events: 35, rows: 5 },
    ]);
    // Once loaded, nothing is being parsed.
    expect(session.parsedRows(5)).toEqual([]);
  });
  it('says why a request fails: an event not in the trace, a source that can no longer be read', async () => {
    const bytes = read(AGENT);
    let readable = true;
    const input = memorySource('agent-c8d9b115.jsonl', bytes);
    const text = memoryText(bytes);
    // A dropped file read again after it changed on disk: the browser refuses the read (NotReadableError).
    const session = new TraceSession();
    await session.load([
      {
        ...input,
        reread: {
          slice: (a, b) =>
            readable ? text.slice(a, b) : Promise.reject(new Error('The requested file could not be read')),
          all: () => (readable ? text.all() : Promise.reject(new Error('The requested file could not be read'))),
        },
      },
    ]);
    await expect(session.details(35, false)).rejects.toThrow(
      'this trace has no event 35 (its events are numbered 0 to 34)',
    );
    await expect(session.raw(-1)).rejects.toThrow('this trace has no event -1');
    readable = false;
    await expect(session.raw(3)).rejects.toThrow(
      'agent-c8d9b115.jsonl could not be read again (The requested file could not be read). It may have changed or moved since it was opened',
    );
    await expect(session.details(3, true)).rejects.toThrow('could not be read again');
    await expect(session.shareScan(undefined)).rejects.toThrow('agent-c8d9b115.jsonl could not be read again');
    // Details that need no re-read still come; and once the file reads again, so does the line.
    expect((await session.details(3, false))?.event.seq).toBe(3);
    readable = true;
    expect((await session.raw(3))?.line).toBe(4);
  });
});
