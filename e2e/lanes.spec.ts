import { expect, test } from '@playwright/test';
import path from 'node:path';
import { Loupe } from './pages/Loupe';

test('a subagent inside an SDK stream reads as a named lane right under its Task call (tour)', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=tour');
  await app.waitForWorkbench();
  const rows = (await app.events.getByRole('option').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const task = rows.findIndex((t) => t.includes('Task(Find other greetings)'));
  expect(task).toBeGreaterThan(0);
  expect(rows[task + 1]).toMatch(/Explore · Find other greetings 2 model calls/);
  expect(rows[task + 2]).toMatch(/Model call 4 · claude-haiku-4-5-20251001/);
  // The header opens the subagent's first line.
  await app.option(/Explore · Find other greetings/).click();
  await app.tab('Message').click();
  await expect(app.detailsPanel).toContainText('claude-haiku-4-5-20251001');
});

test('a file of nothing but a summary line is not listed as a session of its own', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  const folder = path.resolve(
    import.meta.dirname,
    '../test/fixtures/real/claude-code-log/projects/-Users-dain-workspace-claude-code-log-sample',
  );
  await page.getByLabel('Choose a folder').setInputFiles(folder);
  await app.waitForWorkbench();
  // One session: no session picker, and the main lane is not named after a session.
  await expect(page.getByRole('combobox', { name: 'Session' })).toHaveCount(0);
  // Its line is still there, in the one session.
  await app.chip('Meta').click();
  await app.setFilter('TUI Cache');
  await expect(app.option(/summary · TUI Cache Handling: Empty State Fix/)).toBeVisible();
  await expect(page.getByText(/main \(/)).toHaveCount(0);
});

test("the sticky header inside a subagent's lane says whose lane it is, as the lane's header does (2.1 session)", async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  const call = app.option(/^model call: Model call 6 · claude-sonnet-4-6/);
  const row = Number(((await call.getAttribute('id')) ?? '').replace('row-', ''));
  expect(row).toBeGreaterThan(0);
  // The call's first line at the top: its header (and the lane's) scrolled away above it.
  await app.events.evaluate((list, top) => (list.scrollTop = top), (row + 1) * 22);
  const lane = page.getByTestId('sticky-lane');
  await expect(lane).toHaveText('alice · Refactor greeting helpers');
  await expect(
    page.getByRole('option', { name: /^model call: alice · Refactor greeting helpers › Model call 6 · / }),
  ).toBeVisible();
  // Back in the main agent's flow, the header is the call alone.
  await app.events.evaluate((list) => (list.scrollTop = 3 * 22));
  await expect(page.getByRole('option', { name: /^model call: Model call 1 · / }).first()).toBeVisible();
  await expect(lane).toHaveCount(0);
});
