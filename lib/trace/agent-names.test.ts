import { describe, expect, it } from 'vitest';
import { agentFilterValue, agentLabel, agentMatches } from './agent-names';
import { compileFilter } from './filter';
import { cc, jsonl, text, toolUse, type Line } from './testing/builders';
import { loadFiles } from './testing/load';

/** A main file spawning one subagent per Agent input, each with its own file and (optionally) a sidecar. */
async function spawn(agents: readonly { id: string; input: Line; meta?: Line }[]) {
  const files: Record<string, string> = {};
  files['p/S.jsonl'] = jsonl([
    cc.prompt('go', { session: 'S' }),
    cc.assistant(
      'msg_m',
      agents.map((a) => toolUse(`toolu_${a.id}`, 'Agent', a.input)),
      { output: 1 },
      { session: 'S' },
    ),
  ]);
  for (const a of agents) {
    files[`p/S/subagents/agent-${a.id}.jsonl`] = jsonl([
      cc.assistant(`msg_${a.id}`, [text('hi')], { output: 1 }, { session: 'S', sidechain: true, agentId: a.id }),
    ]);
    files[`p/S/subagents/agent-${a.id}.meta.json`] = JSON.stringify({ toolUseId: `toolu_${a.id}`, ...a.meta });
  }
  const { trace } = await loadFiles(files);
  const index = (id: string): number => trace.agents.findIndex((a) => a.agentId === id);
  return { trace, index };
}

describe('agent labels', () => {
  it.each([
    {
      name: 'the Agent call’s name and description',
      input: { name: 'alice', description: 'Refactor greeting helpers', subagent_type: 'general-purpose', prompt: 'p' },
      meta: { agentType: 'general-purpose', description: 'Refactor greeting helpers' },
      label: 'alice · Refactor greeting helpers',
      filter: 'alice',
    },
    {
      name: 'the sidecar’s type and description',
      input: { prompt: 'p' },
      meta: { agentType: 'Explore', description: 'Find the tests' },
      label: 'Explore · Find the tests',
      filter: 'Explore',
    },
    {
      name: 'the call’s subagent_type and description',
      input: { subagent_type: 'Plan', description: 'Plan the change', prompt: 'p' },
      meta: {},
      label: 'Plan · Plan the change',
      filter: 'Plan',
    },
    {
      name: 'the id when nothing else is known',
      input: { prompt: 'p' },
      meta: {},
      label: 'subagent a7c3e9f1b2d4',
      filter: 'a7c3e9f1b2d4',
    },
  ])('names a lane by $name', async ({ input, meta, label, filter }) => {
    const { trace, index } = await spawn([{ id: 'a7c3e9f1b2d4c6e80', input, meta }]);
    expect(agentLabel(trace, index('a7c3e9f1b2d4c6e80'))).toBe(label);
    expect(agentFilterValue(trace, index('a7c3e9f1b2d4c6e80'))).toBe(filter);
    expect(agentLabel(trace, 0)).toBe('main');
  });

  it('tells two lanes of the same name apart by their ids', async () => {
    const input = { subagent_type: 'Explore', description: 'Look', prompt: 'p' };
    const { trace, index } = await spawn([
      { id: 'aaaa1111', input },
      { id: 'bbbb2222', input },
    ]);
    expect([agentLabel(trace, index('aaaa1111')), agentLabel(trace, index('bbbb2222'))]).toEqual([
      'Explore · Look (aaaa1111)',
      'Explore · Look (bbbb2222)',
    ]);
    // Their type names both, so each one's `agent:` word is its id.
    expect([agentFilterValue(trace, index('aaaa1111')), agentFilterValue(trace, index('bbbb2222'))]).toEqual([
      'aaaa1111',
      'bbbb2222',
    ]);
  });

  it('agent: matches a lane by its name, type, description words or id prefix', async () => {
    const { trace, index } = await spawn([
      {
        id: 'a7c3e9f1b2d4c6e80',
        input: {
          name: 'alice',
          description: 'Refactor greeting helpers',
          subagent_type: 'general-purpose',
          prompt: 'p',
        },
      },
    ]);
    const i = index('a7c3e9f1b2d4c6e80');
    for (const v of ['alice', 'general-purpose', 'greeting', 'a7c3']) expect(agentMatches(trace, i, v)).toBe(true);
    expect(agentMatches(trace, i, 'bob')).toBe(false);
    expect(agentMatches(trace, 0, 'main')).toBe(true);
    const pass = compileFilter('agent:alice', trace);
    const lanes = trace.events.filter((e) => pass?.(e)).map((e) => trace.eventAgent[e.seq]);
    // Its line and its sidecar, nothing of the main lane.
    expect(lanes).toEqual([i, i]);
  });
});
