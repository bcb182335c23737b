import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { showcaseFolder, writeProjects } from './helpers/projects';
import { FIXTURES, Loupe } from './pages/Loupe';

// The workbench, the Stats pane and the Share dialog in light and dark, on the sample that shows every feature.
// `npm run screenshots` runs this file with LOUPE_DOCS_SHOTS=1 to refresh the PNGs in docs/ that docs/workbench.md shows.

const DOCS = path.resolve(import.meta.dirname, '../docs');
const shoot = async (page: Page, name: string, dir = DOCS) => {
  if (!process.env.LOUPE_DOCS_SHOTS) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
};
/** Shots looked at but not shown in the README (the narrow widths). */
const CHECKED = path.resolve(import.meta.dirname, '../test-results/shots');

/** Relative luminance (0 black … 1 white) of the background an element is drawn on (its own or an ancestor's). */
async function luminance(page: Page, selector: string): Promise<number> {
  const rgb = await page
    .locator(selector)
    .first()
    .evaluate((start) => {
      for (let el: Element | null = start; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (!/^rgba\(.*,\s*0\)$|^transparent$/.test(bg)) return bg;
      }
      return 'rgb(255, 255, 255)';
    });
  // Chromium reports Tailwind's oklch colours as `oklch(L C H)` and plain ones as `rgb(r, g, b)`.
  const ok = /oklch\(([\d.]+)/.exec(rgb);
  if (ok) return Number(ok[1]);
  const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1400, height: 820 } });

    test(`workbench, stats pane and share dialog render in ${scheme}`, async ({ page }) => {
      const app = new Loupe(page);
      await page.goto('/view?sample=tour');
      await app.waitForWorkbench();
      await app.option(/Edit\(src\/greet\.py\)/).click();
      await app.tab('Tool call').click();
      await expect(app.detailsPanel.getByRole('figure', { name: 'Diff' })).toBeVisible();
      const bg = await luminance(page, 'main');
      if (scheme === 'dark') expect(bg).toBeLessThan(0.3);
      else expect(bg).toBeGreaterThan(0.9);
      await shoot(page, `workbench-${scheme}`);

      await page.getByRole('tab', { name: 'Stats & verdict' }).click();
      const stats = page.getByRole('region', { name: 'Stats' });
      await expect(stats.getByRole('region', { name: 'Verdict' })).toBeVisible();
      await expect(stats.getByRole('img', { name: /Tokens per model call/ })).toBeVisible();
      await expect(stats.getByRole('img', { name: /Tool call waterfall/ })).toBeVisible();
      if (scheme === 'dark') expect(await luminance(page, 'main')).toBeLessThan(0.3);
      await shoot(page, `stats-${scheme}`);
      await stats
        .getByRole('img', { name: /Tokens per model call/ })
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shoot(page, `charts-${scheme}`);

      // The share dialog, on a transcript with secrets in it.
      await app.home();
      await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'secrets.jsonl'));
      await app.waitForWorkbench();
      await page.getByRole('button', { name: 'Share…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share trace' });
      await expect(dialog.getByRole('status')).toContainText('5 secrets found');
      await dialog.getByRole('checkbox', { name: 'Redact ghp_…fIuP' }).uncheck();
      await shoot(page, `share-${scheme}`);
    });
  });
}

// A Claude Code 2.1.1xx session: a subagent's Edit with no recorded result (its diff derived from the request), and the
// Message tab of a model call with signature-only thinking and an empty text block. docs/workbench.md shows the 1280 px ones.
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 900]) {
    test.describe(`${scheme} theme, ${width} px`, () => {
      test.use({ colorScheme: scheme, viewport: { width, height: 820 } });

      test(`derived diff and message tab render in ${scheme} at ${width} px`, async ({ page }) => {
        const app = new Loupe(page);
        const dir = width === 1280 ? DOCS : CHECKED;
        const suffix = width === 1280 ? scheme : `${scheme}-${width}`;
        await page.goto('/view?sample=cc-2-1');
        await app.waitForWorkbench();
        await app.pick('tool:Write kind:assistant', /Write\(.*agent-a7c3e9f1\/src\/greet\.py\)/);
        await app.tab('Tool call').click();
        const effect = app.chainStep(app.toolCall(/Write call/), '4 · Side effect');
        await effect.scrollIntoViewIfNeeded();
        await expect(effect.getByRole('figure', { name: 'Diff' })).toBeVisible();
        // Long lines wrap: the details pane never scrolls sideways.
        const pane = app.detailsPanel;
        expect(await pane.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
        if (scheme === 'dark') expect(await luminance(page, 'main')).toBeLessThan(0.3);
        await shoot(page, `derived-diff-${suffix}`, dir);

        await app.pick('model:opus kind:assistant', /Model call 1 /);
        await app.tab('Message').click();
        await expect(app.detailsPanel).toContainText('thinking (redacted by the API)');
        await shoot(page, `message-${suffix}`, dir);
      });
    });
  }
}

// The filter box flagging a typo with what was meant, a failed request shown with Retry, and the Stats pane using its
// width. docs/workbench.md shows the 1280 px ones; the 900 px ones are checked (no sideways scroll) and kept in test-results.
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 900]) {
    test.describe(`${scheme} theme, ${width} px: filter, errors, stats`, () => {
      test.use({ colorScheme: scheme, viewport: { width, height: 760 } });

      test(`filter warning, inline error and stats pane render in ${scheme} at ${width} px`, async ({ page }) => {
        const app = new Loupe(page);
        const dir = width === 1280 ? DOCS : CHECKED;
        const suffix = width === 1280 ? scheme : `${scheme}-${width}`;
        await page.goto('/view?sample=cc-2-1');
        await app.waitForWorkbench();
        await app.setFilter('kind:tool_result tool:Bahs');
        await expect(app.filterWarnings).toContainText('did you mean tool-result?');
        await expect(app.filterCount).toHaveText('0 of 67 events');
        expect(await app.pageScrollsSideways()).toBe(false);
        await shoot(page, `filter-warning-${suffix}`, dir);

        await page.goto('/view?sample=tour&sel=99999');
        await app.waitForWorkbench();
        await expect(page.getByRole('main').getByRole('alert')).toContainText('this trace has no event 99999');
        await shoot(page, `inline-error-${suffix}`, dir);

        await page.goto('/view?sample=deep-manifest&panel=stats');
        await expect(page.getByRole('region', { name: 'Stats' }).getByRole('table', { name: 'By model' })).toBeVisible({
          timeout: 20_000,
        });
        expect(await app.pageScrollsSideways()).toBe(false);
        if (scheme === 'dark') expect(await luminance(page, 'main')).toBeLessThan(0.3);
        await shoot(page, `stats-pane-${suffix}`, dir);
      });
    });
  }
}

// The session library of a few weeks of use: cost per day stacked by project, totals, the sessions table. README
// shows the 1280 px ones; the 900 px ones are checked (no sideways scroll) and kept in test-results.
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 900]) {
    test.describe(`${scheme} theme, ${width} px: library`, () => {
      test.use({ colorScheme: scheme, viewport: { width, height: 720 }, timezoneId: 'UTC' });

      test(`the session library renders in ${scheme} at ${width} px`, async ({ page }, info) => {
        const app = new Loupe(page);
        const folder = writeProjects(info.outputPath('gen'), showcaseFolder());
        await app.home();
        await page.getByLabel('Projects folder').setInputFiles(folder);
        await expect(page.getByText(/files? · .* scanned/)).toBeVisible();
        await expect(page.getByRole('grid', { name: 'Sessions' }).locator('[data-session]').first()).toBeVisible();
        expect(await app.pageScrollsSideways()).toBe(false);
        if (scheme === 'dark') expect(await luminance(page, '[role=grid]')).toBeLessThan(0.3);
        await shoot(page, `library-${width === 1280 ? scheme : `${scheme}-${width}`}`, width === 1280 ? DOCS : CHECKED);
      });
    });
  }
}

test('the theme toggle overrides the system theme and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await expect(toggle).toHaveAccessibleName('Theme: system');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: light');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: dark');
  expect(await luminance(page, 'main')).toBeLessThan(0.3);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible();
  expect(await luminance(page, 'main')).toBeLessThan(0.3);
});
