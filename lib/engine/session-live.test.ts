// The session over files that grow: while live, what has not ended reads as in progress (not interrupted); an update
// keeps the view and says where events moved; settling reads the end as it is; Reload reads newer copies by path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobInput, blobKeeper } from './blob';
import { handle, sessionHandlers } from './handlers';
import { TraceSession } from './session';
import { memorySource } from './source';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOUR = 'public/samples/tour/tour.stream.jsonl';
const tour: Uint8Array<ArrayBuffer> = new Uint8Array(readFileSync(path.join(ROOT, TOUR)));
const upTo = (bytes: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> => bytes.subarray(0, n);

describe('a live session', () => {
  it('marks the last response in progress while live, and interrupted once settled', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    const summary = await session.load([memorySource('tour.stream.jsonl', tour)], { live: true });
    // The tour ends without a result frame: read as it is, that is an interrupted response.
    expect(summary.live).toBe(true);
    expect(summary.status).toMatchObject({ interrupted: 0, inProgress: 1 });
    const rows = session.rows(0, summary.rowCount);
    const responses = rows.filter((r) => r.kind === 'response');
    expect(responses.at(-1)?.badges.map((b) => b.text)).toContain('in progress');
    expect(responses.at(-1)?.badges.map((b) => b.text)).not.toContain('interrupted');
    const settled = await session.settle();
    expect(settled?.summary.live).toBeUndefined();
    expect(settled?.summary.status).toMatchObject({ interrupted: 1 });
    expect(
      session
        .rows(0, settled?.summary.rowCount ?? 0)
        .filter((r) => r.kind === 'response')
        .at(-1)
        ?.badges.map((b) => b.text),
    ).toContain('interrupted');
    expect(await session.settle()).toBeUndefined();
  });

  it('appends what a file gained, under the same filter, and says where earlier events moved', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    const cut = tour.indexOf(0x0a, tour.length / 2) + 1;
    const agent = new TextEncoder().encode(
      `${JSON.stringify({ type: 'system', subtype: 'init', session_id: 'other', uuid: 'z1' })}\n`,
    );
    await session.load(
      [memorySource('tour.stream.jsonl', upTo(tour, cut)), memorySource('zz/agent-late.jsonl', agent)],
      { live: true },
    );
    session.setView({ filter: 'kind:assistant', expanded: [] });
    const before = session.trace();
    const up = await session.update([
      memorySource('tour.stream.jsonl', tour),
      memorySource('zz/agent-late.jsonl', agent),
    ]);
    if (!up) throw new Error('no update');
    expect(up.changed).toEqual(['tour.stream.jsonl']);
    const after = session.trace();
    expect(after.events.length).toBeGreaterThan(before.events.length);
    // The last file's event moved by what the first gained.
    const last = before.events.at(-1);
    expect(up.moves).toEqual([{ from: last?.seq, to: after.events.length - 1, count: 1 }]);
    // The filter still applies to the rows of the new trace.
    expect(
      session
        .rows(0, up.summary.rowCount)
        .filter((r) => r.kind === 'event')
        .every((r) => r.icon === 'assistant'),
    ).toBe(true);
    expect(
      await session.update([memorySource('tour.stream.jsonl', tour), memorySource('zz/agent-late.jsonl', agent)]),
    ).toBeUndefined();
  });

  it('reloads newer copies picked again (matched by path, a folder up or down), as snapshots', async () => {
    const session = new TraceSession({ keep: blobKeeper });
    const handlers = sessionHandlers(session, async (s) =>
      s.kind === 'files' ? Promise.all(s.files.map((f) => blobInput(f.path, f.file))) : [],
    );
    const cut = tour.indexOf(0x0a, 3000) + 20;
    const name = 'project/run/tour.stream.jsonl';
    await handle(handlers, 'load', {
      source: { kind: 'files', files: [{ path: name, file: new Blob([upTo(tour, cut)]) }] },
    });
    // A snapshot is read whole at once: its cut-off last line is a diagnostic.
    expect(session.trace().diagnostics.some((d) => d.code === 'truncated-last-line')).toBe(true);
    const same = await handle(handlers, 'reload', {
      files: [{ path: 'run/tour.stream.jsonl', file: new Blob([upTo(tour, cut)]) }],
    });
    expect(same).toBeNull();
    const up = await handle(handlers, 'reload', {
      files: [
        { path: 'run/tour.stream.jsonl', file: new Blob([tour]) },
        { path: 'run/other.jsonl', file: new Blob(['{}\n']) },
      ],
    });
    expect(up?.changed).toEqual([name]);
    expect(up?.summary.live).toBeUndefined();
    expect(session.trace().diagnostics.some((d) => d.code === 'truncated-last-line')).toBe(false);
    expect(session.trace().sources.map((s) => [s.name, s.bytes])).toEqual([[name, tour.length]]);
  });
});
