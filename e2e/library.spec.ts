import { expect, test, type Page } from '@playwright/test';
import { SESSIONS } from '../lib/fast/testing/projects';
import { formatUsd } from '../lib/trace/money';
import path from 'node:path';
import { cliReport, writeProjects } from './helpers/projects';
import { Loupe } from './pages/Loupe';

// The session library over a generated projects folder opened through the real `Projects folder` input: its rows
// and costs are those `loupe stats --by session --json` prints for the same folder (the real CLI, run here), the
// daily chart adds up to the total and matches `--by day`, a row opens its session with its subagent lane in the
// workbench, and Back returns to the library as it was. Days are local: the browser and the CLI share a time zone
// where the session across midnight UTC falls on one day.

const TZ = 'America/New_York';
test.use({ timezoneId: TZ });

const grid = (page: Page) => page.getByRole('grid', { name: 'Sessions' });
const rowOf = (page: Page, sessionId: string) => grid(page).locator(`[role=row][data-session="${sessionId}"]`);

async function openLibrary(page: Page, folder: string): Promise<void> {
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
}

test('a projects folder opens as a library whose rows, costs and daily chart match loupe stats', async ({
  page,
}, info) => {
  const folder = writeProjects(info.outputPath('gen'));
  const sessions = cliReport(folder, 'session', TZ);
  const days = cliReport(folder, 'day', TZ);
  await openLibrary(page, folder);

  // One row per session (subagent files folded in), with the CLI's numbers.
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(sessions.rows.length);
  expect(sessions.rows).toHaveLength(SESSIONS.length);
  for (const r of sessions.rows) {
    const row = rowOf(page, r.sessionId);
    const cells = row.getByRole('gridcell');
    await expect(cells.nth(1)).toHaveText(r.projectPath);
    await expect(cells.nth(2)).toHaveText(r.firstPrompt ?? '—');
    await expect(cells.nth(5)).toHaveText(String(r.modelCalls));
    await expect(cells.nth(7)).toHaveText(formatUsd(r.costUsd));
  }
  // Newest first by default; the sorted header says so.
  await expect(grid(page).getByRole('columnheader', { name: 'Start' })).toHaveAttribute('aria-sort', 'descending');
  const newest = [...sessions.rows].sort((a, b) => (b.start ?? '').localeCompare(a.start ?? ''))[0];
  await expect(grid(page).locator('[role=row][data-session]').first()).toHaveAttribute(
    'data-session',
    newest?.sessionId ?? '',
  );

  // The total, and the chart's days, as the CLI has them.
  await expect(page.getByLabel('Total cost')).toHaveAttribute('data-usd', String(sessions.totals.costUsd));
  await expect(page.getByLabel('Total cost')).toHaveText(formatUsd(sessions.totals.costUsd));
  const chart = page.getByRole('table', { name: 'Cost per day, as a table' });
  const bars = await chart
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', Number(tr.getAttribute('data-usd'))] as const),
    );
  const sum = bars.reduce((n, [, usd]) => n + usd, 0);
  expect(Math.round(sum * 1e6) / 1e6).toBe(sessions.totals.costUsd);
  expect(bars.map(([day]) => day)).toEqual(days.rows.map((d) => d.day));
  for (const [i, d] of days.rows.entries()) expect(bars[i]?.[1]).toBeCloseTo(d.costUsd, 5);
  await expect(page.getByRole('img', { name: /Cost per day, stacked by project/ })).toBeVisible();
  await page.getByRole('radio', { name: 'by model' }).click();
  await expect(page.getByRole('img', { name: /Cost per day, stacked by model/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
    'claude-opus-4-6',
    'claude-haiku-4-5-20251001',
  ]);

  // The whole header cell sorts; again, the other way.
  await grid(page).getByRole('columnheader', { name: 'Cost' }).click();
  await expect(grid(page).getByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'descending');
  await expect(grid(page).getByRole('columnheader', { name: 'Start' })).not.toHaveAttribute('aria-sort');
  const byCost = [...sessions.rows].sort((a, b) => b.costUsd - a.costUsd).map((r) => r.sessionId);
  const order = () =>
    grid(page)
      .locator('[role=row][data-session]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-session')));
  await expect.poll(order).toEqual(byCost);
  await grid(page).getByRole('columnheader', { name: 'Cost' }).click();
  await expect(grid(page).getByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'ascending');
  await grid(page).getByRole('columnheader', { name: 'Cost' }).click();
});

test('search reads every prompt; the totals follow the selection', async ({ page }, info) => {
  const folder = writeProjects(info.outputPath('gen'));
  const sessions = cliReport(folder, 'session', TZ);
  await openLibrary(page, folder);
  const search = page.getByRole('searchbox', { name: 'Search prompts' });
  // The gamma session's second prompt (not its first).
  await search.fill('and the tests');
  const gamma = sessions.rows.find((r) => r.sessionId === SESSIONS[4]?.id);
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(1);
  await expect(rowOf(page, gamma?.sessionId ?? '')).toBeVisible();
  await expect(page.getByLabel('Sessions shown')).toHaveText(`1 of ${sessions.rows.length}`);
  await expect(page.getByLabel('Total cost')).toHaveAttribute('data-usd', String(gamma?.costUsd));
  await search.fill('-home-dev-beta');
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(2);
  // A search that matches nothing says so, rather than leaving an empty grid.
  await search.fill('zebra crossing');
  await expect(grid(page).getByRole('gridcell', { name: 'No session matches “zebra crossing”.' })).toBeVisible();
  await expect(page.getByLabel('Sessions shown')).toHaveText(`0 of ${sessions.rows.length}`);
  await search.fill('');
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(sessions.rows.length);
});

test('a row opens its session with its subagent lane, and Back returns to the library as it was', async ({
  page,
}, info) => {
  const folder = writeProjects(info.outputPath('gen'));
  await openLibrary(page, folder);
  const app = new Loupe(page);
  await grid(page).getByRole('columnheader', { name: 'Cost' }).click();
  const first = SESSIONS[0];
  await rowOf(page, first?.id ?? '').click();
  await expect(page).toHaveURL(/\/view\?local=/);
  await app.waitForWorkbench();
  // The subagent file (new layout) is a lane under the Task call that spawned it.
  await expect(page.getByRole('combobox', { name: 'Agent' }).locator('option')).toHaveCount(3);
  await expect(app.events.getByRole('option', { name: /subagent/ }).first()).toBeVisible();
  await expect(page.getByLabel('Model calls')).toHaveText('6 model calls');
  await page.goBack();
  await expect(page).toHaveURL(/\/library$/);
  await expect(grid(page).getByRole('columnheader', { name: 'Cost' })).toHaveAttribute('aria-sort', 'descending');
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(SESSIONS.length);
  // The keyboard opens one too: the grid, ↓, Enter.
  await grid(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await app.waitForWorkbench();
});

test('a scan worker that crashes is said on the page, not left as a table that never fills', async ({ page }, info) => {
  const folder = writeProjects(info.outputPath('gen'));
  // Every scan worker the page starts stops at once with an error, as one would that failed to load or ran out of memory.
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(url: string | URL, opts?: WorkerOptions) {
        super(url, opts);
        if (opts?.name?.startsWith('loupe-scan')) {
          this.terminate();
          setTimeout(() => this.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' })), 0);
        }
      }
    };
  });
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page.getByText('A scan worker stopped: out of memory. Close and open the folder again.')).toBeVisible();
});

test('a folder whose files hold no session says so, with how many files it read', async ({ page }, info) => {
  // A transcript-named file of garbage, and one of a summary line only: read, but no session in either.
  const folder = writeProjects(info.outputPath('gen'), {
    'projects/-home-dev-x/a.jsonl': 'not json\n',
    'projects/-home-dev-x/b.jsonl': `${JSON.stringify({ type: 'summary', summary: 'Old chat', leafUuid: 'u1' })}\n`,
  });
  await new Loupe(page).home();
  await page.getByLabel('Projects folder').setInputFiles(folder);
  await expect(page.getByText('2 files · 0 kB scanned')).toBeVisible();
  await expect(
    grid(page).getByRole('gridcell', { name: 'No session in these 2 files: none holds a prompt or a model call.' }),
  ).toBeVisible();
});

test('a projects folder picked with Choose a folder… opens as the library, not as one trace of every session', async ({
  page,
}, info) => {
  const folder = writeProjects(info.outputPath('gen'));
  const sessions = cliReport(folder, 'session', TZ);
  await new Loupe(page).home();
  await page.getByLabel('Choose a folder').setInputFiles(folder);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
  await expect(grid(page).locator('[role=row][data-session]')).toHaveCount(sessions.rows.length);
  await expect(page.getByLabel('Total cost')).toHaveText(formatUsd(sessions.totals.costUsd));
});

test('a cheap day beside a dear one is a bar you can see, a day of no use has none; the numbers stay exact', async ({
  page,
}) => {
  // Real sessions: a $6.21 day beside $0.17–$0.19 days, which to scale are slivers under 3 px tall.
  await openLibrary(page, path.resolve(import.meta.dirname, '../test/fixtures/real/claude-code-log/projects'));
  const chart = page.getByRole('img', { name: /^Cost per day, stacked by project/ });
  await expect(chart).toBeVisible();
  const days = await chart.locator('g').evaluateAll((gs) =>
    gs.map((g) => ({
      said: g.querySelector('title')?.textContent ?? '',
      px: [...g.querySelectorAll('rect')].slice(1).reduce((n, r) => n + r.getBoundingClientRect().height, 0),
    })),
  );
  const cost = (said: string): number => Number(/\$([\d.]+)$/.exec(said)?.[1] ?? 'NaN');
  const dear = days.filter((d) => cost(d.said) >= 6);
  const cheap = days.filter((d) => cost(d.said) > 0 && cost(d.said) < 0.2);
  expect(dear.length).toBeGreaterThan(0);
  expect(cheap.length).toBeGreaterThan(0);
  for (const d of cheap) expect(d.px, d.said).toBeGreaterThanOrEqual(3.5);
  for (const d of days.filter((x) => cost(x.said) === 0)) expect(d.px, d.said).toBe(0);
  // The tooltips and the table keep the exact cost.
  await expect(
    page
      .getByRole('table', { name: 'Cost per day, as a table' })
      .getByRole('row', { name: /\$0\.17$/ })
      .first(),
  ).toBeAttached();
});

test('a single day is a bar of a day’s width, not a block across the panel', async ({ page }) => {
  await openLibrary(page, path.resolve(import.meta.dirname, '../test/fixtures/real/claude-code-log/projects'));
  // One session (the deep-manifest one, by its id): one day in the chart.
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('a7da6a22');
  await expect(page.getByRole('table', { name: 'Cost per day, as a table' }).locator('tbody tr')).toHaveCount(1);
  const chart = page.getByRole('img', { name: /^Cost per day, stacked by project: .* over 1 day$/ });
  const width = (await chart.boundingBox())?.width ?? 0;
  const bar = chart.locator('g rect').nth(1);
  const barWidth = (await bar.boundingBox())?.width ?? Infinity;
  expect(width).toBeGreaterThan(500);
  // As wide as a day in a month's chart, from the left edge.
  expect(barWidth).toBeLessThanOrEqual(width / 30);
  expect(barWidth).toBeGreaterThan(width / 60);
  expect(((await bar.boundingBox())?.x ?? 0) - ((await chart.boundingBox())?.x ?? 0)).toBeLessThan(width / 30);
});
