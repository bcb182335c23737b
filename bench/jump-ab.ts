// `node --import tsx bench/jump-ab.ts --a <app dir> --b <app dir> [--files cc-10,sdk-10] [--rounds 6] [--cold]`
// `node --import tsx bench/jump-ab.ts --a <app dir> --x <flags> [--x-a <flags>] [--per frame|scroll] ...`
//
// A/B of the timeline's jump scroll (the browser bench's scroll column: the position set top to bottom in steps that
// pass the viewport, one a frame, every chip on), in CPU time of the renderer's main thread per frame (frame-trace.ts).
// Printed per round and per file: the p95 and the mean of the frames, A and B, and their ratios B/A. On the 10 MB files
// a scroll is 58 frames, so its p95 is its third-worst frame (often a GC): compare means, which are steadier.
//
// Two builds: each dir holds a `.next` build (and node_modules, e.g. a symlink); both servers run at once, each file is
// opened once per side, and the traced scroll is repeated in ABBA order after a warm-up scroll on each side. With
// `--cold`, each round opens the file afresh and scrolls once (the browser bench's figure is that first scroll).
//
// One build with switches: `--x` is set as `window.__jx` (for an experimental build whose code reads it, never
// committed) on alternate frames of the same scroll in the same page (`--per frame`, the default: both sides see the
// same machine at the same moment; odd rounds swap which steps each side draws), or on alternate scrolls (`--per
// scroll`, for switches that change which elements a row has). Two values that change nothing (`--x nothing`) measured
// a mean ratio of 1.00-1.02 this way; two copies of one build, on two servers, gave round ratios of 0.95-1.29.
import { chromium, type Page } from '@playwright/test';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { freePort } from '../scripts/net';
import { frameCosts, p95, type TraceEvent } from './frame-trace';
import { startServer } from './app-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const dirA = opt('--a', '');
const dirB = opt('--b', '');
const flags = { A: opt('--x-a', ''), B: opt('--x', '') };
const perFrame = opt('--per', 'frame') === 'frame';
const files = opt('--files', 'cc-10,sdk-10').split(',');
const rounds = Number(opt('--rounds', '6'));
/** Each round on freshly opened pages, scrolled once (as the browser bench does: its figure is that first scroll). */
const cold = args.includes('--cold');
const SELECTOR = '[role=listbox][aria-label=Events]';
type Side = 'A' | 'B';

/** Opens the file as the user does and turns every chip on. */
async function open(page: Page, base: string, file: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
  await page.getByLabel('Choose files').setInputFiles(file);
  await page.getByRole('status', { name: 'Computed cost' }).waitFor({ timeout: 600_000 });
  const unpressed = page.getByRole('group', { name: 'Show in timeline' }).locator('button[aria-pressed=false]:enabled');
  while ((await unpressed.count()) > 0) await unpressed.first().click();
  await page.locator(`${SELECTOR}[aria-busy=false]`).waitFor({ timeout: 600_000 });
}

/**
 * One traced jump scroll from the top; `alternate` sets `window.__jx` to its two values on alternate steps (else to
 * `alternate[0]` throughout). Each frame's main-thread CPU ms, and with `alternate` which value drew it.
 */
async function jump(
  page: Page,
  alternate: readonly [string, string],
): Promise<{ frames: readonly number[]; sideOf: (f: number) => Side }> {
  await page.evaluate(
    async ([sel, x]) => {
      (window as unknown as { __jx: string }).__jx = x;
      const list = document.querySelector(sel);
      if (list instanceof HTMLElement) list.scrollTop = 0;
      // Let the rows at the top come from the worker.
      await new Promise((r) => setTimeout(r, 300));
    },
    [SELECTOR, alternate[0]] as const,
  );
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const v of e.value) events.push(v as unknown as TraceEvent);
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', '__metadata'] },
  });
  await page.evaluate(
    async ([sel, a, b]) => {
      const list = document.querySelector(sel);
      if (!(list instanceof HTMLElement)) return;
      const w = window as unknown as { __jx: string };
      const max = list.scrollHeight - list.clientHeight;
      const steps = Math.min(600, Math.max(60, Math.ceil(max / 2000)));
      for (let i = 1; i <= steps; i++) {
        w.__jx = i % 2 === 0 ? a : b;
        list.scrollTop = (max * i) / steps;
        await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      }
    },
    [SELECTOR, alternate[0], alternate[1]] as const,
  );
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  // Step i is set in the animation frame before the one whose task draws it (its scroll event, then layout and paint);
  // frameCosts skips the first frame, so its frame f draws step f + 2: even steps are A.
  return { frames: frameCosts(events).mainFrames, sideOf: (f) => (f % 2 === 0 ? 'A' : 'B') };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const f1 = (n: number): string => n.toFixed(1);

async function main(): Promise<void> {
  const twoBuilds = dirB !== '';
  const ports: Record<Side, number> = { A: await freePort(), B: await freePort() };
  const servers = [await startServer(dirA, ports.A)];
  if (twoBuilds) servers.push(await startServer(dirB, ports.B));
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const name of files) {
      const file = path.join(ROOT, 'bench/.cache', `${name}.jsonl`);
      const sides: readonly Side[] = twoBuilds ? ['A', 'B'] : ['A'];
      const pages: Partial<Record<Side, Page>> = {};
      const openAll = async (): Promise<void> => {
        for (const page of Object.values(pages)) await page.context().close();
        for (const side of sides) {
          const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
          const page = await context.newPage();
          await open(page, `http://127.0.0.1:${ports[side]}`, file);
          pages[side] = page;
        }
      };
      await openAll();
      const pageOf = (side: Side): Page => pages[twoBuilds ? side : 'A'] as Page;
      const p: Record<Side, number[]> = { A: [], B: [] };
      const m: Record<Side, number[]> = { A: [], B: [] };
      const record = (side: Side, frames: readonly number[]): void => {
        p[side].push(p95(frames));
        m[side].push(mean(frames));
      };
      // Unless cold, a warm-up scroll on each side, not counted (a page's first scroll runs colder code).
      if (!cold) {
        await jump(pageOf('A'), [flags.A, flags.A]);
        if (twoBuilds) await jump(pageOf('B'), [flags.B, flags.B]);
      }
      for (let r = 0; r < rounds; r++) {
        if (cold && r > 0) await openAll();
        if (!twoBuilds && perFrame) {
          // Odd rounds swap which steps each side draws, so that what the rows hold at even and odd steps evens out.
          const swap = r % 2 === 1;
          const { frames, sideOf: stepSide } = await jump(pageOf('A'), swap ? [flags.B, flags.A] : [flags.A, flags.B]);
          const sideOf = (f: number): Side => ((stepSide(f) === 'A') !== swap ? 'A' : 'B');
          record(
            'A',
            frames.filter((_, i) => sideOf(i) === 'A'),
          );
          record(
            'B',
            frames.filter((_, i) => sideOf(i) === 'B'),
          );
        } else {
          for (const side of r % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
            const { frames } = await jump(pageOf(side), [flags[side], flags[side]]);
            record(side, frames);
          }
        }
        process.stdout.write(
          `${name} round ${r + 1}: main p95 A ${f1(p.A.at(-1) ?? 0)} B ${f1(p.B.at(-1) ?? 0)} (${((p.B.at(-1) ?? 0) / (p.A.at(-1) ?? 1)).toFixed(2)}), mean A ${f1(m.A.at(-1) ?? 0)} B ${f1(m.B.at(-1) ?? 0)} (${((m.B.at(-1) ?? 0) / (m.A.at(-1) ?? 1)).toFixed(2)})\n`,
        );
      }
      const ratios = p.B.map((b, i) => b / (p.A[i] ?? 1));
      const meanRatios = m.B.map((b, i) => b / (m.A[i] ?? 1));
      process.stdout.write(
        `${name}: main-thread p95 median A ${f1(median(p.A))} ms, B ${f1(median(p.B))} ms: B/A ${(median(p.B) / median(p.A)).toFixed(2)} (rounds' ratios ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}, median ${median(ratios).toFixed(2)}); mean A ${f1(median(m.A))} ms, B ${f1(median(m.B))} ms: B/A ${median(meanRatios).toFixed(2)}\n`,
      );
      for (const page of Object.values(pages)) await page.context().close();
    }
  } finally {
    await browser.close();
    for (const s of servers) s.kill('SIGTERM');
  }
}

await main();
