// `npm run bench:browser [-- --sizes 10,100,300] [-- --files rows-1m,cc-100] [-- --runs 3] [-- --no-build] [-- --json]`
// Builds and starts the app, then in headless Chromium, per generated transcript:
//   bare:      in the same page, File.text() + split + JSON.parse of every line (nothing kept)
//   loupe:     the real drop path (the home page's file input), timed to first rows visible and to fully indexed
// plus the longest main-thread task while loading, JS heap after load (page + worker) as a multiple of file size,
// and what each frame costs while scrolling the timeline from top to bottom, one step per animation frame: the p95 of
// the frame's CPU time on the threads that make frames (main, compositor, raster, viz; see frame-trace.ts), of its
// main-thread CPU time, and of its wall time, each beside the same scroll over a static page of plain rows; and the same
// for a slow scroll (SLOW_PX a frame, logged and in the JSON). With --write, writes bench-results/browser.json and docs/performance.md's browser
// table.
import { chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { freePort } from '../scripts/net';
import { writePerfSection, writeTracked } from './tracked';
import path from 'node:path';
import { generateFile, type Dialect } from './generate';
import { frameCosts, type FrameCosts, type TraceEvent } from './frame-trace';
import { writeRowsFile } from './rows-file';
import { startServer } from './app-server';
import { bare, loadTimes, watchLoad } from './load-timing';
import { heapOf } from './heap';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const json = args.includes('--json');
const sizes = opt('--sizes', '10,100,300').split(',').map(Number);
/** Only these files (names without `.jsonl`, e.g. `rows-1m,cc-100`): the sizes are then taken from the names. */
const only = args.includes('--files') ? opt('--files', '').split(',').filter(Boolean) : undefined;
/** Each file is measured this many times (interleaved with the others); docs/performance.md gets the median run of each. */
const runs = Math.max(1, Number(opt('--runs', '1')));
const log = (s: string): void => {
  if (!json) process.stdout.write(`${s}\n`);
};

export interface BrowserRow {
  file: string;
  dialect: Dialect | 'rows';
  sizeBytes: number;
  bareMs: number;
  firstRowsMs: number;
  indexedMs: number;
  longestTaskMs: number;
  heapBytes: number;
  /** p95 of a scroll frame's CPU time on every thread that makes frames (see frame-trace.ts). */
  scrollP95FrameMs: number;
  /** The same, on the renderer's main thread only (script, style, layout, paint, commit). */
  scrollP95MainMs: number;
  /** p95 of the time from one animation frame to the next (vsync-paced: 16.7 ms at best). */
  scrollP95WallMs: number;
  /** The same scroll over a static page of plain rows in the same browser, measured the same way. */
  baselineP95FrameMs: number;
  baselineP95MainMs: number;
  baselineP95WallMs: number;
  /** A slow scroll (a wheel's pace: SLOW_PX a frame, from a few screens down): p95 frame CPU, all threads and main. */
  slowP95FrameMs: number;
  slowP95MainMs: number;
  rows: number;
}

async function measureFile(
  page: Page,
  base: string,
  file: string,
  dialect: BrowserRow['dialect'],
): Promise<BrowserRow> {
  const size = statSync(file).size;
  await page.goto(`${base}/`);
  // Hydrated first: React would drop the bare pipeline's input, and a file picked before it attaches is lost.
  await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
  const bareMs = await bare(page, file);
  // Long tasks on the main thread from here on, across the client-side navigation to /view.
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  // Times are taken in the page: from the input's change event (when the user's drop lands) to the first row of the
  // timeline, and to the computed cost (the model is done). Playwright's own file hand-over is not counted.
  await watchLoad(page);
  // For a closer look at the load's main-thread tasks: BENCH_LOAD_TRACE_DIR=dir keeps a trace of each load.
  const loadTrace = process.env['BENCH_LOAD_TRACE_DIR'] ? await startTrace(page, LOAD_CATEGORIES) : undefined;
  await page.getByLabel('Choose files').setInputFiles(file);
  await page.getByRole('listbox', { name: 'Events' }).getByRole('option').first().waitFor({ timeout: 600_000 });
  await page.getByRole('status', { name: 'Computed cost' }).waitFor({ timeout: 600_000 });
  if (loadTrace)
    writeFileSync(
      path.join(process.env['BENCH_LOAD_TRACE_DIR'] ?? '.', `load-${path.basename(file)}-${Date.now()}.json`),
      JSON.stringify({ traceEvents: await loadTrace() }),
    );
  const { firstRowsMs, indexedMs } = await loadTimes(page);
  const longestLoad = await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    const longest = w.__longest;
    w.__longest = 0;
    return longest;
  });
  const timings = await page.getByRole('status', { name: 'Computed cost' }).getAttribute('data-timings');
  log(`  worker: ${timings ?? '?'}`);
  // Scroll every line, not just the conversation: turn each timeline chip with lines on (the worst case).
  // (Each click presses a chip, so the unpressed ones are looked up again after each.)
  const unpressed = page.getByRole('group', { name: 'Show in timeline' }).locator('button[aria-pressed=false]:enabled');
  while ((await unpressed.count()) > 0) await unpressed.first().click();
  await page.locator('[role=listbox][aria-label=Events][aria-busy=false]').waitFor({ timeout: 600_000 });
  const rows = await page.evaluate(
    () => document.querySelector('[role=listbox][aria-label=Events] > div')?.clientHeight ?? 0,
  );
  // Scroll top to bottom, one step per frame, and record frame times.
  const longestShow = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  const scroll = await tracedScroll(page, '[role=listbox][aria-label=Events]');
  log(
    `  longest main-thread task: loading ${Math.round(longestLoad)} ms, turning every chip on ${Math.round(longestShow)} ms, scrolling ${Math.round(scroll.longest)} ms`,
  );
  const slow = await tracedScroll(page, '[role=listbox][aria-label=Events]', SLOW_PX);
  const baseline = await baselineScroll(page);
  const ms = (n: number): number => Math.round(n * 10) / 10;
  const heap = await heapAfterLoad(page);
  return {
    file: path.basename(file),
    dialect,
    sizeBytes: size,
    bareMs: Math.round(bareMs),
    firstRowsMs,
    indexedMs,
    longestTaskMs: Math.round(Math.max(longestLoad, scroll.longest)),
    heapBytes: heap,
    scrollP95FrameMs: ms(scroll.totalP95),
    scrollP95MainMs: ms(scroll.mainP95),
    scrollP95WallMs: ms(scroll.wallP95),
    baselineP95FrameMs: ms(baseline.totalP95),
    baselineP95MainMs: ms(baseline.mainP95),
    baselineP95WallMs: ms(baseline.wallP95),
    slowP95FrameMs: ms(slow.totalP95),
    slowP95MainMs: ms(slow.mainP95),
    rows: Math.round(rows / 22),
  };
}

/** The slow scroll's step, px a frame (about a wheel notch spread over the frames of its smooth scroll). */
const SLOW_PX = 20;

/**
 * Scrolls `selector` from top to bottom, one step per animation frame; the longest task meanwhile. With `px`, instead
 * 200 steps of `px` from 5,000 px down (the first step is a jump there, and is not counted).
 */
async function scrollFrames([selector, px]: readonly [string, number]): Promise<{ longest: number }> {
  const list = document.querySelector(selector);
  if (!(list instanceof HTMLElement)) return { longest: 0 };
  const w = window as unknown as { __longest: number };
  w.__longest = 0;
  const max = list.scrollHeight - list.clientHeight;
  const steps = px > 0 ? 200 : Math.min(600, Math.max(60, Math.ceil(max / 2000)));
  for (let i = 1; i <= steps; i++) {
    list.scrollTop = px > 0 ? 5000 + px * i : (max * i) / steps;
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
  return { longest: w.__longest };
}

/** Everything a load's trace records: top-level tasks, the timeline's events, each script's function calls. */
const LOAD_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8.execute', 'blink.user_timing', '__metadata'];
/** Only top-level tasks and the page's animation frames: a light trace, so tracing adds little to what it measures. */
const FRAME_CATEGORIES = ['toplevel', 'devtools.timeline', '__metadata'];

/** Starts a Chrome trace of the page with these categories; the function returned ends it and gives its events. */
async function startTrace(page: Page, categories: readonly string[]): Promise<() => Promise<TraceEvent[]>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const v of e.value) events.push(v as unknown as TraceEvent);
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...categories] },
  });
  return async () => {
    const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    return events;
  };
}

/** `scrollFrames` under a Chrome trace: what each frame cost (frame-trace.ts), and the longest task. */
async function tracedScroll(page: Page, selector: string, px = 0): Promise<FrameCosts & { longest: number }> {
  const stop = await startTrace(page, FRAME_CATEGORIES);
  const { longest } = await page.evaluate(scrollFrames, [selector, px] as const);
  const events = await stop();
  // For a closer look (chrome://tracing or ui.perfetto.dev): BENCH_TRACE_DIR=dir keeps each trace.
  const dir = process.env['BENCH_TRACE_DIR'];
  if (dir) writeFileSync(path.join(dir, `scroll-${Date.now()}.json`), JSON.stringify({ traceEvents: events }));
  return { ...frameCosts(events), longest };
}

/**
 * The baseline for frame costs: the same traced scroll, in a new page of the same browser, over 5,000 static rows of
 * text (no script): what a frame of plain rows costs on this machine (software raster included).
 */
async function baselineScroll(page: Page): Promise<FrameCosts> {
  const other = await page.context().newPage();
  await other.setContent(
    `<div id=list style="height:100vh;overflow:auto;font:12px monospace">${'<div style="height:22px;border-bottom:1px solid #eee">0:01.2 ▸ assistant: a row of plain text, as long as a label</div>'.repeat(5000)}</div>`,
  );
  await other.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));
  const r = await tracedScroll(other, '#list');
  await other.close();
  return r;
}

/** JS heap of the page and of its trace worker, after a forced GC (see heap.ts). */
async function heapAfterLoad(page: Page): Promise<number> {
  const h = await heapOf(page);
  return h.main + h.worker;
}

function updateReadme(rows: readonly BrowserRow[]): void {
  const mb = (n: number): string => (n / 1e6).toFixed(0);
  writePerfSection(
    'browser-bench',
    [
      '| file | MB | bare pipeline | first rows | fully indexed | longest main-thread task | JS heap after load | scroll frame p95: CPU, main thread (static page) | slow scroll frame p95: CPU, main thread |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.file} | ${mb(r.sizeBytes)} | ${r.bareMs} ms | ${r.firstRowsMs} ms (${(r.firstRowsMs / r.bareMs).toFixed(2)}x) | ${r.indexedMs} ms (${(r.indexedMs / r.bareMs).toFixed(2)}x) | ${r.longestTaskMs === 0 ? 'none over 50 ms' : `${r.longestTaskMs} ms`} | ${mb(r.heapBytes)} MB (${(r.heapBytes / r.sizeBytes).toFixed(2)}x) | ${r.scrollP95FrameMs} ms, ${r.scrollP95MainMs} ms (${r.baselineP95FrameMs} ms, ${r.baselineP95MainMs} ms) | ${r.slowP95FrameMs} ms, ${r.slowP95MainMs} ms |`,
      ),
    ].join('\n'),
  );
}

/** The run whose fully-indexed ratio to its own bare pipeline is the median of the file's runs. */
function medianRun(runsOfFile: readonly BrowserRow[]): BrowserRow {
  const sorted = [...runsOfFile].sort((a, b) => a.indexedMs / a.bareMs - b.indexedMs / b.bareMs);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!mid) throw new Error('no runs');
  return mid;
}

async function main(): Promise<void> {
  const cache = path.join(ROOT, 'bench/.cache');
  mkdirSync(cache, { recursive: true });
  if (!args.includes('--no-build')) {
    log('building the app …');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: json ? 'ignore' : 'inherit' });
  }
  const files: { file: string; dialect: BrowserRow['dialect'] }[] = [];
  const wanted = (name: string): boolean => only === undefined || only.includes(name);
  const fileSizes = only
    ? [...new Set(only.flatMap((n) => /^(?:cc|sdk)-(\d+)$/.exec(n)?.[1] ?? []).map(Number))]
    : sizes;
  for (const mb of fileSizes) {
    for (const dialect of ['claude-code', 'sdk-stream'] as const) {
      const name = `${dialect === 'claude-code' ? 'cc' : 'sdk'}-${mb}`;
      if (!wanted(name)) continue;
      const file = path.join(cache, `${name}.jsonl`);
      if (!existsSync(file)) {
        log(`generating ${path.basename(file)} …`);
        await generateFile(file, { dialect, targetBytes: mb * 1_000_000, seed: 1 });
      }
      files.push({ file, dialect });
    }
  }
  if (wanted('rows-1m')) {
    const rowsFile = path.join(cache, 'rows-1m.jsonl');
    if (!existsSync(rowsFile)) await writeRowsFile(rowsFile, 1_000_000);
    files.push({ file: rowsFile, dialect: 'rows' });
  }

  const port = await freePort();
  const server = await startServer(ROOT, port);
  const browser = await chromium.launch(
    chromiumLaunchOptions(['--enable-precise-memory-info', '--js-flags=--expose-gc']),
  );
  const all: BrowserRow[][] = files.map(() => []);
  try {
    for (let run = 0; run < runs; run++) {
      for (const [i, { file, dialect }] of files.entries()) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        const r = await measureFile(page, `http://127.0.0.1:${port}`, file, dialect);
        all[i]?.push(r);
        log(
          `${r.file.padEnd(16)} ${(r.sizeBytes / 1e6).toFixed(0).padStart(4)} MB  bare ${r.bareMs} ms  first rows ${r.firstRowsMs} ms (${(r.firstRowsMs / r.bareMs).toFixed(2)}x)  indexed ${r.indexedMs} ms (${(r.indexedMs / r.bareMs).toFixed(2)}x)  longest task ${r.longestTaskMs} ms  heap ${(r.heapBytes / 1e6).toFixed(0)} MB (${(r.heapBytes / r.sizeBytes).toFixed(2)}x)  scroll frame p95 CPU ${r.scrollP95FrameMs} ms, main thread ${r.scrollP95MainMs} ms, wall ${r.scrollP95WallMs} ms (static page ${r.baselineP95FrameMs} / ${r.baselineP95MainMs} / ${r.baselineP95WallMs} ms)  slow scroll p95 CPU ${r.slowP95FrameMs} ms, main thread ${r.slowP95MainMs} ms  ~${r.rows} rows`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  const rows = all.map(medianRun);
  if (runs > 1)
    for (const r of rows)
      log(`median run of ${r.file}: indexed ${(r.indexedMs / r.bareMs).toFixed(2)}x the bare pipeline`);
  // A run of some files only leaves the recorded results (which have every file) as they were.
  if (only === undefined) {
    writeTracked(
      'bench-results/browser.json',
      `${JSON.stringify(
        rows.map(({ rows: _r, ...rest }) => rest),
        null,
        2,
      )}\n`,
    );
    updateReadme(rows);
  }
  if (json) process.stdout.write(`${JSON.stringify(rows)}\n`);
}

await main();
