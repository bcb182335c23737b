// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { handle, sessionHandlers } from '../../lib/engine/handlers';
import type { Ask } from '../../lib/engine/protocol';
import { TraceSession } from '../../lib/engine/session';
import { memorySource } from '../../lib/engine/source';
import { runText } from '../../lib/compare/testing/runs';
import { fromBase64Url, unseal } from '../../lib/share/seal';
import { renderHook, type Rendered } from '../../test/dom/render-hook';
import type { LinkChoices } from './ShareChoicesForm';
import { useCreateLink, type LinkRequest } from './useCreateLink';

// Making a link that carries the trace in its fragment (no server), rendered in React against the real engine behind
// the worker protocol: the link opens to the trace with its secrets redacted, and a changed choice takes it away.
// (An uploaded link needs the server: e2e covers it.)

const SECRET = 'AKIA' + 'Q7W2E9R4T6Y1U3I8';
/** Text gzip cannot shrink much, the same each run (a linear congruential sequence). */
const noise = (seed: number): string => {
  let x = seed + 1;
  return Array.from({ length: 60 }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31) % 36).toString(36)).join('');
};
const text = (n: number) =>
  runText('q', [
    { prompt: `deploy with ${SECRET} please`, calls: [{ name: 'Read', input: { file_path: '/repo/a.ts' } }] },
    ...Array.from({ length: n }, (_, i) => ({
      prompt: `step ${i} ${noise(i)}`,
      calls: [{ name: 'Grep', input: { pattern: `p${i}` } }],
    })),
  ]);

async function engine(n: number): Promise<Ask> {
  const handlers = sessionHandlers(new TraceSession(), async () => [memorySource('run.jsonl', text(n))]);
  const ask: Ask = (method, req) => handle(handlers, method, req);
  await ask('load', { source: { kind: 'url', url: 'memory:run.jsonl' } });
  return ask;
}

const fragment: LinkChoices = { where: 'fragment', ttl: null, burn: false, password: '' };
const request = (ask: Ask): LinkRequest => ({
  ask,
  title: 'run',
  viewState: 'sel=3',
  kept: new Set(),
  options: {},
  dropMedia: false,
  choices: fragment,
});

let r: Rendered<LinkRequest, ReturnType<typeof useCreateLink>> | undefined;
afterEach(async () => {
  await r?.unmount();
  r = undefined;
});

describe('useCreateLink', () => {
  it('a small trace becomes a link whose fragment opens to it, secrets redacted, view state kept', async () => {
    window.history.replaceState(null, '', '/view');
    r = await renderHook(useCreateLink, request(await engine(0)));
    await act(async () => r?.result.current.create());
    const phase = r.result.current.phase;
    expect(r.result.current.error).toBeUndefined();
    if (phase.kind !== 'done') throw new Error(`phase is ${phase.kind}`);
    expect(phase.uploaded).toBe(false);
    const url = new URL(phase.link);
    expect(url.pathname).toBe('/t');
    const frag = new URLSearchParams(url.hash.slice(1));
    expect(frag.get('sel')).toBe('3');
    const opened = new TextDecoder().decode(await unseal(fromBase64Url(frag.get('d') ?? ''), frag.get('k') ?? ''));
    expect(opened).toContain('deploy with');
    expect(opened).not.toContain(SECRET);

    // A choice changed after: the link made no longer matches it and is taken away.
    await act(async () => r?.result.current.changed());
    expect(r.result.current.phase.kind).toBe('review');
  });

  it('a trace too large for a link says so and asks for an upload instead', async () => {
    r = await renderHook(useCreateLink, request(await engine(400)));
    await act(async () => r?.result.current.create());
    expect(r.result.current.phase.kind).toBe('review');
    expect(r.result.current.error).toMatch(/too large to carry in a link .* Upload it instead/);
  });
});
