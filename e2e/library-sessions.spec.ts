import { expect, test, type Page } from '@playwright/test';
import {
  CC_PROJECT,
  CC_SESSION,
  EXPECTED,
  OLD_SESSION,
  SDK_SESSION,
  SUBAGENT_PROMPTS,
  subagentFirstFolder,
} from '../lib/fast/testing/subagent-first';
import { cliReport, writeProjects } from './helpers/projects';
import { Loupe } from './pages/Loupe';

// Sessions whose first lines are a subagent's (issue 24) and project folders shown as the paths they stand for (issue
// 28): the library row, the workbench's title and `loupe stats --by session` (the real CLI) name the same first
// prompt and span, never a subagent's.

const TZ = 'UTC';
test.use({ timezoneId: TZ });

/** The rows' durations as the table writes them (the main threads': 79 s, 65 s and 30 s). */
const DURATIONS: Record<string, string> = { [SDK_SESSION]: '1m 19s', [CC_SESSION]: '1m 5s', [OLD_SESSION]: '30.0 s' };

const grid = (page: Page) => page.getByRole('grid', { name: 'Sessions' });
const rowOf = (page: Page, sessionId: string) => grid(page).locator(`[role=row][data-session="${sessionId}"]`);

test('the library, the workbench title and loupe stats name a session alike', async ({ page }, info) => {
  const folder = writeProjects(info.outputPath('gen'), subagentFirstFolder());
  const cli = cliReport(folder, 'session', TZ);
  // The CLI names each session by its main thread.
  for (const r of cli.rows) {
    const want = EXPECTED[r.sessionId as keyof typeof EXPECTED];
    expect({ firstPrompt: r.firstPrompt, start: r.start, end: r.end, durationMs: r.durationMs }).toEqual(want);
  }
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page).toHaveURL(/\/library$/);
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(3);
  for (const r of cli.rows) {
    const cells = rowOf(page, r.sessionId).getByRole('gridcell');
    await expect(cells.nth(1)).toHaveText(r.projectPath);
    await expect(cells.nth(2)).toHaveText(r.firstPrompt ?? '—');
    await expect(cells.nth(3)).toHaveText(DURATIONS[r.sessionId] ?? '?');
  }
  for (const p of SUBAGENT_PROMPTS) await expect(grid(page).getByText(p)).toHaveCount(0);
  // The project's path, its folder's own name in the tooltip.
  const project = rowOf(page, CC_SESSION).getByRole('gridcell').nth(1);
  await expect(project).toHaveText('~/experiments/worktrees');
  await expect(project).toHaveAttribute('title', `~/experiments/worktrees\nfolder ${CC_PROJECT}`);

  const titles: Record<string, string> = {};
  for (const id of [CC_SESSION, SDK_SESSION, OLD_SESSION]) {
    const row = cli.rows.find((r) => r.sessionId === id);
    await rowOf(page, id).click();
    const app = new Loupe(page);
    await app.waitForWorkbench();
    const want = row?.firstPrompt ? `${row.projectPath} · ${row.firstPrompt}` : (row?.projectPath ?? '');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(want);
    await expect(page).toHaveTitle(`${want} · Loupe`);
    titles[id] = (await heading.getAttribute('title')) ?? '';
    if (id === CC_SESSION) {
      // The toolbar's duration is the span of work (the subagent ran on to 09:01:30); its tooltip gives the session's.
      const duration = page.getByLabel('Duration', { exact: true });
      await expect(duration).toHaveText('1m 30s');
      await expect(duration).toHaveAttribute(
        'title',
        /its main thread, as the library and loupe stats --by session show it\): 1m 5s$/,
      );
    }
    // The share dialog names what it shares as it was opened, not by a prompt it has yet to redact (a recipient's
    // workbench names it by its redacted first prompt: share.spec.ts).
    await page.getByRole('button', { name: 'Share…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share trace' });
    await expect(dialog.getByText(row?.projectPath ?? '?', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.goBack();
    await expect(page).toHaveURL(/\/library$/);
  }
  // The title's tooltip gives the session and its main thread's span (the subagent ran on to 09:01:30).
  expect(titles[CC_SESSION]).toBe(
    `~/experiments/worktrees · /review 12\nsession ${CC_SESSION} · 2026-03-03 09:00:00Z → 2026-03-03 09:01:05Z (1m 5s)`,
  );
  expect(titles[SDK_SESSION]).toContain('(1m 19s)');
});
