import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { projectsFolder } from '../lib/fast/testing/projects';
import { cc, jsonl, text } from '../lib/trace/testing/builders';
import { writeProjects } from './helpers/projects';
import { Loupe } from './pages/Loupe';

// The library as a keyboard user and a long-time user meet it: the header sorts from the keyboard, and a folder
// with a year of history keeps the page the height of the window.

const grid = (page: Page) => page.getByRole('grid', { name: 'Sessions' });

async function openLibrary(page: Page, folder: string): Promise<void> {
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
}

/** Two one-call sessions 400 days apart: a chart of 401 days. */
function yearApart(): Record<string, string> {
  const session = (id: string, time: string): string =>
    jsonl([
      cc.prompt('Tidy the changelog', { session: id, time }),
      cc.assistant(
        `msg_${id.slice(-4)}`,
        [text('Done.')],
        { input: 10, output: 20 },
        { session: id, model: 'claude-opus-4-6', time },
      ),
    ]);
  const a = 'e0000000-0000-4000-8000-000000000001';
  const b = 'e0000000-0000-4000-8000-000000000002';
  return {
    [`projects/-home-dev-old/${a}.jsonl`]: session(a, '2025-01-10T12:00:00.000Z'),
    [`projects/-home-dev-new/${b}.jsonl`]: session(b, '2026-02-14T12:00:00.000Z'),
  };
}

test('a year of history keeps the library the height of the window (the chart’s table for screen readers adds none)', async ({
  page,
}, info) => {
  await openLibrary(page, writeProjects(info.outputPath('gen'), yearApart()));
  await expect(page.getByRole('table', { name: 'Cost per day, as a table' }).locator('tbody tr')).toHaveCount(401);
  const heights = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  expect(heights[0]).toBeLessThanOrEqual(heights[1] ?? 0);
  // A wheel over the table scrolls nothing into blank space.
  await grid(page).hover();
  await page.mouse.wheel(0, 2000);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(2);
});

test('the keyboard sorts: Tab from the grid reaches the header buttons, Enter sorts, and rows still open with Enter', async ({
  page,
}, info) => {
  await openLibrary(page, writeProjects(info.outputPath('gen'), projectsFolder()));
  const header = (name: string) => grid(page).getByRole('columnheader', { name });
  await grid(page).focus();
  await page.keyboard.press('Tab');
  await expect(header('Start').getByRole('button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(header('Project').getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header('Project')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('Start')).not.toHaveAttribute('aria-sort');
  // Enter sorted, and did not open the selected session.
  await expect(page).toHaveURL(/\/library$/);
  await page.keyboard.press('Space');
  await expect(header('Project')).toHaveAttribute('aria-sort', 'descending');
  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await new Loupe(page).waitForWorkbench();
});

test('back from a session opened with Enter, the keyboard goes on in the table', async ({ page }, info) => {
  await openLibrary(page, writeProjects(info.outputPath('gen'), projectsFolder()));
  const rows = grid(page).locator('[role=row][data-session]');
  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await new Loupe(page).waitForWorkbench();
  await page.goBack();
  await expect(page).toHaveURL(/\/library$/);
  await expect(grid(page)).toBeFocused();
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
});

test('an empty folder picked is said, not ignored', async ({ page }, info) => {
  const empty = info.outputPath('empty');
  mkdirSync(empty, { recursive: true });
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(empty);
  await expect(page.getByRole('region', { name: 'Session library' }).getByRole('alert')).toHaveText(
    'The folder picked is empty. Pick your projects folder: ~/.claude/projects.',
  );
  await expect(page).toHaveURL(/\/$/);
});

test('the chart’s stacking switch is one tab stop, and arrows choose', async ({ page }, info) => {
  await openLibrary(page, writeProjects(info.outputPath('gen'), projectsFolder()));
  const radio = (name: string) => page.getByRole('radiogroup', { name: 'Stack by' }).getByRole('radio', { name });
  await page.getByRole('searchbox', { name: 'Search prompts' }).focus();
  await page.keyboard.press('Tab'); // Close
  await page.keyboard.press('Tab'); // the theme
  await page.keyboard.press('Tab');
  await expect(radio('by project')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(radio('by model')).toBeFocused();
  await expect(radio('by model')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('img', { name: /Cost per day, stacked by model/ })).toBeVisible();
  // One stop: the next Tab leaves the group for the table.
  await page.keyboard.press('Tab');
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(radio('by model')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(radio('by project')).toHaveAttribute('aria-checked', 'true');
});

test('the search hands the keyboard to the rows: / to search, ↓ or Enter to the first match, Esc back', async ({
  page,
}, info) => {
  await openLibrary(page, writeProjects(info.outputPath('gen'), projectsFolder()));
  const search = page.getByRole('searchbox', { name: 'Search prompts' });
  const rows = grid(page).locator('[role=row][data-session]');
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Typed and Enter at once: the search is applied, the grid has the keyboard on its first match, Enter opens it.
  await page.keyboard.type('refactor of the loader');
  await page.keyboard.press('Enter');
  await expect(grid(page)).toBeFocused();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  await expect(rows.first()).toContainText('Late night refactor of the loader');
  // Back to the search, clear it with Esc, Esc again goes to the rows; ↓ does too.
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(grid(page)).toBeFocused();
  await expect(rows).toHaveCount(5);
  await search.focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await new Loupe(page).waitForWorkbench();
});
