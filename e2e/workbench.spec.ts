import { expect, test } from '@playwright/test';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';

test.describe('the feature tour sample', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/view?sample=tour');
    await new Loupe(page).waitForWorkbench();
  });

  test('shows the end signals apart: result, interrupted, incomplete stream', async ({ page }) => {
    const app = new Loupe(page);
    await expect(page.getByText('result success', { exact: true })).toBeVisible();
    await expect(page.getByText('interrupted', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('1 incomplete stream')).toBeVisible();
    await expect(app.option(/Response 2/)).toContainText('interrupted');
    await expect(app.diagnostics).toHaveText('2');
  });

  test('selects with the mouse and the keyboard', async ({ page }) => {
    const app = new Loupe(page);
    await app.option(/Edit\(src\/greet\.py\)/).click();
    await expect(app.selected()).toContainText('Edit(src/greet.py)');
    await expect(page).toHaveURL(/sel=\d+/);
    await app.events.focus();
    await page.keyboard.press('ArrowDown');
    await expect(app.selected()).toContainText('The file src/greet.py has been updated.');
    await page.keyboard.press('j');
    await expect(app.selected()).toContainText('Model call 2');
    await page.keyboard.press('k');
    await expect(app.selected()).toContainText('The file src/greet.py has been updated.');
    await page.keyboard.press(']');
    await expect(app.selected()).toContainText('Model call 2');
    await page.keyboard.press('[');
    await expect(app.selected()).toContainText('Model call 1');
    await expect(page.getByText('tour/tour.stream.jsonl:9 · main')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(app.tab('Message')).toBeFocused();
  });

  test('Tool call tab: the edit chain with its permission evidence and diff', async ({ page }) => {
    const app = new Loupe(page);
    await app.option(/Edit\(src\/greet\.py\)/).click();
    await app.tab('Tool call').click();
    const call = app.detailsPanel.getByRole('article', { name: /Edit call toolu_01TourEdit/ });
    await expect(call.getByTestId('permission-state')).toHaveText('allowed');
    await expect(call.getByRole('list', { name: 'permission evidence' })).toContainText(
      'PreToolUse hook PreToolUse:Edit said allow: edits under src/ are allowed (decided)',
    );
    const diff = call.getByRole('figure', { name: 'Diff' });
    await expect(diff).toContainText('-    print("hello")');
    await expect(diff).toContainText('+    print("hello, world")');
  });

  test('Tool call tab: a call denied through the control protocol', async ({ page }) => {
    const app = new Loupe(page);
    await app.option(/Bash\(git push origin main\)/).click();
    await app.tab('Tool call').click();
    await expect(app.detailsPanel.getByTestId('permission-state')).toHaveText('denied');
    await expect(app.detailsPanel.getByRole('list', { name: 'permission evidence' })).toContainText(
      'denied by the SDK host: Pushing is not allowed in this run (decided)',
    );
    await expect(app.detailsPanel.getByRole('region', { name: /3 · Result \(error\)/ })).toContainText(
      'Pushing is not allowed in this run',
    );
  });

  test('Stream tab: deltas rebuilt by block index beside the completed message', async ({ page }) => {
    const app = new Loupe(page);
    await app.option(/I will fix the \*\*greeting\*\*/).click();
    await app.tab('Stream').click();
    await expect(app.detailsPanel.getByTestId('stream-verdict')).toHaveText('match');
    await expect(app.detailsPanel.getByLabel('block 0 rebuilt')).toHaveText(
      'I will fix the **greeting** in `src/greet.py`.',
    );
    await expect(app.detailsPanel.getByLabel('block 1 rebuilt')).toContainText(
      '"new_string": "print(\\"hello, world\\")"',
    );
    await app.option(/Model call 7/).click();
    await app.tab('Stream').click();
    await expect(app.detailsPanel.getByTestId('stream-verdict')).toHaveText('incomplete');
    await expect(app.detailsPanel).toContainText('never completed');
  });

  test('Message and Raw tabs', async ({ page }) => {
    const app = new Loupe(page);
    await app.option(/I will fix the \*\*greeting\*\*/).click();
    await app.tab('Message').click();
    await expect(app.detailsPanel.getByText('greeting', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(app.detailsPanel).toContainText('Model call (2 lines merged by message id)');
    await app.tab('Raw').click();
    await expect(app.detailsPanel.getByTestId('raw-location')).toContainText('tour/tour.stream.jsonl:9');
    await expect(app.detailsPanel.getByLabel('raw line')).toContainText('"type":"assistant"');
  });

  test('stream events fold under their message and unfold', async ({ page }) => {
    const app = new Loupe(page);
    await expect(app.events.getByRole('button', { name: /Unfold 13 stream events/ })).toHaveCount(0);
    await app.chip('Stream').click();
    const fold = app.events.getByRole('button', { name: /Unfold 13 stream events/ });
    await fold.click();
    await expect(app.option(/block 0 text_delta "I will "/)).toBeVisible();
    await app.events.getByRole('button', { name: /Fold 13 stream events/ }).click();
    await expect(app.option(/block 0 text_delta "I will "/)).toHaveCount(0);
  });

  test('the filter language, with completion', async ({ page }) => {
    const app = new Loupe(page);
    await app.setFilter('tool:Bash');
    await expect(app.events.locator('[data-kind=event]')).toHaveText([
      /Bash\(git push/,
      /control request/,
      /control response/,
      /Pushing is not allowed/,
    ]);
    await app.setFilter('status:error');
    await expect(app.events.locator('[data-kind=event]')).toHaveText([/error: Pushing is not allowed/]);
    await app.setFilter('status:denied -kind:tool-result');
    await expect(app.events.locator('[data-kind=event]')).toHaveText([
      /Bash\(git push/,
      /control request/,
      /control response success · deny/,
    ]);
    // The filter narrows what the chips show, and says what it matched under a chip that is off.
    await app.setFilter('has:diff');
    await expect(app.events.locator('[data-kind=event]')).toHaveText([/Edit\(src\/greet\.py\)/, /has been updated/]);
    await expect(page.getByRole('status', { name: 'Hidden matches' })).toHaveText(
      /1 matching line is hidden \(Hooks 1\)/,
    );
    await app.setFilter('agent:explore kind:assistant');
    await expect(app.events.locator('[data-kind=event]')).toHaveText([/Grep/, /Two files print greetings/]);
    await app.setFilter('dur>2s kind:tool-result');
    await expect(app.events.locator('[data-kind=event]')).toHaveText([/Pushing is not allowed in this run/]);
    await app.setFilter('"src/cli.py so"');
    await expect(page.getByRole('status', { name: 'Hidden matches' })).toHaveText(
      /No events shown: 1 matching line is hidden \(Stream 1\)/,
    );
    await page.getByRole('button', { name: 'Show stream' }).click();
    await expect(app.events.locator('[data-kind=event]')).toHaveText([/text_delta "update src\/cli.py so "/]);
    await expect(app.chip('Stream')).toHaveAttribute('aria-pressed', 'true');
    await app.chip('Stream').click();
    // Completion of property names, then values.
    await app.filter.fill('dec');
    await expect(page.getByRole('listbox', { name: 'Filter suggestions' }).getByRole('option')).toHaveText([
      /decision:/,
    ]);
    await app.filter.press('Tab');
    await expect(page.getByRole('listbox', { name: 'Filter suggestions' }).getByRole('option')).toHaveText([
      /decision:allow/,
      /decision:deny/,
      /decision:unknown/,
    ]);
    // Nothing is chosen until the arrow keys choose: the second option is deny.
    await app.filter.press('ArrowDown');
    await app.filter.press('ArrowDown');
    await app.filter.press('Enter');
    await expect(app.filter).toHaveValue('decision:deny');
    await expect(app.events.locator('[data-kind=event]')).toHaveCount(4);
    // `/` focuses the filter, Esc clears it.
    await app.events.focus();
    await page.keyboard.press('/');
    await expect(app.filter).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(app.filter).toHaveValue('');
    await expect(page).not.toHaveURL(/q=/);
  });

  test('the URL restores selection, tab and filter after reload and back', async ({ page }) => {
    const app = new Loupe(page);
    await app.setFilter('kind:assistant');
    await app.option(/Bash\(git push origin main\)/).click();
    await app.tab('Tool call').click();
    await expect(page).toHaveURL(/q=kind%3Aassistant/);
    await expect(page).toHaveURL(/tab=tool/);
    await page.reload();
    await app.waitForWorkbench();
    await expect(app.filter).toHaveValue('kind:assistant');
    await expect(app.selected()).toContainText('Bash(git push origin main)');
    await expect(app.tab('Tool call')).toHaveAttribute('aria-selected', 'true');
    await expect(app.detailsPanel.getByTestId('permission-state')).toHaveText('denied');
    await page.goBack();
    await expect(app.tab('Message')).toHaveAttribute('aria-selected', 'true');
  });

  test('a selected header comes back as the header after a reload, not as its first line', async ({ page }) => {
    const app = new Loupe(page);
    const header = app.option(/^model call: Model call 2 ·/);
    await header.click();
    await expect(page).toHaveURL(/sel=\d+&row=turn/);
    await page.reload();
    await app.waitForWorkbench();
    await expect(app.selected()).toHaveCount(1);
    await expect(app.selected()).toHaveAccessibleName(/^model call: Model call 2 ·/);
    // Going on with the keyboard starts from the header: the next row is its first line.
    await app.events.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).not.toHaveURL(/row=/);
  });

  test('diagnostics are listed and jump to their place', async ({ page }) => {
    const app = new Loupe(page);
    await app.diagnostics.click();
    const panel = page.getByRole('region', { name: 'Diagnostics panel' });
    await expect(panel).toContainText('stream-incomplete');
    await expect(panel).toContainText('interrupted');
    await panel.getByRole('button', { name: /stream-incomplete/ }).click();
    await expect(app.detailsPanel).toContainText('message_start');
    // Open, the panel stays open across a reload; closed, it stays closed.
    await expect(page).toHaveURL(/diag=1/);
    await page.reload();
    await app.waitForWorkbench();
    await expect(panel).toContainText('stream-incomplete');
    await panel.getByRole('button', { name: 'Close diagnostics' }).click();
    await expect(page).not.toHaveURL(/diag=/);
    await page.reload();
    await app.waitForWorkbench();
    await expect(app.diagnostics).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});

test('transcript text never reaches the DOM as HTML', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'xss.jsonl'));
  await app.waitForWorkbench();
  await expect(app.option(/user prompt: Please run <script>window.__xss=1<\/script>/)).toBeVisible();
  await app.option(/Here is a \[harmless link\]/).click();
  const panel = app.detailsPanel;
  await expect(panel.getByRole('link', { name: 'harmless link' })).not.toHaveAttribute('href', /javascript:/);
  await expect(panel.locator('iframe, script, img, b[onmouseover]')).toHaveCount(0);
  await app.option(/user prompt: Please run/).click();
  await expect(panel).toContainText('Please run');
  await expect(panel.locator('script, img')).toHaveCount(0);
  await app.option(/Bash\(echo/).click();
  await app.tab('Tool call').click();
  await expect(panel.getByLabel('result text')).toHaveText(
    '<svg onload=window.__xss=9></svg><script>window.__xss=10</script>',
  );
  await expect(panel.getByLabel('stdout')).toHaveText('<svg onload=window.__xss=9></svg>');
  await expect(panel.locator('svg')).toHaveCount(0);
  await app.tab('Raw').click();
  await expect(panel.getByLabel('raw line')).toContainText(`echo '<svg onload=window.__xss=8>'`);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
