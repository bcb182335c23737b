// `npm run bench:compare-browser [-- --mb 100] [-- --runs 3] [-- --json]`: how soon two big runs compare in Chromium.
// Two generated Claude Code runs of --mb MB each (seeds 1 and 2), picked with "Compare…" on the home page; and, as the
// baseline in the same run, one of them opened in the workbench. Times are taken in the page from the file input's
// change event: to the first aligned row (from the runs' first megabytes, `compareHead`), to the whole comparison
// (its totals), and to the workbench's fully indexed load of one run. Interleaved runs, medians; the server is
// `next start` of the current build (run `npx next build` first).
import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { freePort } from '../scripts/net';
import { startServer } from './app-server';
import { generateFile } from './generate';
import { loadTimes, watchLoad } from './load-timing';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const mb = Number(opt('--mb', '100'));
const runs = Math.max(1, Number(opt('--runs', '3')));
const json = args.includes('--json');
const log = (s: string): void => void (json ? process.stderr : process.stdout).write(`${s}\n`);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function hydrated(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
}

/** One run opened in the workbench: ms from the drop to the computed cost (the model is done). */
async function loadOne(page: Page, base: string, file: string): Promise<number> {
  await hydrated(page, base);
  await watchLoad(page);
  await page.getByLabel('Choose files').setInputFiles(file);
  await page.getByRole('status', { name: 'Computed cost' }).waitFor({ timeout: 600_000 });
  return (await loadTimes(page)).indexedMs;
}

/** Two runs compared: ms from the drop to the first aligned row, and to the whole comparison's totals. */
async function compareTwo(page: Page, base: string, a: string, b: string): Promise<{ first: number; whole: number }> {
  await hydrated(page, base);
  await page.evaluate(() => {
    const w = window as unknown as { __c: Record<string, number> };
    w.__c = {};
    // The page navigates to /compare on the client: the observer and the times live on.
    document.addEventListener('change', () => (w.__c['change'] ??= performance.now()), true);
    new MutationObserver(() => {
      if (
        w.__c['first'] === undefined &&
        document.querySelector('[role=listbox][aria-label="Aligned pairs"] [role=option]')
      )
        w.__c['first'] = performance.now();
      if (w.__c['whole'] === undefined && document.querySelector('[aria-label="Totals"]'))
        w.__c['whole'] = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByLabel('Choose two files to compare').setInputFiles([a, b]);
  await page.getByRole('region', { name: 'Totals' }).waitFor({ timeout: 600_000 });
  const t = await page.evaluate(() => (window as unknown as { __c: Record<string, number> }).__c);
  const at = (k: string): number => Math.round((t[k] ?? Number.NaN) - (t['change'] ?? 0));
  return { first: at('first'), whole: at('whole') };
}

async function main(): Promise<void> {
  const cache = path.join(ROOT, 'bench/.cache');
  mkdirSync(cache, { recursive: true });
  const files = [1, 2].map((seed) => path.join(cache, `cc-${mb}${seed === 1 ? '' : '-seed2'}.jsonl`));
  for (const [i, file] of files.entries())
    if (!existsSync(file)) {
      log(`generating ${path.basename(file)} …`);
      await generateFile(file, { dialect: 'claude-code', targetBytes: mb * 1_000_000, seed: i + 1 });
    }
  const [a, b] = files as [string, string];
  const port = await freePort();
  const server = await startServer(ROOT, port);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const base = `http://127.0.0.1:${port}`;
  const one: number[] = [];
  const first: number[] = [];
  const whole: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const step of ['one', 'two'] as const) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        if (step === 'one') one.push(await loadOne(page, base, a));
        else {
          const r = await compareTwo(page, base, a, b);
          first.push(r.first);
          whole.push(r.whole);
        }
        await context.close();
      }
      log(
        `run ${run + 1}: one load ${one.at(-1)} ms · first aligned row ${first.at(-1)} ms · whole ${whole.at(-1)} ms`,
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  const r = { mb, runs, oneLoadMs: median(one), firstAlignedMs: median(first), wholeCompareMs: median(whole) };
  const ratio = (x: number): string => (x / r.oneLoadMs).toFixed(2);
  if (json) process.stdout.write(`${JSON.stringify(r)}\n`);
  else
    log(
      `two ${mb} MB runs, medians of ${runs}: first aligned row ${r.firstAlignedMs} ms (${ratio(r.firstAlignedMs)}x one load of ${r.oneLoadMs} ms), whole comparison ${r.wholeCompareMs} ms (${ratio(r.wholeCompareMs)}x)`,
    );
}

await main();
