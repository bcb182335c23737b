// What a project folder stands for (lib/trace/project.ts): the path its lines' cwd spells, home as ~, else its name without the
// leading dash; in the library's rows and chart and in `loupe stats --by project` / `--by session`.
import { describe, expect, it } from 'vitest';
import { buildReport } from './report';
import type { ProjectRow, SessionRow } from './report-types';
import { homeShort, isProjectFolderOf, projectPath, projectPaths } from '../trace/project';
import { librarySnapshot } from './library';
import { scanSource } from './source';
import { memorySource } from '../engine/source';
import { fastMerged, fullMerged, project } from './testing/equivalence';
import {
  CC_PROJECT,
  CC_SESSION,
  OLD_PROJECT,
  OLD_SESSION,
  SDK_PROJECT,
  SDK_SESSION,
  subagentFirstFolder,
} from './testing/subagent-first';
import { dailySeries } from './daily';

describe('a project folder’s path', () => {
  it('is the cwd that spells its name, home as ~', () => {
    expect(projectPath('-home-me-experiments-worktrees', ['/repo', '/home/me/experiments/worktrees'])).toBe(
      '~/experiments/worktrees',
    );
    expect(projectPath('-Users-dain-work-acme-api', ['/Users/dain/work/acme-api'])).toBe('~/work/acme-api');
    expect(projectPath('-Users-dain-my-app-web', ['/Users/dain/my.app/web'])).toBe('~/my.app/web');
    // Older versions kept some characters: the name is still the path's.
    expect(projectPath('-src-experiments-claude_p', ['/src/experiments/claude_p'])).toBe('/src/experiments/claude_p');
    expect(projectPath('-root-x', ['/root/x'])).toBe('~/x');
    expect(projectPath('C--Users-me-code', ['C:\\Users\\me\\code'])).toBe('~\\code');
  });

  it('is the name without its leading dash when no cwd spells it', () => {
    expect(projectPath('-home-me-experiments-worktrees')).toBe('home-me-experiments-worktrees');
    expect(
      projectPath('-home-me-experiments-worktrees', [
        '/home/me/experiments',
        undefined,
        '/home/me/experiments/worktrees/x',
      ]),
    ).toBe('home-me-experiments-worktrees');
    // A folder given that is not a project's keeps its name.
    expect(projectPath('(files)')).toBe('(files)');
    expect(projectPath('-')).toBe('-');
  });

  it('matches a folder name only where the path has no letter or digit', () => {
    expect(isProjectFolderOf('-a-b', '/a/b')).toBe(true);
    expect(isProjectFolderOf('-a-b', '/a/c')).toBe(false);
    expect(isProjectFolderOf('-a-b', '/a/bc')).toBe(false);
    expect(isProjectFolderOf('-a-b', 'xa/b')).toBe(false);
    expect(homeShort('/home/me')).toBe('~');
    expect(homeShort('/homework/x')).toBe('/homework/x');
    expect(
      projectPaths([
        { project: 'p', cwd: undefined },
        { project: '-a-b', cwd: '/x' },
        { project: '-a-b', cwd: '/a/b' },
      ]),
    ).toEqual(
      new Map([
        ['p', 'p'],
        ['-a-b', '/a/b'],
      ]),
    );
  });
});

describe('projects in the library and the reports', () => {
  const FILES = subagentFirstFolder();
  const WANT = {
    [SDK_PROJECT]: '~/sdk-runs',
    [CC_PROJECT]: '~/experiments/worktrees',
    [OLD_PROJECT]: 'srv-old-layout',
  };

  it('show the path, the folder’s own name kept beside it', async () => {
    const scans = await Promise.all(
      Object.entries(FILES).map(async ([name, text]) => ({
        scan: await scanSource(memorySource(name, text)),
        project: project(name),
      })),
    );
    const paths = projectPaths(scans.map((f) => ({ project: f.project, cwd: f.scan.cwd })));
    expect(Object.fromEntries(paths)).toEqual(WANT);
    const snap = librarySnapshot(scans, { utc: true });
    const rows = Object.fromEntries(snap.rows.map((r) => [r.sessionId, [r.project, r.projectPath]]));
    expect(rows).toEqual({
      [SDK_SESSION]: [SDK_PROJECT, '~/sdk-runs'],
      [CC_SESSION]: [CC_PROJECT, '~/experiments/worktrees'],
      [OLD_SESSION]: [OLD_PROJECT, 'srv-old-layout'],
    });
    expect(dailySeries(snap.rows, snap.cells, 'project').keys.slice().sort()).toEqual(Object.values(WANT).sort());
    const byProject = buildReport(await fastMerged(FILES), 'project', { utc: true, projectPaths: paths })
      .rows as ProjectRow[];
    expect(Object.fromEntries(byProject.map((r) => [r.project, r.projectPath]))).toEqual(WANT);
    const bySession = buildReport(await fullMerged(FILES), 'session', { utc: true, projectPaths: paths })
      .rows as SessionRow[];
    expect(bySession.map((r) => r.projectPath).sort()).toEqual(Object.values(WANT).sort());
  });
});
