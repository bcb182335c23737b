import { expect, test } from '@playwright/test';

test('the home page is served by next start', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Loupe' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Drop zone' })).toBeVisible();
});
