import type { Page } from '@playwright/test';

// Every feature on a big trace, once it is loaded (`big-load.ts --features`): scroll the timeline top to bottom,
// filter, find, open a row's details, the Stats tab, the share dialog. Each step is timed from the user's action to
// what they wait for, with the longest main-thread task (the Long Tasks API: tasks over 50 ms) in its window; the
// load's own window is measured the same way, from the drop to the computed cost.

export interface Step {
  readonly name: string;
  readonly ms: number;
  /** The longest main-thread task that overlapped the step, 0 when none passed 50 ms. */
  readonly longestTaskMs: number;
  /** What the page said at the end of the step (a count, a dialog's first words). */
  readonly said?: string;
}

const BIG = { timeout: 600_000 };

/** Starts recording the page's long tasks (call before the drop). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: [number, number][] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
}

const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The longest long task overlapping [from, to] (page clock). */
async function longestIn(page: Page, from: number, to: number): Promise<number> {
  return page.evaluate(
    ([a, b]) =>
      Math.round(
        (window as unknown as { __long: [number, number][] }).__long
          .filter(([s, d]) => s + d >= a && s <= b)
          .reduce((m, [, d]) => Math.max(m, d), 0),
      ),
    [from, to] as const,
  );
}

async function step(page: Page, name: string, act: () => Promise<string | undefined>): Promise<Step> {
  const t0 = await now(page);
  const said = await act();
  const t1 = await now(page);
  return { name, ms: Math.round(t1 - t0), longestTaskMs: await longestIn(page, t0, t1), ...(said ? { said } : {}) };
}

/** The load's window: from the file input's change event to the computed cost (load-timing.ts). */
export async function loadStep(page: Page): Promise<Step> {
  const [change, indexed] = await page.evaluate(() => {
    const t = (window as unknown as { __t: Record<string, number> }).__t;
    return [t['change'] ?? 0, t['indexed'] ?? 0] as const;
  });
  return { name: 'load', ms: Math.round(indexed - change), longestTaskMs: await longestIn(page, change, indexed) };
}

/** Scrolls the timeline from top to bottom in 120 animation frames. */
async function scroll(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const list = document.querySelector('[role=listbox][aria-label=Events]');
    if (!(list instanceof HTMLElement)) throw new Error('no timeline');
    const max = list.scrollHeight - list.clientHeight;
    const frames: number[] = [];
    let last = performance.now();
    for (let i = 0; i <= 120; i++) {
      list.scrollTop = (max * i) / 120;
      await new Promise((r) => requestAnimationFrame(r));
      const t = performance.now();
      frames.push(t - last);
      last = t;
    }
    const slow = frames.map((ms, i) => [i, Math.round(ms)]).filter(([, ms]) => (ms ?? 0) > 50);
    return `${Math.round(max / 1000)}k px; frames over 50 ms (frame, ms): ${JSON.stringify(slow)}`;
  });
}

export async function features(page: Page, word: string): Promise<Step[]> {
  const events = page.getByRole('listbox', { name: 'Events' });
  const filter = page.getByRole('combobox', { name: 'Filter' });
  const shown = page.getByRole('status', { name: 'Events shown' });
  const steps: Step[] = [await step(page, 'scroll top to bottom', () => scroll(page))];
  for (const q of ['kind:assistant', word]) {
    steps.push(
      await step(page, `filter "${q}"`, async () => {
        await filter.fill(q);
        await filter.press('Enter');
        await page.waitForURL(/[?&]q=/, BIG);
        await events.and(page.locator('[aria-busy=false]')).waitFor(BIG);
        return (await shown.textContent(BIG)) ?? undefined;
      }),
    );
  }
  steps.push(
    await step(page, `find "${word}" under it, first match`, async () => {
      await events.focus();
      await page.keyboard.press('Control+f');
      const find = page.getByRole('textbox', { name: 'Find' });
      await find.fill(word);
      const status = page.getByRole('banner').getByText(/^\d+ \/ [1-9]\d*$/);
      await status.waitFor(BIG);
      await find.press('Enter');
      await page
        .getByRole('banner')
        .getByText(/^1 \/ \d+$/)
        .waitFor(BIG);
      const said = (await status.textContent()) ?? undefined;
      await find.press('Escape');
      return said;
    }),
  );
  steps.push(
    await step(page, 'a row in the middle: its details', async () => {
      await filter.fill('');
      await filter.press('Enter');
      await events.and(page.locator('[aria-busy=false]')).waitFor(BIG);
      await scroll(page);
      const rows = events.locator('[data-kind=event]');
      await rows.nth(Math.floor((await rows.count()) / 2)).click();
      const panel = page.getByRole('tabpanel').filter({ hasNot: page.getByRole('tabpanel') });
      await panel.waitFor(BIG);
      return ((await panel.textContent()) ?? '').slice(0, 80);
    }),
  );
  steps.push(
    await step(page, 'Stats tab', async () => {
      await page.getByRole('tab', { name: 'Stats & verdict' }).click();
      const table = page.getByRole('table', { name: 'Model calls' });
      await table.waitFor(BIG);
      return `${await table.getByRole('row').count()} rows drawn`;
    }),
  );
  steps.push(
    await step(page, 'share dialog', async () => {
      await page.getByRole('button', { name: 'Share…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share trace' });
      await dialog.waitFor(BIG);
      const said = ((await dialog.innerText()) ?? '').replace(/\s+/g, ' ').slice(0, 300);
      await page.keyboard.press('Escape');
      return said;
    }),
  );
  return steps;
}
