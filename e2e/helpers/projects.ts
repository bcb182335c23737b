import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DayRow, SessionRow, StatsReport } from '../../lib/fast';
import { projectsFolder } from '../../lib/fast/testing/projects';
import { cc, jsonl, toolUse, type Line } from '../../lib/trace/testing/builders';

// The generated projects folder of the CLI's tests (lib/fast/testing/projects.ts: three projects, five sessions over
// four days, subagents in both layouts, a resumed session, a <synthetic> line), written to disk, and the real CLI
// (`node bin/loupe.mjs`, the compiled bundle) run on it.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Writes the folder under `dir`; returns the path of its `projects` folder. */
export function writeProjects(dir: string, files: Readonly<Record<string, string>> = projectsFolder()): string {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return path.join(dir, 'projects');
}

/** `loupe stats <folder> --by <by> --json`, with days in the time zone given (as the browser's). */
export function cliReport(folder: string, by: 'session', timeZone: string): StatsReport<SessionRow>;
export function cliReport(folder: string, by: 'day', timeZone: string): StatsReport<DayRow>;
export function cliReport(folder: string, by: 'session' | 'day', timeZone: string): StatsReport {
  if (!existsSync(path.join(ROOT, 'dist', 'loupe.cjs')))
    execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: ROOT });
  const out = execFileSync(process.execPath, ['bin/loupe.mjs', 'stats', folder, '--by', by, '--json'], {
    cwd: ROOT,
    env: { ...process.env, TZ: timeZone },
  });
  return JSON.parse(out.toString('utf8'));
}

const SHOW_PROJECTS = [
  '-home-dev-loupe',
  '-home-dev-acme-api',
  '-home-dev-trace-kit',
  '-home-dev-infra',
  '-home-dev-notes',
];
const SHOW_MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001'];
const SHOW_PROMPTS = [
  'Fix the flaky date parser test on CI',
  'Add a --since flag to the stats command',
  'Why does the cache miss after a deploy?',
  'Refactor the loader into a pipeline of small steps',
  'Write the release notes for 0.4',
  'Summarize the open pull requests',
  'Port the retry logic to the new HTTP client',
  'Explain how the session files are laid out',
  'Bump the dependencies and fix what breaks',
  'Profile the worker and find the slow path',
];

/** A folder that looks like a few weeks of real use (for screenshots): five projects, three models, 3 weeks. */
export function showcaseFolder(sessions = 60): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < sessions; i++) {
    const id = `d${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;
    const project = SHOW_PROJECTS[(i * 7) % SHOW_PROJECTS.length] ?? '';
    const model = SHOW_MODELS[i % 7 === 0 ? 0 : i % 3 === 0 ? 2 : 1] ?? '';
    const day = new Date(Date.UTC(2026, 2, 1 + Math.floor((i * 21) / sessions), 8 + ((i * 5) % 10), (i * 13) % 60));
    const lines: Line[] = [
      cc.prompt(SHOW_PROMPTS[i % SHOW_PROMPTS.length] ?? '', { session: id, time: day.toISOString() }),
    ];
    const calls = 3 + ((i * 11) % 17);
    for (let c = 0; c < calls; c++) {
      const t = new Date(day.getTime() + (c + 1) * 47_000).toISOString();
      const mid = `msg_${i}_${c}`;
      const u = {
        input: 20 + c,
        output: 150 + ((i * c * 37) % 900),
        cacheRead: 8000 + c * 3000,
        cacheWrite: 1200 + ((i * 131) % 4000),
      };
      lines.push(
        cc.assistant(mid, [toolUse(`toolu_${i}_${c}`, 'Read', { file_path: `src/f${c}.ts` })], u, {
          session: id,
          model,
          time: t,
        }),
      );
      lines.push(cc.result(`toolu_${i}_${c}`, `contents of src/f${c}.ts`, { session: id, time: t }));
    }
    // Their cwd spells the folder's name, as Claude Code's lines do: the library shows ~/loupe, ~/acme-api, ….
    const cwd = `/home/dev/${project.replace(/^-home-dev-/, '')}`;
    files[`projects/${project}/${id}.jsonl`] = jsonl(lines.map((l) => ({ ...l, cwd })));
  }
  return files;
}
