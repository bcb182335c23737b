import { expect, test } from '@playwright/test';
import { generated } from './helpers/generated';
import { Loupe } from './pages/Loupe';

// Guards the big-file behaviour (the numbers themselves come from `npm run bench:browser`): a 10 MB generated
// transcript loads through the real file input without any main-thread task over 100 ms, and scrolls to its end.
test('a 10 MB transcript loads and scrolls without blocking the main thread', async ({ page }, info) => {
  test.setTimeout(90_000);
  const file = await generated(info, 'sdk-stream', 10_000_000, 11);
  const app = new Loupe(page);
  await app.home();
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask' });
  });
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  await app.events.focus();
  await page.keyboard.press('End');
  await expect(app.selected()).toContainText(/result|message_stop|Response/);
  await page.keyboard.press('Home');
  await expect(app.selected()).toContainText('Response 1');
  const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  expect(longest).toBeLessThan(100);
});
