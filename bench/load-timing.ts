import type { Page } from '@playwright/test';

/** The bare pipeline, in the page, on the same File object the app will get: File.text() + split + JSON.parse. */
export async function bare(page: Page, file: string): Promise<number> {
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
    const t0 = performance.now();
    const text = await input.files[0].text();
    let n = 0;
    for (const line of text.split('\n')) {
      if (line.length === 0) continue;
      JSON.parse(line);
      n += 1;
    }
    if (n === 0) throw new Error('empty');
    const ms = performance.now() - t0;
    input.remove();
    return ms;
  });
}

/** Watches the page for the load's milestones, timed in the page from the file input's change event (see `loadTimes`). */
export async function watchLoad(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __t: Record<string, number> };
    w.__t = {};
    document.addEventListener('change', () => (w.__t['change'] ??= performance.now()), true);
    new MutationObserver(() => {
      if (w.__t['rows'] === undefined && document.querySelector('[role=listbox][aria-label=Events] [role=option]'))
        w.__t['rows'] = performance.now();
      if (w.__t['indexed'] === undefined && document.querySelector('[aria-label="Computed cost"]'))
        w.__t['indexed'] = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** After a load `watchLoad` saw: ms from the drop to the first row of the timeline and to the computed cost. */
export async function loadTimes(page: Page): Promise<{ firstRowsMs: number; indexedMs: number }> {
  const t = await page.evaluate(() => (window as unknown as { __t: Record<string, number> }).__t);
  return {
    firstRowsMs: Math.round((t['rows'] ?? 0) - (t['change'] ?? 0)),
    indexedMs: Math.round((t['indexed'] ?? 0) - (t['change'] ?? 0)),
  };
}
