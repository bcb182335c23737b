import { describe, expect, it } from 'vitest';
import { session21Files } from '../trace/testing/session21';
import { loadFiles } from '../trace/testing/load';
import type { Trace } from '../trace/model/types';
import { DERIVED_NOTE, effectDetails, type EffectDetails } from './effect';

const lines = (e: EffectDetails): string[] =>
  e.kind === 'derived' || (e.kind === 'recorded' && e.file)
    ? (e.file?.diff.hunks.flatMap((h) =>
        h.lines.map((l) => `${{ context: ' ', del: '-', add: '+' }[l.kind]}${l.segments.map((s) => s.text).join('')}`),
      ) ?? [])
    : [];

describe('the side effect the Tool call tab shows (cc-2-1 sample)', () => {
  const load = async (): Promise<Trace> =>
    (await loadFiles(Object.fromEntries(session21Files().map((f) => [f.path, f.text])))).trace;
  const effect = (trace: Trace, id: string): EffectDetails => {
    const c = trace.toolCalls.find((x) => x.id === id);
    if (!c) throw new Error(id);
    return effectDetails(trace, c);
  };

  it('derives the subagent’s Edit against its earlier Read, marked as from the request', async () => {
    const trace = await load();
    const e = effect(trace, 'toolu_01Sub2Edit');
    expect(e.kind).toBe('derived');
    if (e.kind !== 'derived') return;
    expect(e.file.sourceNote).toBe(DERIVED_NOTE);
    expect(e.file.title).toBe('edit of /home/dev/greeter/.claude/worktrees/agent-a7c3e9f1/src/greet.py');
    expect(e.file.before?.text).toMatch(/^The file as the Read showed it\./);
    expect(e.file.before?.at).toMatchObject({ label: 'the Read', line: 3 });
    expect(e.file.diff.hunks[0]?.header).toBe('@@ -1,5 +1,5 @@');
    expect(lines(e)).toEqual([
      ' def greet(name):',
      "-    print('hello ' + name)",
      "+    return 'hello ' + name",
      ' ',
      ' ',
      ' def main():',
    ]);
  });

  it('diffs the later Write against the Read with the Edit applied', async () => {
    const e = effect(await load(), 'toolu_01Sub5Write');
    if (e.kind !== 'derived') throw new Error(e.kind);
    expect(e.file.before?.text).toMatch(/with the edit made since applied/);
    expect(lines(e)).toContain('+from greeter.names import normalize');
    expect(lines(e)).toContain("-    return 'hello ' + name");
  });

  it('shows no side effect for the failed Edit, a new file for the new Write, and keeps the recorded patch', async () => {
    const trace = await load();
    expect(effect(trace, 'toolu_01Sub3Edit')).toEqual({ kind: 'failed' });
    const created = effect(trace, 'toolu_01Sub6Write');
    expect(created.kind === 'derived' && created.file.title).toBe(
      'new file /home/dev/greeter/.claude/worktrees/agent-a7c3e9f1/src/names.py',
    );
    const recorded = effect(trace, 'toolu_01Gr5Edit');
    expect(recorded.kind).toBe('recorded');
    expect(recorded.kind === 'recorded' && recorded.file?.sourceNote).toMatch(/Recorded by the tool/);
    expect(lines(recorded)).toEqual([
      ' # greeter',
      ' ',
      '-Prints a greeting.',
      '+Returns a greeting; `--shout` upper-cases it.',
    ]);
    const notebook = effect(trace, 'toolu_01Sub7Nb');
    expect(notebook.kind === 'derived' && notebook.file.diff.hunks[0]?.header).toBe('cell cell-3 · replace');
  });

  it('names the subagent an Agent call spawned as its lane is named, its id beside it', async () => {
    const trace = await load();
    const e = effect(trace, 'toolu_01Gr3Agent');
    expect(e.kind === 'recorded' && e.sideEffect.type === 'agent' && e.sideEffect.agentId).toBe('a7c3e9f1b2d4c6e80');
    expect(e.kind === 'recorded' && e.agentLabel).toBe('alice · Refactor greeting helpers');
  });
});
