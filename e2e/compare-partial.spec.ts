import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { runText, type ResponseSpec } from '../lib/compare/testing/runs';

// Two big runs: the compare view does not wait for both whole loads before its first aligned rows. Each side's worker
// reads its run's first megabytes apart and the view aligns those, saying so; the whole runs then take their place.

const responses = (n: number, changed: number): ResponseSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    prompt: `do step ${i} of the plan`,
    calls: [
      { name: 'Read', input: { file_path: `/repo/src/file${i}.ts` } },
      { name: 'Bash', input: { command: i === changed ? `npm test -- file${i} --run` : `npm test -- file${i}` } },
    ],
  }));

test('two big runs: the first aligned rows come from their first megabytes, then the whole runs', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  // About 12 MB each: six times the head, so each whole load takes several times as long as its head.
  const n = 4_500;
  const a = info.outputPath('run-a.jsonl');
  const b = info.outputPath('run-b.jsonl');
  writeFileSync(a, runText('a', responses(n, -1)));
  writeFileSync(b, runText('b', responses(n, 2)));
  // What the page showed on the way, seen as it happened (a poll could miss a state that lasts a second).
  await page.addInitScript(() => {
    const w = window as unknown as { __seen?: { note: string; first: string; rows: number } };
    new MutationObserver(() => {
      const note = document.querySelector('[aria-label="Partial comparison"]');
      const rows = document.querySelectorAll('[role=listbox][aria-label="Aligned pairs"] [role=option]').length;
      if (!note || rows === 0 || w.__seen) return;
      const first = document.querySelector('[aria-label="First divergence"]')?.textContent ?? '';
      w.__seen = { note: note.textContent ?? '', first, rows };
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await page.getByLabel('Choose two files to compare').setInputFiles([a, b]);
  await expect(page).toHaveURL(/\/compare\?a=local%3A\w+&b=local%3A\w+/);
  const compare = page.getByRole('region', { name: 'Compare' });
  // The whole runs in the end: totals shown, no partial note, the first divergence the same one.
  await expect(compare.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 60_000 });
  await expect(compare.getByLabel('Partial comparison')).toHaveCount(0);
  await expect(compare.getByRole('region', { name: 'First divergence' })).toContainText(
    'response A3 / B3: Bash #6 vs Bash #6',
  );
  // Thousands of rows scroll inside their list: the page itself does not grow past the window.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
    page.viewportSize()?.height ?? 0,
  );
  const seen = await page.evaluate(
    () => (window as unknown as { __seen?: { note: string; first: string; rows: number } }).__seen,
  );
  // On the way there, the partial view: how much of each run it had read, its rows, the divergence found so far.
  expect(seen?.note).toMatch(/Aligned so far on run A: its first [12]\.\d MB of 1[12]\.\d MB \(loading, \d+%\)/);
  expect(seen?.note).toMatch(/run B: its first [12]\.\d MB of 1[12]\.\d MB/);
  expect(seen?.first).toContain('First divergence so far');
  expect(seen?.first).toContain('response A3 / B3: Bash #6 vs Bash #6');
  expect(seen?.rows).toBeGreaterThan(0);
});
