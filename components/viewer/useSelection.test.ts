// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handle, sessionHandlers } from '../../lib/engine/handlers';
import type { Ask } from '../../lib/engine/protocol';
import { TraceSession } from '../../lib/engine/session';
import { memorySource } from '../../lib/engine/source';
import { runText } from '../../lib/compare/testing/runs';
import type { RowView } from '../../lib/view/rowview';
import type { VirtualListHandle } from '../ui/VirtualList';
import { renderHook, until, type Rendered } from '../../test/dom/render-hook';
import { useSelection } from './useSelection';
import { useViewUrl } from './useViewUrl';

// The selected row and event, rendered in React against the real engine behind the worker protocol (a TraceSession
// answering in this thread) and the page's real URL: what a reload, a click and a jump to a hidden event select.

const text = runText('q', [
  { prompt: 'read the config', calls: [{ name: 'Read', input: { file_path: '/repo/a.ts' } }] },
  { prompt: 'now grep it', calls: [{ name: 'Grep', input: { pattern: 'TODO' } }] },
]);

let ask: Ask;
let rows: readonly RowView[];
const scrolled: [number, string | undefined][] = [];
const failed: string[] = [];
const list = {
  current: { focus: () => undefined, scrollToIndex: (i, a) => void scrolled.push([i, a]) } as VirtualListHandle,
};

async function view(filter: string): Promise<readonly RowView[]> {
  const { rowCount } = await ask('view', { view: { filter, expanded: [] } });
  return ask('rows', { start: 0, end: rowCount });
}
const seqOf = (v: RowView | undefined) => (v?.kind === 'event' ? v.seq : undefined);
const urlSel = () => new URLSearchParams(window.location.search).get('sel');

function useSubject({ viewVersion }: { viewVersion: number }) {
  const url = useViewUrl();
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  return useSelection({
    ask,
    url,
    viewVersion,
    change: undefined,
    expanded,
    setExpanded,
    list,
    fail: (what) => () => void failed.push(what),
  });
}

let r: Rendered<{ viewVersion: number }, ReturnType<typeof useSelection>> | undefined;
beforeEach(async () => {
  const handlers = sessionHandlers(new TraceSession(), async () => [memorySource('run.jsonl', text)]);
  ask = (method, req) => handle(handlers, method, req);
  await ask('load', { source: { kind: 'url', url: 'memory:run.jsonl' } });
  rows = await view('');
  window.history.replaceState(null, '', '/view');
});
afterEach(async () => {
  await r?.unmount();
  r = undefined;
  scrolled.length = 0;
  expect(failed.splice(0)).toEqual([]);
});

describe('useSelection', () => {
  it('a reload selects the event the URL names once the rows come, and scrolls it into the middle', async () => {
    const row = rows.length - 1 - [...rows].reverse().findIndex((v) => seqOf(v) !== undefined);
    window.history.replaceState(null, '', `/view?sel=${seqOf(rows[row])}`);
    r = await renderHook(useSubject, { viewVersion: 0 });
    expect(r.result.current.selectedRow).toBe(-1);
    await r.rerender({ viewVersion: 1 });
    await until(() => r?.result.current.selectedRow === row, 'the selected row');
    expect(scrolled).toEqual([[row, 'center']]);
  });

  it('a row selected that was not fetched yet puts its event in the URL', async () => {
    r = await renderHook(useSubject, { viewVersion: 1 });
    const row = rows.findIndex((v) => seqOf(v) !== undefined);
    await act(async () => r?.result.current.selectRow(row, undefined));
    expect(r.result.current.selectedRow).toBe(row);
    await until(() => urlSel() === String(seqOf(rows[row])), 'the selected event in the URL');
  });

  it('a jump to an event the filter hides clears the filter and selects it', async () => {
    const grepRows = await view('Grep');
    const hidden = rows.map(seqOf).find((s) => s !== undefined && !grepRows.some((v) => seqOf(v) === s));
    expect(hidden).toBeDefined();
    window.history.replaceState(null, '', '/view?q=Grep');
    r = await renderHook(useSubject, { viewVersion: 1 });
    await act(async () => r?.result.current.jumpToSeq(hidden ?? -1));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('q')).toBeNull();
    expect(params.get('sel')).toBe(String(hidden));
  });
});
