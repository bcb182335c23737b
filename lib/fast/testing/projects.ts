import { cc, jsonl, text, toolUse, type Line } from '../../trace/testing/builders';

// A small Claude Code projects folder for tests: three projects, sessions over several days (one across midnight UTC),
// subagents in both layouts, a resumed session that repeats earlier lines, split lines, a <synthetic> error line and
// two models. Names start with `projects/`, as when the folder itself is given. Deterministic.

const OPUS = 'claude-opus-4-6';
const HAIKU = 'claude-haiku-4-5-20251001';

export interface GenSession {
  readonly id: string;
  readonly project: string;
  readonly day: string;
  readonly prompt: string;
}

/** Session ids and where they live, for tests to assert against. */
export const SESSIONS: readonly GenSession[] = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    project: '-home-dev-alpha',
    day: '2026-03-01',
    prompt: 'Fix the failing date parser test',
  },
  {
    id: 'a0000000-0000-4000-8000-000000000002',
    project: '-home-dev-alpha',
    day: '2026-03-02',
    prompt: 'Explore how the cache is invalidated',
  },
  {
    id: 'b0000000-0000-4000-8000-000000000003',
    project: '-home-dev-beta',
    day: '2026-03-02',
    prompt: 'Summarize the open pull requests',
  },
  {
    id: 'b0000000-0000-4000-8000-000000000004',
    project: '-home-dev-beta',
    day: '2026-03-03',
    prompt: 'Resume: finish the summary',
  },
  {
    id: 'c0000000-0000-4000-8000-000000000005',
    project: '-home-dev-gamma',
    day: '2026-03-03',
    prompt: 'Late night refactor of the loader',
  },
];

function at(day: string, hh: number, mm: number, ss = 0): string {
  return `${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}.000Z`;
}

/** One prompt and `calls` model calls, each split over two lines (the last one carries the real output). */
function conversation(
  s: GenSession,
  start: [number, number],
  calls: number,
  model: string,
  n: number,
  extra: { agentId?: string; sidechain?: boolean } = {},
): Line[] {
  const o = { session: s.id, ...extra };
  const lines: Line[] = [
    cc.prompt(s.prompt, { ...o, time: at(s.day, start[0], start[1]), uuid: `${s.id.slice(0, 8)}-p-${n}` }),
  ];
  for (let i = 0; i < calls; i++) {
    const id = `msg_${s.id.slice(0, 1)}${n}${i}${extra.agentId ?? ''}`;
    const u = { input: 10 + i, cacheRead: 1000 * (i + 1), cacheWrite: 200 + n };
    const t = at(s.day, start[0], start[1] + i, 10);
    lines.push(cc.assistant(id, [text(`step ${i}`)], { ...u, output: 1 }, { ...o, model, time: t, uuid: `${id}-1` }));
    lines.push(
      cc.assistant(
        id,
        [toolUse(`toolu_${id}`, 'Read', { file_path: `f${i}.ts` })],
        { ...u, output: 40 + 7 * i },
        { ...o, model, time: t, uuid: `${id}-2` },
      ),
    );
    lines.push(cc.result(`toolu_${id}`, `contents of f${i}.ts`, { ...o, time: t, uuid: `${id}-r` }));
  }
  return lines;
}

/** name → file text. */
export function projectsFolder(): Record<string, string> {
  const [s1, s2, s3, s4, s5] = SESSIONS;
  if (!s1 || !s2 || !s3 || !s4 || !s5) throw new Error('sessions');
  const files: Record<string, string> = {};
  const put = (s: GenSession, file: string, lines: Line[]): void => {
    files[`projects/${s.project}/${file}`] = jsonl(lines);
  };
  // alpha: a session with a subagent in the new layout, and one with a <synthetic> API-error line.
  put(s1, `${s1.id}.jsonl`, [
    ...conversation(s1, [9, 0], 3, OPUS, 1),
    cc.assistant(
      'msg_task',
      [toolUse('toolu_T1', 'Task', { subagent_type: 'Explore', prompt: 'look around' })],
      { input: 5, output: 30, cacheRead: 4000 },
      { session: s1.id, model: OPUS, time: at(s1.day, 9, 10) },
    ),
  ]);
  put(
    s1,
    `${s1.id}/subagents/agent-x1.jsonl`,
    conversation(s1, [9, 11], 2, HAIKU, 2, { agentId: 'x1', sidechain: true }),
  );
  put(s2, `${s2.id}.jsonl`, [
    ...conversation(s2, [14, 0], 2, OPUS, 3),
    // Given usage here (real ones carry zeros), so that counting it or not shows in the totals.
    {
      ...cc.assistant(
        'msg_syn',
        [text('API Error: 529 overloaded')],
        { input: 120, output: 30 },
        { session: s2.id, model: '<synthetic>', requestId: null, time: at(s2.day, 14, 5) },
      ),
      isApiErrorMessage: true,
    },
  ]);
  // beta: a subagent in the old flat layout, and a resumed session whose file repeats the first one's lines.
  const first = conversation(s3, [11, 30], 2, OPUS, 4);
  put(s3, `${s3.id}.jsonl`, first);
  put(s3, 'agent-y2.jsonl', conversation(s3, [11, 40], 1, HAIKU, 5, { agentId: 'y2', sidechain: true }));
  put(s4, `${s4.id}.jsonl`, [...first, ...conversation(s4, [8, 0], 2, OPUS, 6)]);
  // gamma: one session across midnight UTC.
  put(s5, `${s5.id}.jsonl`, [
    ...conversation(s5, [23, 50], 2, OPUS, 7),
    ...conversation({ ...s5, day: '2026-03-04', prompt: 'and the tests' }, [0, 20], 2, HAIKU, 8),
  ]);
  return files;
}
