import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFilter, filterVocabulary, type FilterVocabulary } from './filter-check';
import { compileFilter } from './filter';
import { loadFiles, loadText } from './testing/load';
import { tourText } from './testing/tour';

const vocab: FilterVocabulary = {
  tools: ['Bash', 'BashOutput', 'Edit', 'Grep', 'Task'],
  models: ['claude-opus-4-6', 'claude-haiku-4-5-20251001'],
  agentWords: ['main', 'Explore c8d9b1156e2f', 'Explore'],
  agentIds: ['c8d9b1156e2f'],
  agentValues: ['main', 'c8d9b1156e2f'],
  sessions: ['2b4ed4c0-b905-41de-9238-273db3ec737a'],
};

/** Each issue as one line: the term, the message, then the suggestions (`~` near misses, `=` the valid values). */
const check = (q: string): string[] =>
  checkFilter(q, vocab).map((i) =>
    `${q.slice(i.start, i.end)} | ${i.message} | ${i.suggestions.length === 0 ? '' : `${i.close ? '~' : '='} ${i.suggestions.map((s) => `${s.text}→${s.term}`).join(' ')}`}`.trim(),
  );

describe('checkFilter', () => {
  it.each([
    // Valid queries: nothing to say.
    ['', []],
    ['kind:assistant tool:Bash status:error -kind:stream', []],
    ['kind:tool-result kind:perm decision:deny decision:allowed has:diff', []],
    [
      'tool:bash tool:Bash tool:Bas model:opus model:haiku-4-5 agent:main agent:explore agent:c8d9 session:2b4ed4c0',
      [],
    ],
    ['dur>5s dur<200ms dur:1m line:12', []],
    ['free text "quoted: text" https://example.com/x 10:45', []],
  ])('%j is fine', (q, want) => {
    expect(check(q)).toEqual(want);
  });

  it.each([
    ['kind:tool_result', ['kind:tool_result | Unknown kind `tool_result` | ~ tool-result→kind:tool-result']],
    ['-kind:Tool_Result', ['-kind:Tool_Result | Unknown kind `Tool_Result` | ~ tool-result→-kind:tool-result']],
    ['kind:asistant', ['kind:asistant | Unknown kind `asistant` | ~ assistant→kind:assistant']],
    [
      'status:bogus',
      [
        'status:bogus | Unknown status `bogus` | = error→status:error ok→status:ok denied→status:denied incomplete→status:incomplete interrupted→status:interrupted',
      ],
    ],
    ['status:errors', ['status:errors | Unknown status `errors` | ~ error→status:error']],
    ['has:diffs', ['has:diffs | Unknown has `diffs` | ~ diff→has:diff']],
    [
      'decision:maybe',
      [
        'decision:maybe | Unknown decision `maybe` | = allow→decision:allow deny→decision:deny unknown→decision:unknown',
      ],
    ],
    [
      'foo:bar',
      [
        'foo:bar | Unknown property `foo` (searched as text) | = kind:→kind:bar tool:→tool:bar status:→status:bar decision:→decision:bar agent:→agent:bar model:→model:bar has:→has:bar dur:→dur:bar session:→session:bar line:→line:bar',
      ],
    ],
    ['toll:Bash', ['toll:Bash | Unknown property `toll` (searched as text) | ~ tool:→tool:Bash']],
    ['stauts:error', ['stauts:error | Unknown property `stauts` (searched as text) | ~ status:→status:error']],
    ['tool:Bahs', ['tool:Bahs | No tool `Bahs` in this trace | ~ Bash→tool:Bash']],
    [
      'tool:Write',
      [
        'tool:Write | No tool `Write` in this trace | = Bash→tool:Bash BashOutput→tool:BashOutput Edit→tool:Edit Grep→tool:Grep Task→tool:Task',
      ],
    ],
    [
      'model:sonnet',
      [
        'model:sonnet | No model `sonnet` in this trace | = claude-opus-4-6→model:claude-opus-4-6 claude-haiku-4-5-20251001→model:claude-haiku-4-5-20251001',
      ],
    ],
    ['agent:explorer', ['agent:explorer | No agent `explorer` in this trace | ~ Explore→agent:Explore']],
    ['session:ffff', ['session:ffff | No session `ffff` in this trace | = 2b4ed4c0→session:2b4ed4c0']],
    ['dur>fast', ['dur>fast | `fast` is not a duration | = dur>5s→dur>5s dur<200ms→dur<200ms dur>1m→dur>1m']],
    ['line:ten', ['line:ten | `line:` takes a line number, not `ten` |']],
    ['kind>user', ['kind>user | `kind>` does not compare: only `dur` takes > or < | ~ user→kind:user']],
    [
      'kind:',
      [
        'kind: | `kind:` needs a value | = user→kind:user assistant→kind:assistant tool-result→kind:tool-result stream→kind:stream result→kind:result system→kind:system permission-denied→kind:permission-denied hook→kind:hook progress→kind:progress control→kind:control meta→kind:meta eval→kind:eval unknown→kind:unknown',
      ],
    ],
    [
      'tool:"Big Tool"',
      [
        'tool:"Big Tool" | No tool `Big Tool` in this trace | = Bash→tool:Bash BashOutput→tool:BashOutput Edit→tool:Edit Grep→tool:Grep Task→tool:Task',
      ],
    ],
    // Only the bad term is named; where it is in the query is kept, so a suggestion can replace it.
    [
      'tool:Bash kind:tool_result status:error',
      ['kind:tool_result | Unknown kind `tool_result` | ~ tool-result→kind:tool-result'],
    ],
  ])('%j is flagged', (q, want) => {
    expect(check(q)).toEqual(want);
  });

  it('says so when the trace has no tool calls at all', () => {
    expect(checkFilter('tool:Bash', { ...vocab, tools: [] }).map((i) => i.message)).toEqual([
      'No tool calls in this trace',
    ]);
  });
});

describe('filterVocabulary', () => {
  it('names the tools, models, agents and sessions of a trace', async () => {
    const { trace } = await loadText(tourText());
    const v = filterVocabulary(trace);
    expect(v.tools).toEqual(expect.arrayContaining(['Bash', 'Edit', 'Task']));
    expect(v.agentWords).toContain('Explore');
    expect(v.models.length).toBeGreaterThan(0);
    expect(v.sessions.length).toBe(1);
    // The tour sample's queries are all valid against it.
    expect(checkFilter('tool:Bash agent:explore kind:assistant has:diff', v)).toEqual([]);
  });
});

describe('a decision the box flags as unknown', () => {
  it('matches no event, while decision:unknown still finds the calls nothing decided (cc-2-1 sample)', async () => {
    const file = path.resolve(import.meta.dirname, '../../public/samples/cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70');
    const { trace } = await loadFiles({
      'cc-2-1/s.jsonl': readFileSync(`${file}.jsonl`),
      'cc-2-1/s/subagents/agent-a7c3e9f1b2d4c6e80.jsonl': readFileSync(
        path.join(file, 'subagents/agent-a7c3e9f1b2d4c6e80.jsonl'),
      ),
    });
    const count = (q: string): number => trace.events.filter(compileFilter(q, trace) ?? (() => true)).length;
    expect(checkFilter('decision:alow', filterVocabulary(trace)).map((i) => i.message)).toEqual([
      'Unknown decision `alow`',
    ]);
    expect(count('decision:alow')).toBe(0);
    expect(count('decision:xyz')).toBe(0);
    expect(count('decision:unknown')).toBe(2);
    expect(count('decision:allow')).toBeGreaterThan(0);
  });

  it('a line past the end of every file is flagged, one inside is not (cc-2-1: 45 lines)', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../public/samples/cc-2-1/5f0c2a9e-7b1d-4e8a-9c3f-2d6b8e1a4c70.jsonl',
    );
    const { trace } = await loadFiles({ 's.jsonl': readFileSync(file) });
    const vocab = filterVocabulary(trace);
    expect(checkFilter('line:9999', vocab).map((i) => i.message)).toEqual([
      'No line 9999 in this trace: its files have lines 1 to 45',
    ]);
    expect(checkFilter('line:0', vocab)).toHaveLength(1);
    expect(checkFilter('line:45', vocab)).toEqual([]);
  });
});
