// `node --import tsx bench/big-load.ts --files /tmp/big/cc-1000.jsonl,... [--dir <app dir>] [--no-bare] [--query q]
//   [--features [--word error]]`
//
// What a big file does to a tab: each file dropped on the home page of the built app (`next start` of `--dir`, this
// checkout by default) in a fresh page of headless Chromium, timed from the input's change event to the first rows, to
// fully indexed (the computed cost) or to what the page says instead (an alert, a note); whether the page crashed (its
// 'crash' event) or went quiet (no change for 120 s); the JS heap of page + workers after a forced GC, and the highest
// worker heap seen while loading (sampled every second, through CDP, without a GC). The bare pipeline is the browser bench's
// (File.text() + split + JSON.parse), read in 64 MiB slices so that a file past V8's longest string (512 MiB) can run
// it: its time is the baseline of the ratios. `--query q` adds `?q` to the home page's URL (a limit parameter).
// `--features` then uses every feature on the loaded trace (big-features.ts), timed, with the longest main-thread task
// of each step and of the load.
import { chromium, type Page } from '@playwright/test';
import { statSync } from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { freePort } from '../scripts/net';
import { startServer } from './app-server';
import { features, loadStep, watchLongTasks, type Step } from './big-features';
import { heapOf } from './heap';
import { loadTimes, watchLoad } from './load-timing';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const files = opt('--files', '').split(',').filter(Boolean);
const dir = path.resolve(opt('--dir', ROOT));
const query = opt('--query', '');
const withBare = !args.includes('--no-bare');
const withFeatures = args.includes('--features');
const word = opt('--word', 'error');
const MB = 1e6;

/** The bare pipeline in slices (a line cut by a slice's end is carried into the next): ms, or NaN when it failed. */
async function bareSliced(page: Page, file: string): Promise<number> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-bare';
    document.body.append(input);
  });
  await page.setInputFiles('#bench-bare', file);
  return page.evaluate(async () => {
    const input = document.getElementById('bench-bare');
    if (!(input instanceof HTMLInputElement) || !input.files?.[0]) throw new Error('no file');
    const f = input.files[0];
    const t0 = performance.now();
    let carry = '';
    let n = 0;
    for (let at = 0; at < f.size; at += 64 * 1024 * 1024) {
      const text = carry + (await f.slice(at, at + 64 * 1024 * 1024).text());
      const lines = text.split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) {
        if (line.length === 0) continue;
        JSON.parse(line);
        n += 1;
      }
    }
    if (carry) JSON.parse(carry);
    const ms = performance.now() - t0;
    input.remove();
    return n > 0 ? ms : Number.NaN;
  });
}

/**
 * Samples the JS heap of the page's workers (used, without a GC) through the browser's CDP session, attached once to
 * each worker target: `sample()` gives the sum now, `stop()` detaches.
 */
async function workerHeapSampler(page: Page): Promise<{ sample: () => Promise<number>; stop: () => Promise<void> }> {
  const cdp = await page.context().browser()?.newBrowserCDPSession();
  if (!cdp) return { sample: () => Promise.resolve(0), stop: () => Promise.resolve() };
  const sessions = new Map<string, string>();
  let nextId = 1;
  const ask = (sessionId: string, method: string): Promise<unknown> => {
    const id = nextId++;
    return new Promise((resolve) => {
      const onMsg = (ev: { sessionId?: string; message: string }) => {
        const m: unknown = JSON.parse(ev.message);
        if (typeof m === 'object' && m !== null && 'id' in m && m.id === id) {
          cdp.off('Target.receivedMessageFromTarget', onMsg);
          resolve('result' in m ? m.result : undefined);
        }
      };
      cdp.on('Target.receivedMessageFromTarget', onMsg);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      setTimeout(() => resolve(undefined), 5000);
    });
  };
  return {
    sample: async () => {
      const { targetInfos } = await cdp.send('Target.getTargets');
      let used = 0;
      for (const t of targetInfos.filter((x) => x.type === 'worker')) {
        let sessionId = sessions.get(t.targetId);
        if (!sessionId) {
          sessionId = (await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })).sessionId;
          sessions.set(t.targetId, sessionId);
        }
        const u = await ask(sessionId, 'Runtime.getHeapUsage');
        if (typeof u === 'object' && u !== null && 'usedSize' in u && typeof u.usedSize === 'number')
          used += u.usedSize;
      }
      return used;
    },
    stop: async () => {
      for (const sessionId of sessions.values())
        await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      await cdp.detach();
    },
  };
}

interface Outcome {
  file: string;
  mb: number;
  bareMs: number;
  firstRowsMs: number | undefined;
  indexedMs: number | undefined;
  said: string | undefined;
  crashed: boolean;
  stalled: boolean;
  heapMb: number | undefined;
  /** Of heapMb: the page's and the workers'. */
  heapSplit: string | undefined;
  peakWorkerMb: number;
  timings: string | undefined;
  steps: readonly Step[];
}

async function measure(base: string, file: string): Promise<Outcome> {
  const browser = await chromium.launch(chromiumLaunchOptions(['--enable-precise-memory-info']));
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  let crashed = false;
  page.on('crash', () => (crashed = true));
  const size = statSync(file).size;
  try {
    await page.goto(`${base}/${query ? `?${query}` : ''}`);
    await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
    const bareMs = withBare ? await bareSliced(page, file) : Number.NaN;
    await page.reload();
    await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
    await watchLoad(page);
    await watchLongTasks(page);
    await page.getByLabel('Choose files').setInputFiles(file);
    const sampler = await workerHeapSampler(page);
    let peak = 0;
    let stalled = false;
    let lastText = '';
    let lastChange = Date.now();
    let said: string | undefined;
    for (;;) {
      if (crashed) break;
      const state = await page
        .evaluate(() => ({
          done: document.querySelector('[aria-label="Computed cost"]') !== null,
          alert: [...document.querySelectorAll('[role=alert]')].map((e) => e.textContent ?? '').join(' | '),
          notLoaded: document.querySelector('[role=region][aria-label="Not loaded"]')?.textContent ?? '',
          note: [...document.querySelectorAll('[role=status]')].map((e) => e.textContent ?? '').join(' | '),
          text: document.body.innerText.slice(0, 2000),
        }))
        .catch(() => undefined);
      if (!state) {
        crashed = crashed || page.isClosed();
        break;
      }
      peak = Math.max(peak, await sampler.sample().catch(() => 0));
      if (process.env['BIG_DEBUG']) console.log(`  ${Math.round(peak / MB)} MB peak; ${state.note.slice(0, 120)}`);
      if (state.done) {
        said = state.alert || state.notLoaded || undefined;
        if (!said)
          said =
            (await page
              .getByRole('region', { name: 'Not loaded' })
              .textContent({ timeout: 3000 })
              .catch(() => null)) ?? undefined;
        break;
      }
      if (state.alert.trim()) {
        said = state.alert;
        break;
      }
      if (state.text !== lastText) {
        lastText = state.text;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > 120_000) {
        stalled = true;
        said = `(stalled) ${state.note}`;
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    await sampler.stop().catch(() => undefined);
    // The load's window ends here; the features run after the heap is measured.
    const loaded = withFeatures && !crashed && !stalled ? await loadStep(page) : undefined;
    const t = crashed ? { firstRowsMs: undefined, indexedMs: undefined } : await loadTimes(page).catch(() => undefined);
    const heap = crashed ? undefined : await heapOf(page).catch(() => undefined);
    const timings = crashed
      ? undefined
      : ((await page
          .getByRole('status', { name: 'Computed cost' })
          .getAttribute('data-timings', { timeout: 1000 })
          .catch(() => null)) ?? undefined);
    const steps = loaded ? [loaded, ...(await features(page, word))] : [];
    const pos = (n: number | undefined): number | undefined => (n !== undefined && n > 0 ? n : undefined);
    return {
      file: path.basename(file),
      mb: Math.round(size / MB),
      bareMs: Math.round(bareMs),
      firstRowsMs: pos(t?.firstRowsMs),
      indexedMs: pos(t?.indexedMs),
      said,
      crashed,
      stalled,
      heapMb: heap ? Math.round((heap.main + heap.worker) / MB) : undefined,
      heapSplit: heap ? `page ${Math.round(heap.main / MB)} MB, workers ${Math.round(heap.worker / MB)} MB` : undefined,
      peakWorkerMb: Math.round(peak / MB),
      timings,
      steps,
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (files.length === 0) throw new Error('usage: big-load.ts --files a.jsonl,b.jsonl [--dir <app dir>] [--no-bare]');
  const port = await freePort();
  const server = await startServer(dir, port);
  try {
    for (const file of files) {
      const o = await measure(`http://127.0.0.1:${port}`, file);
      const x = (ms: number | undefined): string =>
        ms === undefined ? '-' : `${ms} ms${Number.isFinite(o.bareMs) ? ` (${(ms / o.bareMs).toFixed(2)}x)` : ''}`;
      console.log(
        `${o.file} ${o.mb} MB: bare ${o.bareMs} ms, first rows ${x(o.firstRowsMs)}, indexed ${x(o.indexedMs)}, ` +
          `heap ${o.heapMb ?? '-'} MB${o.heapMb !== undefined ? ` (${(o.heapMb / o.mb).toFixed(2)}x; ${o.heapSplit ?? ''})` : ''}, ` +
          `worker peak ${o.peakWorkerMb} MB, crashed ${o.crashed}, stalled ${o.stalled}` +
          `${o.said ? `\n  said: ${o.said.slice(0, 400)}` : ''}${o.timings ? `\n  worker: ${o.timings}` : ''}`,
      );
      for (const st of o.steps)
        console.log(
          `  ${st.name}: ${st.ms} ms, longest main-thread task ${st.longestTaskMs || 'none over 50'} ms${st.said ? `; ${st.said}` : ''}`,
        );
    }
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
