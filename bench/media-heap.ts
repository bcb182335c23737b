// `node --import tsx bench/media-heap.ts [--count 500] [--no-build]`: the heap of a trace full of screenshots.
// Generates a Claude Code session with COUNT MCP screenshots (bench/gen/screenshots.ts), opens it in headless
// Chromium through the home page's file input, and reads the JS heap of the page and its trace worker after a forced
// GC (CDP): once loaded, and again after scrolling the timeline from top to bottom (every row's thumbnail drawn in
// turn) and opening the last screenshot in the Message tab. Prints each as MB and as a ratio to the file's size.
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium';
import { freePort } from '../scripts/net';
import { startServer } from './app-server';
import { screenshotSession } from './gen/screenshots';
import { heapOf } from './heap';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--count') + 1] ?? 500) || 500;

async function main(): Promise<void> {
  const file = path.join(ROOT, 'bench/.cache', `screenshots-${count}.jsonl`);
  mkdirSync(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (const line of screenshotSession(count)) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const size = statSync(file).size;
  if (!args.includes('--no-build')) execFileSync('npx', ['next', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  const server = await startServer(ROOT, port);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.locator('section[aria-label="Open a trace"][aria-busy=false]').waitFor();
    await page.getByLabel('Choose files').setInputFiles(file);
    await page.getByRole('status', { name: 'Computed cost' }).waitFor({ timeout: 600_000 });
    const list = page.getByRole('listbox', { name: 'Events' });
    await list.getByTestId('row-thumb').first().waitFor();
    const loaded = await heapOf(page);
    // Scroll top to bottom a screen at a time, each screen's thumbnails drawn before the next.
    let drawn = 0;
    for (;;) {
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid=row-thumb]')].every((c) => c.getAttribute('data-drawn')),
        undefined,
        {
          timeout: 60_000,
        },
      );
      drawn += await list.getByTestId('row-thumb').count();
      const more = await list.evaluate((el) => {
        const before = el.scrollTop;
        el.scrollTop += el.clientHeight;
        return el.scrollTop > before;
      });
      if (!more) break;
      await page.waitForTimeout(50);
    }
    await list.getByTestId('row-thumb').last().click();
    await page.getByRole('tab', { name: 'Message' }).click();
    await page.getByRole('figure').getByRole('img').waitFor();
    const scrolled = await heapOf(page);
    const mb = (n: number): string => (n / 1e6).toFixed(1);
    const row = (what: string, n: number): string => `${what}: ${mb(n)} MB (${(n / size).toFixed(3)}x the file)`;
    process.stdout.write(
      [
        `${count} screenshots, file ${mb(size)} MB (thumbnails drawn in view: ${drawn} row visits)`,
        row('JS heap after load (page + worker)', loaded.main + loaded.worker) +
          ` [page ${mb(loaded.main)}, worker ${mb(loaded.worker)}]`,
        row('after scrolling through and opening the last one', scrolled.main + scrolled.worker) +
          ` [page ${mb(scrolled.main)}, worker ${mb(scrolled.worker)}]`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
