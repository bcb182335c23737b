// `npm run bench:library [-- --sessions 1000] [-- --mb 2000] [-- --dir /tmp/loupe-library-bench] [-- --keep] [-- --reuse]
// [-- --trace trace.json] [-- --cores N] [-- --fsa]`
// The session library on a big projects folder: generates one (N Claude Code sessions over a few projects, M MB in
// all), then in headless Chromium opens it through the real `Projects folder` input of the built app (`next build`
// first) and, while the workers fill the table, keeps scrolling it, sorting and searching. It reports the longest
// main-thread task (the bound: none over 100 ms), the time to the first rows and to a full table, and as a
// baseline measured in the same run the CLI (`loupe stats --by session --json`, worker_threads) on the same folder:
// the browser's fill time as a ratio to it. The folder is deleted afterwards unless `--keep`.
// `--fsa`: opens the folder through the File System Access API instead, as Chromium users do (the button `Open projects
// folder…`): the folder is first copied into the page's origin private file system, and `showDirectoryPicker` (the one
// call a script cannot click through) returns that copy's handle.
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { freePort } from '../scripts/net';
import { generateFile } from './generate';
import { answering } from './app-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const SESSIONS = Number(opt('--sessions', '1000'));
const TOTAL = Number(opt('--mb', '2000')) * 1_000_000;
const DIR = opt('--dir', '/tmp/loupe-library-bench');
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];
const PROJECTS = [
  '-home-dev-loupe',
  '-home-dev-acme-api',
  '-home-dev-trace-kit',
  '-home-dev-deep-manifest',
  '-home-dev-notes',
  '-home-dev-infra',
];

/** The session id a generated file's lines carry (its file is named after it, as Claude Code names them). */
function sessionIdOf(file: string): string {
  const fd = openSync(file, 'r');
  const buf = Buffer.alloc(8192);
  readSync(fd, buf, 0, buf.length, 0);
  closeSync(fd);
  const m = /"sessionId":"([^"]+)"/.exec(buf.toString('utf8'));
  if (!m?.[1]) throw new Error(`no session id in ${file}`);
  return m[1];
}

async function generate(folder: string): Promise<number> {
  rmSync(folder, { recursive: true, force: true });
  let bytes = 0;
  for (let i = 0; i < SESSIONS; i++) {
    // Sizes vary (a few big sessions, many small ones) around the mean, deterministically.
    const weight = 0.25 + 1.5 * (((i * 7919) % 1000) / 1000);
    const target = Math.max(20_000, Math.round((TOTAL / SESSIONS) * weight));
    const dir = path.join(folder, PROJECTS[i % PROJECTS.length] ?? 'p');
    mkdirSync(dir, { recursive: true });
    const tmp = path.join(dir, `tmp-${i}.jsonl`);
    const r = await generateFile(tmp, { dialect: 'claude-code', targetBytes: target, seed: 1000 + i });
    renameSync(tmp, path.join(dir, `${sessionIdOf(tmp)}.jsonl`));
    bytes += r.bytes;
    if (i % 100 === 99) process.stdout.write(`  generated ${i + 1} sessions, ${(bytes / 1e9).toFixed(2)} GB\n`);
  }
  return bytes;
}

function folderBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true }))
    n += e.isDirectory() ? folderBytes(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size;
  return n;
}

/** The folder's files, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** Serves the folder's files to the page (any origin), for the copy into its private file system. */
async function serveFolder(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent((req.url ?? '/').slice(1));
    const file = path.join(folder, rel);
    if (!file.startsWith(folder + path.sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** Copies the folder into the page's origin private file system, under `projects/`, a file at a time. */
async function copyToOpfs(page: Page, folder: string): Promise<void> {
  const { server, url: folderUrl } = await serveFolder(folder);
  // Fetched from the page's own origin (its Content Security Policy allows no other), and sent on to the folder's server.
  const url = new URL('/__bench-folder/', page.url()).href;
  await page.route(`${url}**`, (route) => route.continue({ url: folderUrl + route.request().url().slice(url.length) }));
  try {
    const files = filesUnder(folder);
    for (let i = 0; i < files.length; i += 100) {
      await page.evaluate(
        async ({ url, names }) => {
          const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('projects', { create: true });
          for (const name of names) {
            const parts = name.split('/');
            let dir = root;
            for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
            const handle = await dir.getFileHandle(parts[parts.length - 1] ?? '', { create: true });
            const res = await fetch(url + name.split('/').map(encodeURIComponent).join('/'));
            if (!res.ok || !res.body) throw new Error(`${name}: HTTP ${res.status}`);
            await res.body.pipeTo(await handle.createWritable());
          }
        },
        { url, names: files.slice(i, i + 100) },
      );
      process.stdout.write(
        `  copied ${Math.min(files.length, i + 100)} of ${files.length} files into the page's private file system\n`,
      );
    }
  } finally {
    await page.unroute(`${url}**`);
    server.close();
  }
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, LOUPE_DATA_DIR: path.join(DIR, 'data') },
  });
  return answering(child, port, 'the server');
}

async function main(): Promise<void> {
  const folder = path.join(DIR, 'projects');
  // `--reuse`: the folder a `--keep` run left (the same options give the same bytes).
  const reuse = args.includes('--reuse') && existsSync(folder);
  if (!reuse) process.stdout.write(`generating ${SESSIONS} sessions, ${TOTAL / 1e9} GB in ${folder}\n`);
  const bytes = reuse ? folderBytes(folder) : await generate(folder);

  const c0 = performance.now();
  const cli = JSON.parse(
    execFileSync(process.execPath, ['bin/loupe.mjs', 'stats', folder, '--by', 'session', '--json'], {
      cwd: ROOT,
      maxBuffer: 1 << 28,
    }).toString(),
  );
  const cliMs = performance.now() - c0;
  const cliRows: number = cli.rows.length;

  const port = await freePort();
  const server = await startServer(port);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // `--cores N`: the page sees N cores (the library sizes its scan worker pool by it), to compare pool sizes.
    const cores = Number(opt('--cores', '0'));
    // A script as text: tsx's compiled functions call helpers (`__name`) the page does not have.
    if (cores > 0)
      await page.addInitScript(
        `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} })`,
      );
    // What goes wrong in the page (a worker that fails to load, an uncaught error) shows in the run's output.
    page.on('pageerror', (err) => process.stderr.write(`page error: ${err.message}\n`));
    page.on('console', (m) => (m.type() === 'error' ? process.stderr.write(`page console: ${m.text()}\n`) : undefined));
    const fsa = args.includes('--fsa');
    if (fsa)
      await page.addInitScript(
        `window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('projects')`,
      );
    await page.goto(`http://127.0.0.1:${port}/`);
    if (fsa) await copyToOpfs(page, folder);
    // `--trace FILE`: a Chromium performance trace of the fill (every thread's tasks and CPU samples), for DevTools.
    const trace = opt('--trace', '');
    if (trace) await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
    await page.evaluate(() => {
      const w = window as unknown as { __tasks: number[]; __t: Record<string, number> };
      w.__tasks = [];
      w.__t = {};
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__tasks.push(e.duration);
      }).observe({ type: 'longtask' });
      // The start: the folder input's `change`, or the click on the button that opens the picker.
      document.addEventListener('change', () => (w.__t['change'] ??= performance.now()), true);
      document.addEventListener('click', () => (w.__t['change'] ??= performance.now()), true);
      new MutationObserver(() => {
        if (w.__t['rows'] === undefined && document.querySelector('[role=grid][aria-label=Sessions] [data-session]'))
          w.__t['rows'] = performance.now();
        if (w.__t['done'] === undefined && document.querySelector('[role=grid][aria-label=Sessions][aria-busy=false]'))
          w.__t['done'] = performance.now();
      }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    });
    if (fsa) await page.getByRole('button', { name: 'Open projects folder…' }).click();
    else await page.getByLabel('Projects folder').setInputFiles(folder);
    const grid = page.getByRole('grid', { name: 'Sessions' });
    await grid
      .locator('[data-session]')
      .first()
      .waitFor({ timeout: 120_000 })
      .catch(async (err: unknown) => {
        // No row in two minutes (they come in about one): what the page shows instead.
        process.stderr.write(`no rows; the page reads:\n${(await page.locator('body').innerText()).slice(0, 2000)}\n`);
        throw err;
      });
    // While it fills: scroll the table down and up, a wheel step per frame, as a user skimming it would.
    let scrolls = 0;
    await grid.hover();
    while ((await grid.getAttribute('aria-busy')) !== 'false') {
      for (let i = 0; i < 20; i++) await page.mouse.wheel(0, scrolls % 2 === 0 ? 240 : -240);
      scrolls += 1;
    }
    if (trace) await browser.stopTracing();
    const filled = await page.evaluate(() => (window as unknown as { __t: Record<string, number> }).__t);
    const during = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks.splice(0));
    // The baseline, under the same machine load: the same scrolling once the table is full and the workers are gone.
    const b0 = Date.now();
    for (let burst = 0; burst < scrolls; burst++)
      for (let i = 0; i < 20; i++) await page.mouse.wheel(0, burst % 2 === 0 ? 240 : -240);
    const baselineMs = Date.now() - b0;
    const baseline = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks.splice(0));
    // Then sort by cost, search, and clear the search.
    await grid.getByRole('columnheader', { name: 'Cost' }).click();
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('refactor the');
    await page.waitForTimeout(500);
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
    await page.getByLabel('Sessions shown').filter({ hasNotText: ' of ' }).waitFor();
    const shown = await page.getByLabel('Sessions shown').textContent();
    const after = await page.evaluate(() => (window as unknown as { __tasks: number[] }).__tasks);
    const firstRowsMs = (filled['rows'] ?? 0) - (filled['change'] ?? 0);
    const fillMs = (filled['done'] ?? 0) - (filled['change'] ?? 0);
    const longest = Math.max(0, ...during);
    const out = {
      opened: fsa ? 'File System Access API' : 'folder input',
      sessions: SESSIONS,
      bytes,
      cliRows,
      shown,
      cliMs: Math.round(cliMs),
      firstRowsMs: Math.round(firstRowsMs),
      fillMs: Math.round(fillMs),
      fillVsCli: Number((fillMs / cliMs).toFixed(2)),
      mbPerSecond: Math.round(bytes / 1e6 / (fillMs / 1000)),
      longTasks: during.length,
      longestTaskMs: Math.round(longest),
      over100ms: during.filter((d) => d > 100).length,
      scrollBursts: scrolls,
      baselineScrollMs: baselineMs,
      baselineLongTasks: baseline.length,
      baselineLongestTaskMs: Math.round(Math.max(0, ...baseline)),
      sortSearchLongestTaskMs: Math.round(Math.max(0, ...after)),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await browser.close();
    server.kill();
    if (!args.includes('--keep')) rmSync(DIR, { recursive: true, force: true });
  }
}

await main();
