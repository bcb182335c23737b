import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DayRow, SessionRow, StatsReport } from '../../lib/fast';
import { projectsFolder } from '../../lib/fast/testing/projects';

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
  if (!existsSync(path.join(ROOT, 'dist', 'loupe.mjs'))) execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: ROOT });
  const out = execFileSync(process.execPath, ['bin/loupe.mjs', 'stats', folder, '--by', by, '--json'], { cwd: ROOT, env: { ...process.env, TZ: timeZone } });
  return JSON.parse(out.toString('utf8'));
}
