import { expect, test } from '@playwright/test';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';

// Keyboard use: every tab stop is something the user can see is focused; no stop lands on a hidden input.

test('the home page file pickers show where the keyboard is', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  for (const name of ['Choose files', 'Choose a folder']) {
    const input = page.getByLabel(name, { exact: true });
    // Reached with Tab, as a keyboard user would.
    for (let i = 0; i < 12 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    const ring = await input.evaluate((el) => getComputedStyle(el.closest('label') ?? el).boxShadow);
    expect(ring, name).not.toBe('none');
  }
});

test('the workbench toolbar: Tab goes from Reload… to Share…, not to the hidden file input behind Reload…', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await app.drop([{ name: 'claude-p.jsonl', path: path.join(FIXTURES, 'claude-p.jsonl') }]);
  await app.waitForWorkbench();
  await page.getByRole('button', { name: 'Reload…' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Share…' })).toBeFocused();
});
