// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { handle, sessionHandlers } from '../../lib/engine/handlers';
import type { Ask } from '../../lib/engine/protocol';
import { TraceSession } from '../../lib/engine/session';
import { memorySource } from '../../lib/engine/source';
import { runText } from '../../lib/compare/testing/runs';
import { renderHook, until, type Rendered } from '../../test/dom/render-hook';
import { useWorkerQuery, type WorkerQuery } from './useWorkerQuery';

// The hook every pane reads the worker through, rendered in React against the real engine behind the worker protocol
// (a TraceSession answering as the trace worker does, in this thread).

const text = runText('q', [
  { prompt: 'read the config', calls: [{ name: 'Read', input: { file_path: '/repo/a.ts' } }] },
  { prompt: 'now grep it', calls: [{ name: 'Grep', input: { pattern: 'TODO' } }] },
]);

async function engine(limits?: { maxHeapBytes: number }): Promise<{ ask: Ask; asked: string[] }> {
  const handlers = sessionHandlers(new TraceSession(), async () => [memorySource('run.jsonl', text)]);
  const asked: string[] = [];
  const ask: Ask = (method, req) => {
    asked.push(method);
    return handle(handlers, method, req);
  };
  await ask('load', { source: { kind: 'url', url: 'memory:run.jsonl' }, ...(limits ? { limits } : {}) });
  return { ask, asked };
}

type FindProps = { ask: Ask; query: string | undefined };
const useFind = ({ ask, query }: FindProps): WorkerQuery<readonly number[]> =>
  useWorkerQuery(ask, 'find', query === undefined ? undefined : { query });

let rendered: Rendered<FindProps, WorkerQuery<readonly number[]>> | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

describe('useWorkerQuery', () => {
  it('asks nothing without a request, then answers, and asks again only when the request changes', async () => {
    const { ask, asked } = await engine();
    rendered = await renderHook(useFind, { ask, query: undefined });
    expect(rendered.result.current).toMatchObject({ data: undefined, loading: false, error: undefined });
    expect(asked).toEqual(['load']);

    await rendered.rerender({ ask, query: 'Grep' });
    await until(() => rendered?.result.current.loading === false, 'the answer to find Grep');
    const grep = rendered.result.current.data;
    expect(grep?.length).toBeGreaterThan(0);

    // The same request again (a re-render) is not asked twice; another one is, and its answer replaces the first.
    await rendered.rerender({ ask, query: 'Grep' });
    expect(asked.filter((m) => m === 'find')).toHaveLength(1);
    await rendered.rerender({ ask, query: 'Read' });
    await until(() => rendered?.result.current.loading === false, 'the answer to find Read');
    expect(asked.filter((m) => m === 'find')).toHaveLength(2);
    expect(rendered.result.current.data).not.toEqual(grep);
  });

  it('keeps a failure as words, final when trying again cannot mend it, and retry asks again', async () => {
    // A load stopped by the heap budget: the share scan refuses the trace, finally.
    const { ask, asked } = await engine({ maxHeapBytes: 1 });
    const useScan = ({ ask: a }: FindProps) => useWorkerQuery(a, 'shareScan', { options: {} });
    const r = await renderHook(useScan, { ask, query: undefined });
    await until(() => r.result.current.loading === false, 'the share scan');
    expect(r.result.current.error).toMatch(/was not loaded whole .* cannot be shared/);
    expect(r.result.current.final).toBe(true);
    const scans = asked.filter((m) => m === 'shareScan').length;
    await act(async () => r.result.current.retry());
    await until(() => asked.filter((m) => m === 'shareScan').length > scans, 'the retried scan');
    await until(() => r.result.current.loading === false, 'the retried scan to answer');
    expect(r.result.current.final).toBe(true);
    await r.unmount();
  });
});
