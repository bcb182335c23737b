import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generateFile } from '../bench/generate';
import { Loupe } from './pages/Loupe';

// The Stats pane of a big trace draws what is in view: the tables' rows as they scroll into view, the waterfall's
// calls merged where they are under a pixel apart, every call still counted. Drawn whole, a 2 GB trace's tables and
// waterfall held the main thread for 7 s (bench/big-load.ts --features).
test('the Stats tables draw the rows in view, and the waterfall draws every call in fewer bars', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const dir = info.outputPath('gen');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'cc-20.jsonl');
  await generateFile(file, { dialect: 'claude-code', targetBytes: 20_000_000, seed: 7 });
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  await page.getByRole('tab', { name: 'Stats & verdict' }).click();
  const stats = page.getByRole('region', { name: 'Stats' });

  const responses = stats.getByRole('table', { name: 'Per response' });
  const n = Number(
    /\((\d+)\)/.exec((await stats.getByRole('heading', { name: /^Per response/ }).textContent()) ?? '')?.[1],
  );
  expect(n).toBeGreaterThan(100);
  await expect(responses).toHaveAttribute('aria-rowcount', String(n + 1));
  const drawn = responses.getByRole('rowgroup').getByRole('row');
  expect(await drawn.count()).toBeLessThan(60);
  await responses.getByRole('rowgroup').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(drawn.last().getByRole('cell').first()).toHaveText(String(n));

  const calls = stats.getByRole('table', { name: 'Model calls' });
  const turns = Number(await calls.getAttribute('aria-rowcount')) - 1;
  expect(turns).toBeGreaterThan(100);
  expect(await calls.getByRole('rowgroup').getByRole('row').count()).toBeLessThan(60);

  const wf = stats.getByRole('img', { name: /^Tool call waterfall: / });
  const label = (await wf.getAttribute('aria-label')) ?? '';
  const toolCalls = Number(/waterfall: ([\d,]+) calls/.exec(label)?.[1]?.replace(/,/g, ''));
  const bars = await wf
    .locator('g[data-calls]')
    .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-calls'))));
  expect(bars.length).toBeLessThan(toolCalls);
  expect(bars.reduce((a, b) => a + b, 0)).toBe(toolCalls);
  // A merged bar says how many calls it draws, and which one it opens.
  const merged = wf.locator('g[data-calls]:not([data-calls="1"])').first();
  await merged.hover();
  await expect(page.getByRole('tooltip')).toContainText(/\d+ tool calls here; the longest:/);
});
