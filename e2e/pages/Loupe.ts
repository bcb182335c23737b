import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** The page object: every locator is an ARIA role or label, the way users and screen readers see the app. */
export class Loupe {
  readonly events: Locator;
  readonly details: Locator;
  readonly detailsPanel: Locator;
  readonly filter: Locator;
  readonly computedCost: Locator;
  readonly diagnostics: Locator;
  readonly alert: Locator;
  /** `N of M events` in the filter box. */
  readonly filterCount: Locator;
  /** What is wrong with the applied filter, with the closest valid terms. */
  readonly filterWarnings: Locator;
  readonly suggestions: Locator;

  constructor(readonly page: Page) {
    this.events = page.getByRole('listbox', { name: 'Events' });
    this.details = page.getByRole('tablist', { name: 'Details' });
    // The details pane's tabpanel sits inside the Timeline panel's: the innermost one.
    this.detailsPanel = page.getByRole('tabpanel').filter({ hasNot: page.getByRole('tabpanel') });
    this.filter = page.getByRole('combobox', { name: 'Filter' });
    this.computedCost = page.getByRole('status', { name: 'Computed cost' });
    this.diagnostics = page.getByRole('button', { name: 'Diagnostics' });
    this.alert = page.getByRole('main').getByRole('alert');
    this.filterCount = page.getByRole('status', { name: 'Events shown' });
    this.filterWarnings = page.getByRole('status', { name: 'Filter warnings' });
    this.suggestions = page.getByRole('listbox', { name: 'Filter suggestions' });
  }

  async home(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('region', { name: 'Drop zone' })).toBeVisible();
    // Hydrated: a file picked before React attaches to the inputs would be lost.
    await expect(this.page.getByRole('region', { name: 'Open a trace' })).toHaveAttribute('aria-busy', 'false');
  }

  /** Opens a file through the home page's file picker and waits until the workbench has it indexed. */
  async openFile(file: string): Promise<void> {
    await this.home();
    await this.page.getByLabel('Choose files').setInputFiles(file);
    await this.waitForWorkbench();
  }

  /** Shows the Stats & verdict panel; its region. */
  async stats(): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Stats & verdict' }).click();
    return this.page.getByRole('region', { name: 'Stats' });
  }

  /** Drops files on the drop zone through a real DataTransfer, as a user dragging from the desktop would. */
  async drop(files: readonly { name: string; path: string; type?: string }[]): Promise<void> {
    const payload = files.map((f) => ({
      name: f.name,
      type: f.type ?? 'application/x-ndjson',
      data: readFileSync(f.path).toString('base64'),
    }));
    const dt = await this.page.evaluateHandle((items) => {
      const t = new DataTransfer();
      for (const it of items) {
        const bytes = Uint8Array.from(atob(it.data), (c) => c.charCodeAt(0));
        t.items.add(new File([bytes], it.name, { type: it.type }));
      }
      return t;
    }, payload);
    const zone = this.page.getByRole('region', { name: 'Drop zone' });
    for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: dt });
  }

  option(text: string | RegExp): Locator {
    return this.events.getByRole('option', { name: text });
  }

  selected(): Locator {
    return this.events.locator('[role=option][aria-selected=true]');
  }

  /** A timeline chip (`Hooks 14`): a toggle button whose name is its label and count. */
  chip(label: 'Hooks' | 'Progress' | 'Meta' | 'Stream'): Locator {
    return this.page
      .getByRole('group', { name: 'Show in timeline' })
      .getByRole('button', { name: new RegExp(`^${label} [\\d,]+$`) });
  }

  /** Turns every timeline chip on that has lines: the timeline then shows every line of the trace. */
  async showAll(): Promise<void> {
    for (const label of ['Hooks', 'Progress', 'Meta', 'Stream'] as const) {
      const chip = this.chip(label);
      if ((await chip.isEnabled()) && (await chip.getAttribute('aria-pressed')) !== 'true') {
        await chip.click();
        await expect(chip).toHaveAttribute('aria-pressed', 'true');
      }
    }
    await expect(this.events).toHaveAttribute('aria-busy', 'false');
  }

  tab(name: string): Locator {
    return this.details.getByRole('tab', { name });
  }

  /** One tool call's chain in the Tool call tab (`Edit call toolu_…`). */
  toolCall(name: string | RegExp): Locator {
    return this.detailsPanel.getByRole('article', { name });
  }

  /** A section of a tool call's chain: `1 · Request: Edit`, `3 · Result`, `4 · Side effect`. */
  chainStep(call: Locator, name: string | RegExp): Locator {
    return call.getByRole('region', { name });
  }

  /** The event rows shown (headers left out), in order. */
  eventRows(): Locator {
    return this.events.locator('[data-kind=event]');
  }

  /** Shows the rows matching a filter, then selects the one with this text. */
  async pick(filter: string, row: string | RegExp): Promise<void> {
    await this.setFilter(filter);
    await this.option(row).click();
  }

  async waitForWorkbench(): Promise<void> {
    await expect(this.computedCost).toBeVisible({ timeout: 20_000 });
    await expect(this.events.getByRole('option').first()).toBeVisible();
  }

  /** Whether the page scrolls sideways (it must not, down to 900 px). */
  async pageScrollsSideways(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  }

  async setFilter(q: string): Promise<void> {
    await this.filter.fill(q);
    await this.filter.press('Enter');
    // The address holds the filter applied (in the query, or the fragment of a shared link)…
    const param = new URLSearchParams({ q: q.trim() }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (q.trim()) await expect(this.page).toHaveURL(new RegExp(`[?&#]${param}(?:&|$)`));
    else await expect(this.page).not.toHaveURL(/[?&#]q=/);
    // …then what a user waits for: the list redrawn for it.
    await expect(this.events).toHaveAttribute('aria-busy', 'false');
  }
}
