import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

// A Claude Code 2.1.118 session folder (public/samples/cc-2-1): a subagent (alice) edits files in a worktree with no
// toolUseResult on any call; the main lane has a recorded Edit patch, signature-only thinking and an empty text block.

const WT = '/home/dev/greeter/.claude/worktrees/agent-a7c3e9f1';

test.describe('a current Claude Code session (cc-2-1 sample)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/view?sample=cc-2-1');
    await new Loupe(page).waitForWorkbench();
  });

  test('a subagent Edit with no recorded result shows its diff, marked as from the request', async ({ page }) => {
    const app = new Loupe(page);
    await app.pick('tool:Edit kind:tool-result', `The file ${WT}/src/greet.py has been updated successfully.`);
    await app.tab('Tool call').click();
    const call = app.toolCall(/Edit call toolu_01Sub2Edit/);
    const effect = app.chainStep(call, '4 · Side effect');
    await expect(effect).toContainText('derived from the request');
    await expect(effect.getByTestId('effect-source')).toHaveText(
      'From the request; the tool reported success. No structured result was recorded for this call.',
    );
    await expect(effect).toContainText('The file as the Read showed it.');
    const diff = effect.getByRole('figure', { name: 'Diff' });
    await expect(diff).toContainText(`edit of ${WT}/src/greet.py`);
    await expect(diff).toContainText('@@ -1,5 +1,5 @@');
    // Line 2 removed, line 2 added, with the changed words marked.
    await expect(diff).toContainText("2-    print('hello ' + name)");
    await expect(diff).toContainText("2+    return 'hello ' + name");
    await expect(diff.getByRole('deletion')).toHaveText(['print(', ')']);
    await expect(diff.getByRole('insertion')).toHaveText(['return ']);
    // The request reads as code, not as an escaped JSON string; its JSON is one click away.
    const request = app.chainStep(call, /1 · Request: Edit/);
    await expect(request.getByLabel('old_string', { exact: true })).toHaveText(
      "def greet(name):\n    print('hello ' + name)",
    );
    await expect(request).not.toContainText('\\n');
    await request.getByRole('button', { name: 'Show Edit input as JSON' }).click();
    await expect(request.getByRole('tree', { name: 'Edit input' })).toContainText('"def greet(name):\\n');
  });

  test('the Write over the file read earlier is diffed against the Read and the Edit since; the failed Edit changed nothing', async ({
    page,
  }) => {
    const app = new Loupe(page);
    await app.pick('tool:Write kind:assistant', `Write(${WT}/src/greet.py)`);
    await app.tab('Tool call').click();
    const effect = app.chainStep(app.toolCall(/Write call/), '4 · Side effect');
    await expect(effect).toContainText('The file as the Read showed it, with the edit made since applied.');
    const diff = effect.getByRole('figure', { name: 'Diff' });
    await expect(diff).toContainText(`write of ${WT}/src/greet.py`);
    await expect(diff).toContainText("-    return 'hello ' + name");
    await expect(diff).toContainText('+from greeter.names import normalize');

    await app.pick('tool:Edit status:error', /String to replace not found/);
    // The error reads as Claude Code's words, without the tags it wraps them in for the model (Raw keeps them).
    await app.tab('Message').click();
    const message = app.detailsPanel.getByRole('region', { name: 'Tool result (error)' });
    await expect(message).toContainText('String to replace not found in file.');
    await expect(message).not.toContainText('tool_use_error');
    await app.tab('Tool call').click();
    const result = app.chainStep(app.toolCall(/Edit call toolu_01Sub3Edit/), '3 · Result (error)');
    await expect(result).toContainText('String to replace not found in file.');
    await expect(result).not.toContainText('tool_use_error');
    const failed = app.chainStep(app.toolCall(/Edit call toolu_01Sub3Edit/), '4 · Side effect');
    await expect(failed).toHaveText(/None: the call failed \(is_error\), so it changed nothing\./);
    await expect(failed.getByRole('figure', { name: 'Diff' })).toHaveCount(0);
  });

  test('has:diff lists every call that changed a file, recorded or derived, and no failed one', async ({ page }) => {
    const app = new Loupe(page);
    await app.setFilter('has:diff kind:assistant');
    await expect(app.eventRows()).toHaveText([
      new RegExp(`Edit\\(${WT}/src/greet\\.py\\)`),
      new RegExp(`MultiEdit\\(${WT}/src/util\\.py\\)`),
      new RegExp(`Write\\(${WT}/src/greet\\.py\\)`),
      new RegExp(`Write\\(${WT}/src/names\\.py\\)`),
      new RegExp(`NotebookEdit\\(${WT}/notebooks/demo\\.ipynb\\)`),
      /Edit\(\/home\/dev\/greeter\/README\.md\)/,
      /Write\(\/home\/dev\/greeter\/src\/cli\.py\)/,
    ]);
  });

  test('a prompt reads as markdown, and thinking without text says it was redacted', async ({ page }) => {
    const app = new Loupe(page);
    await app.pick('kind:user', /^user prompt: Refactor the greeter: 1\./);
    await app.tab('Message').click();
    const prompt = app.detailsPanel.getByRole('region', { name: 'User prompt' });
    await expect(prompt.getByRole('listitem')).toHaveText([
      /greet\(\) should return the line/,
      /move name clean-up into greeter\/names\.py/,
      /add a --shout flag/,
    ]);
    await expect(prompt.getByText('return', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(prompt).not.toContainText('\\n');

    await app.setFilter('');
    await expect(app.option(/thinking \(redacted by the API\)/)).toBeVisible();
    // The empty text block of model call 1 has no row of its own: it is listed with the call's lines.
    await expect(app.eventRows().filter({ hasText: /^\s*$/ })).toHaveCount(0);
    await app.option(/Model call 1 · claude-opus-4-7/).click();
    await app.tab('Message').click();
    await expect(app.detailsPanel.getByRole('region', { name: /Model call \(4 lines merged/ })).toContainText(
      'thinking (redacted by the API)',
    );
    await expect(app.detailsPanel.getByRole('list', { name: 'lines of this model call' })).toContainText(
      'empty text block',
    );
    // Its usage reads like every other count in the app, thousands grouped.
    await expect(app.detailsPanel.getByRole('region', { name: 'Model call', exact: true })).toContainText(
      '6 in · 18,204 cache read · 2,412 cache write · 187 out',
    );
  });

  test('the subagent lane is named by its Agent call, in the timeline, the picker, the filter and Stats', async ({
    page,
  }) => {
    const app = new Loupe(page);
    await expect(app.events.getByRole('option', { name: /alice · Refactor greeting helpers/ })).toContainText(
      'general-purpose · a7c3e9f1b2d4',
    );
    await expect(
      page.getByRole('combobox', { name: 'Agent' }).getByRole('option', { name: 'alice · Refactor greeting helpers' }),
    ).toHaveCount(1);
    await app.filter.fill('agent:al');
    await expect(page.getByRole('listbox', { name: 'Filter suggestions' }).getByRole('option')).toHaveText([
      /agent:alice/,
    ]);
    await app.filter.press('Tab');
    await expect(app.filter).toHaveValue('agent:alice');
    await expect(app.events).toHaveAttribute('aria-busy', 'false');
    await expect(app.eventRows().first()).toContainText('In the worktree, refactor src/greet.py');
    await expect(app.eventRows().filter({ hasText: 'Refactor the greeter' })).toHaveCount(0);
    // The Agent call's side effect names the lane it spawned as the timeline does, its id beside it.
    await app.pick('tool:Agent kind:assistant', /Agent\(/);
    await app.tab('Tool call').click();
    const effect = app.chainStep(app.toolCall(/Agent call toolu_01Gr3Agent/), '4 · Side effect');
    await expect(effect.getByRole('definition').first()).toHaveText('alice · Refactor greeting helpers');
    await expect(effect).toContainText('agent ida7c3e9f1b2d4c6e80');
    await expect(effect).toContainText('tokens74,322');
    await page.getByRole('tab', { name: 'Stats & verdict' }).click();
    await expect(page.getByRole('table', { name: 'By agent' })).toContainText('alice · Refactor greeting helpers');
  });
});
