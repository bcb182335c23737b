// `node --import tsx bench/load-ab.ts --a <app dir> --b <app dir> [--files rows-1m] [--rounds 6]`
//
// A/B of the browser bench's load figures between two builds: each dir holds a `.next` build (and node_modules, e.g.
// hard links); both servers run at once. Each round opens every file on both sides, in ABBA order, each in a fresh
// page: the bare pipeline first, then the drop, timed to first rows and to fully indexed (load-timing.ts), with the
// trace worker's own timings. The figure is fully indexed ÷ bare of the same page, as in the browser bench; printed per
// load, then per file the median of each side and the ratio of the medians, B/A, and the same for first rows ÷ bare. The files are the browser bench's
// (`bench/.cache/<name>.jsonl`: run it once to make them).
import { chromium, type Browser } from '@playwright/test';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { freePort } from '../scripts/net';
import { startServer } from './app-server';
import { bare, loadTimes, watchLoad } from './load-timing';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const dirs = { A: opt('--a', ''), B: opt('--b', '') };
const files = opt('--files', 'rows-1m').split(',');
const rounds = Number(opt('--rounds', '6'));
type Side = 'A' | 'B';

interface Load {
  readonly bareMs: number;
  readonly indexedMs: number;
  readonly firstRowsMs: number;
  readonly timings: string;
}

async function load(browser: Browser, base: string, file: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
  const bareMs = await bare(page, file);
  await watchLoad(page);
  await page.getByLabel('Choose files').setInputFiles(file);
  const cost = page.getByRole('status', { name: 'Computed cost' });
  await cost.waitFor({ timeout: 600_000 });
  const { indexedMs, firstRowsMs } = await loadTimes(page);
  const timings = (await cost.getAttribute('data-timings')) ?? '?';
  await context.close();
  return { bareMs, indexedMs, firstRowsMs, timings };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

async function main(): Promise<void> {
  if (!dirs.A || !dirs.B)
    throw new Error('usage: load-ab.ts --a <app dir> --b <app dir> [--files rows-1m] [--rounds 6]');
  const ports: Record<Side, number> = { A: await freePort(), B: await freePort() };
  const servers = [await startServer(dirs.A, ports.A), await startServer(dirs.B, ports.B)];
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const name of files) {
      const file = path.join(ROOT, 'bench/.cache', `${name}.jsonl`);
      const ratios: Record<Side, number[]> = { A: [], B: [] };
      const firsts: Record<Side, number[]> = { A: [], B: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of (round % 2 === 0 ? ['A', 'B', 'B', 'A'] : ['B', 'A', 'A', 'B']) as Side[]) {
          const r = await load(browser, `http://127.0.0.1:${ports[side]}`, file);
          ratios[side].push(r.indexedMs / r.bareMs);
          firsts[side].push(r.firstRowsMs / r.bareMs);
          console.log(
            `${name} ${side} round ${round + 1}: bare ${Math.round(r.bareMs)} ms, first rows ${r.firstRowsMs} ms, indexed ${r.indexedMs} ms (${(r.indexedMs / r.bareMs).toFixed(2)}x)  ${r.timings}`,
          );
        }
      }
      const a = median(ratios.A);
      const b = median(ratios.B);
      console.log(
        `${name}: fully indexed ÷ bare, median of ${ratios.A.length}: A ${a.toFixed(2)}x, B ${b.toFixed(2)}x; B/A ${(b / a).toFixed(3)}`,
      );
      const fa = median(firsts.A);
      const fb = median(firsts.B);
      console.log(`${name}: first rows ÷ bare: A ${fa.toFixed(3)}x, B ${fb.toFixed(3)}x; B/A ${(fb / fa).toFixed(3)}`);
    }
  } finally {
    await browser.close();
    for (const s of servers) s.kill('SIGTERM');
  }
}

await main();
