import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// Point 2 of "reads a real, current Claude Code session": hooks and progress belong to their tool call. The timeline
// shows the conversation; chips show the rest, with their counts, remembered in the URL.

test.use({ viewport: { width: 1280, height: 1800 } });

const hookRows = (app: Loupe) =>
  app.events.locator('[data-kind=event]').filter({ hasText: /PreToolUse:|PostToolUse:|bash_progress|agent_progress/ });

test('the cc-2-1 timeline shows the conversation; the Hooks chip shows the hooks under their call, and the URL keeps it', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  // Around the Bash call: the request, then its result, nothing between.
  const bash = app.option(/Bash\(npm test/);
  await expect(bash).toBeVisible();
  await expect(hookRows(app)).toHaveCount(0);
  const next = app.events.locator(`[id="row-${Number((await bash.getAttribute('id'))?.slice(4)) + 1}"]`);
  await expect(next).toContainText('10 passing');
  // Every hidden line is counted in its chip.
  await expect(app.chip('Hooks')).toHaveText('Hooks 15');
  await expect(app.chip('Progress')).toHaveText('Progress 4');
  await expect(app.chip('Meta')).toHaveText('Meta 5');
  await expect(app.chip('Stream')).toHaveText('Stream 0');
  await expect(app.chip('Stream')).toBeDisabled();
  for (const c of ['Hooks', 'Progress', 'Meta'] as const)
    await expect(app.chip(c)).toHaveAttribute('aria-pressed', 'false');

  await app.chip('Hooks').click();
  await expect(app.chip('Hooks')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]show=hooks(&|$)/);
  // In place, indented under their call: the npm test call's two PreToolUse and one PostToolUse hook runs.
  const depth = Number(await bash.getAttribute('data-depth'));
  const pre = app.option(/PreToolUse:Bash running · ~\/\.claude\/hooks\/guard\.sh/);
  await expect(pre).toHaveCount(2);
  await expect(pre.last()).toHaveAttribute('data-depth', String(depth + 1));
  await expect(app.option(/PreToolUse:Bash result · allow · success/)).toHaveCount(2);
  await expect(app.option(/PostToolUse:Bash result · success/)).toHaveCount(2);
  // Hooks of no tool call stay as rows at their time, not indented.
  await expect(app.option(/SessionStart:startup running · bd prime/)).toHaveAttribute('data-depth', '0');
  await expect(app.option(/UserPromptSubmit result · success/)).toBeVisible();
  await expect(app.events.locator('[data-kind=event]').filter({ hasText: /bash_progress/ })).toHaveCount(0);

  // Keyboard: the chips are buttons in the tab order.
  await app.chip('Progress').focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]show=hooks%2Cprogress(&|$)/);
  await expect(app.option(/bash_progress · \.\.\.\.\.\./).first()).toBeVisible();

  await page.reload();
  await app.waitForWorkbench();
  await expect(app.chip('Hooks')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.chip('Progress')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.option(/PreToolUse:Bash result · allow · success/)).toHaveCount(2);
  await page.goBack();
  await expect(app.chip('Progress')).toHaveAttribute('aria-pressed', 'false');
  await expect(app.chip('Hooks')).toHaveAttribute('aria-pressed', 'true');
});

test('the Bash call’s Tool call tab: PreToolUse hooks as permission evidence with "allow", progress while it ran, PostToolUse after the result', async ({
  page,
}) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  await app.option(/Bash\(npm test/).click();
  await app.tab('Tool call').click();
  const call = app.detailsPanel.getByRole('article', { name: /Bash call toolu_01Gr4Test/ });
  await expect(call.getByTestId('permission-state')).toHaveText('allowed');
  await expect(call.getByRole('list', { name: 'permission evidence' })).toContainText(
    'PreToolUse hook PreToolUse:Bash said allow: read-only or test command (decided)',
  );
  const permission = call.getByRole('region', { name: '2 · Permission' });
  const pre = permission.getByRole('list', { name: 'PreToolUse hooks' });
  await expect(pre.getByRole('listitem')).toHaveText([
    /PreToolUse:Bash\s*running\s*~\/\.claude\/hooks\/guard\.sh/,
    /PreToolUse:Bash\s*running\s*~\/\.claude\/hooks\/audit-log\.sh/,
    /PreToolUse:Bash\s*success\s*allow\s*read-only or test command/,
  ]);
  const result = call.getByRole('region', { name: /3 · Result/ });
  await expect(result.getByRole('list', { name: 'Progress while it ran' }).getByRole('listitem')).toHaveText([
    /bash_progress\s*2 s\s*\.\.\.\.\.\./,
    /bash_progress\s*4 s\s*…/,
  ]);
  await expect(result).toContainText('While it ran: 2 progress lines, 4 s elapsed at the last');
  const post = result.getByRole('list', { name: 'PostToolUse hooks, after the result' });
  await expect(post.getByRole('listitem')).toHaveText([/PostToolUse:Bash\s*running/, /PostToolUse:Bash\s*success/]);
  // After the result text, in the chain's order.
  const order = await result.evaluate((el) => {
    const text = el.querySelector('[aria-label="result text"]');
    const list = el.querySelector('[aria-label="PostToolUse hooks, after the result"]');
    return text && list ? text.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();
  // Each hook links to its line: following the link shows it in place, turning its chip on.
  await pre
    .getByRole('listitem')
    .last()
    .getByRole('button', { name: /^line \d+$/ })
    .click();
  await expect(app.chip('Hooks')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.selected()).toContainText('PreToolUse:Bash result · allow · success');
});

test('a filter narrows what the chips show and says what it matched under a chip that is off', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=cc-2-1');
  await app.waitForWorkbench();
  await app.setFilter('kind:hook');
  const hidden = page.getByRole('status', { name: 'Hidden matches' });
  await expect(hidden).toContainText('No events shown: 15 matching lines are hidden (Hooks 15).');
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(0);
  await hidden.getByRole('button', { name: 'Show hooks' }).click();
  await expect(app.chip('Hooks')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(15);
  await expect(hidden).toHaveCount(0);
  // tool:Bash finds the calls and their results, and counts the hooks and progress of those calls the chips hide.
  await app.setFilter('tool:Bash');
  await expect(hidden).toContainText('2 matching lines are hidden (Progress 2).');
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(14);
  await app.chip('Hooks').click();
  await expect(hidden).toContainText('12 matching lines are hidden (Hooks 10, Progress 2).');
  await expect(app.events.locator('[data-kind=event]')).toHaveCount(4);
});

test('other sessions: SessionStart hooks of a headless run and SDK hook frames fold the same way', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=claude-p');
  await app.waitForWorkbench();
  await expect(app.chip('Hooks')).toHaveText('Hooks 1');
  await expect(app.events.locator('[data-kind=event]').filter({ hasText: /SessionStart/ })).toHaveCount(0);
  await page.goto('/view?sample=tour');
  await app.waitForWorkbench();
  await app.option(/Edit\(src\/greet\.py\)/).click();
  await app.tab('Tool call').click();
  await expect(app.detailsPanel.getByRole('list', { name: 'PreToolUse hooks' }).getByRole('listitem')).toHaveText([
    /PreToolUse:Edit\s*success\s*allow\s*edits under src\/ are allowed/,
  ]);
});

test('a session file of meta lines only says that no event is shown and why, without a filter to blame', async ({
  page,
}) => {
  // Claude Code leaves such files in a projects folder: a summary, file-history snapshots, no conversation.
  const app = new Loupe(page);
  await app.home();
  const summary = {
    type: 'summary',
    summary: 'TUI Cache Handling: Empty State Fix',
    leafUuid: '2369a617-e71c-48aa-8c5c-d53ad8274d71',
  };
  await page.getByLabel('Paste JSONL').fill(JSON.stringify(summary));
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await expect(app.computedCost).toBeVisible();
  const hidden = page.getByRole('status', { name: 'Hidden matches' });
  await expect(hidden).toContainText('No events shown: 1 line is hidden (Meta 1).');
  // No filter is applied: the line matched nothing, it is simply under a chip that is off.
  await expect(hidden).not.toContainText('matching');
  // Nor an empty "Response 1 · 0 model calls" header above nothing.
  await expect(app.events.getByRole('option')).toHaveCount(0);
  await hidden.getByRole('button', { name: 'Show meta' }).click();
  await expect(app.eventRows()).toHaveText([/summary · TUI Cache Handling: Empty State Fix/]);
  await expect(hidden).toHaveCount(0);
});
