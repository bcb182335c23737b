import { expect, test } from '@playwright/test';
import { Loupe } from './pages/Loupe';

test('an evaluation row shows its verdict: a failed test is marked failed, never with a check mark', async ({ page }) => {
  const app = new Loupe(page);
  await page.goto('/view?sample=eval-failed');
  await app.waitForWorkbench();
  const row = app.option(/^evaluation failed: evaluation · test failed/);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-badge=error]')).toHaveText('failed');
  await expect(row).not.toContainText('✓');
});
