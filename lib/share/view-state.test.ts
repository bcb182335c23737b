import { describe, expect, it } from 'vitest';
import { loadChecked } from '../engine/share';
import { allSecretIds, redactChecked, scanFiles } from './sources';
import { redactViewState } from './view-state';

const GH = 'ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP';
const line = (text: string) =>
  JSON.stringify({ type: 'user', message: { role: 'user', content: text }, session_id: 's', uuid: 'u1' });
const files = [{ path: 'a.jsonl', text: `${line(`curl -H "Authorization: Bearer ${GH}" https://api.github.com`)}\n` }];

async function viewOf(state: string, kept: ReadonlySet<string> = new Set(), literals?: string[]) {
  const opts = literals ? { literals } : undefined;
  const r = await redactChecked(files, kept, loadChecked, opts);
  return redactViewState(state, r.redacted, r.kept, opts);
}

describe('redactViewState', () => {
  it('replaces a redacted secret in the filter by its placeholder, so the recipient never reads it', async () => {
    const v = await viewOf(`sel=3&tab=raw&q=${encodeURIComponent(`tool:Bash ${GH}`)}`);
    expect(v.filter).toBe('redacted');
    expect(v.state).not.toContain(GH);
    const q = new URLSearchParams(v.state).get('q') ?? '';
    expect(q).toMatch(/^tool:Bash \[REDACTED:[a-z-]+\]$/);
    // The rest of the view is as it was.
    expect(new URLSearchParams(v.state).get('sel')).toBe('3');
    expect(new URLSearchParams(v.state).get('tab')).toBe('raw');
  });

  it('leaves the filter out when a word of it is a piece of a redacted secret', async () => {
    const v = await viewOf(`sel=1&q=${GH.slice(0, 12)}`);
    expect(v.filter).toBe('dropped');
    expect(v.state).toBe('sel=1');
  });

  it('redacts text added to redact, and a secret typed in the filter that the trace does not hold', async () => {
    const v = await viewOf(`q=${encodeURIComponent('"Acme Corp" ')}`, new Set(), ['Acme Corp']);
    expect(v.state).not.toContain('Acme');
    const other =
      'sk-ant-api03-a1N-BzFs1Y4NaLYmQMig7Q0W9t5G-WGjutHqUZectw4gcRD3XhZHRW6Op6p3B-teElWZACJ0RzgJwiDCXlwHdagZtB4-_AA';
    const typed = await viewOf(`q=${encodeURIComponent(other)}`);
    expect(typed.filter).toBe('redacted');
    expect(typed.state).not.toContain(other.slice(14));
  });

  it('keeps a filter without secrets, and one whose secret was kept', async () => {
    expect(await viewOf('q=tool%3ABash+status%3Aerror&sel=2')).toEqual({
      state: 'q=tool%3ABash+status%3Aerror&sel=2',
      filter: 'kept',
    });
    expect(await viewOf('sel=2')).toEqual({ state: 'sel=2', filter: 'none' });
    const v = await viewOf(`q=${GH}`, new Set(allSecretIds(scanFiles(files))));
    expect(v).toEqual({ state: `q=${GH}`, filter: 'kept' });
  });
});
