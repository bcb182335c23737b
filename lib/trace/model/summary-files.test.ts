import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../../engine/load';
import { LiveSources } from '../../engine/live';
import { memorySource } from '../../engine/source';
import { agentLabel } from '../agent-names';
import { cc, jsonl, text } from '../testing/builders';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const SAMPLE = path.resolve(
  import.meta.dirname,
  '../../../test/fixtures/real/claude-code-log/projects/-Users-dain-workspace-claude-code-log-sample',
);

const load = (files: Record<string, string | Uint8Array>) =>
  loadTrace(
    Object.entries(files).map(([name, data]) =>
      memorySource(name, typeof data === 'string' ? new TextEncoder().encode(data) : data),
    ),
  );

const session = (id: string) =>
  jsonl([
    cc.prompt('go', { session: id, uuid: `${id}-u1` }),
    cc.assistant('msg_1', [text('ok')], { output: 3 }, { session: id, uuid: `${id}-u2`, parentUuid: `${id}-u1` }),
  ]);
const summaryFile = (leaf: string) => jsonl([{ type: 'summary', summary: 'Cache Fix', leafUuid: leaf }]);

describe('a file of nothing but summary lines is not a session of its own', () => {
  it('joins the session its leaf uuid is in, and titles it', async () => {
    const trace = await load({ [`p/${A}.jsonl`]: session(A), [`p/${B}.jsonl`]: summaryFile(`${A}-u2`) });
    expect(trace.sessions.map((s) => [s.id, s.title])).toEqual([[A, 'Cache Fix']]);
    expect(trace.events.map((e) => trace.agents[trace.eventAgent[e.seq] ?? -1]?.session)).toEqual([0, 0, 0]);
  });

  it('finds its leaf as well when the uuids are kept in a column, as the browser and the CLI load', async () => {
    const live = new LiveSources();
    // The leaf is a user line: only an assistant line keeps its uuid on the event.
    const files = { [`p/${A}.jsonl`]: session(A), [`p/${B}.jsonl`]: summaryFile(`${A}-u1`) };
    const { trace } = await live.load(
      Object.entries(files).map(([name, data]) => memorySource(name, new TextEncoder().encode(data))),
      false,
    );
    expect(trace.sessions.map((s) => [s.id, s.title])).toEqual([[A, 'Cache Fix']]);
  });

  it('with its leaf not loaded, joins the file before it without titling it', async () => {
    const trace = await load({ [`p/${A}.jsonl`]: session(A), [`p/${B}.jsonl`]: summaryFile('elsewhere') });
    expect(trace.sessions.map((s) => [s.id, s.title])).toEqual([[A, undefined]]);
    expect(agentLabel(trace, 0)).toBe('main');
  });

  it('alone, is the only session there is', async () => {
    const trace = await load({ [`p/${B}.jsonl`]: summaryFile('elsewhere') });
    expect(trace.sessions.map((s) => [s.id, s.title])).toEqual([[B, 'Cache Fix']]);
  });

  it('in a real project folder: one session, not the summary file as a second', async () => {
    const files = Object.fromEntries(
      readdirSync(SAMPLE).map((f) => [`p/${f}`, new Uint8Array(readFileSync(path.join(SAMPLE, f)))]),
    );
    const trace = await load(files);
    expect(trace.sessions.map((s) => [s.id.slice(0, 8), s.title])).toEqual([
      ['326189cf', 'Local Command Execution and Screen Clearing'],
    ]);
  });
});
