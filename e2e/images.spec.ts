import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { Loupe } from './pages/Loupe';

// Real recordings with images (test/fixtures/wild/images, see its SOURCES.md; `sessions/` holds them without the two
// comment lines their collector added): a Playwright MCP screenshot in a tool result (and its toolUseResult copy), and
// a prompt with an attached PNG.
const WILD = path.resolve(import.meta.dirname, '../test/fixtures/wild/images/sessions');
const SHOT = path.join(WILD, '40c891f7-4eee-4808-ba2f-c617dd23f308.jsonl');
const PROMPT = path.join(WILD, '47bf5f5c-9e11-4f51-8a29-7ad38ecdf17c.jsonl');

async function open(page: Page, file: string): Promise<Loupe> {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(file);
  await app.waitForWorkbench();
  return app;
}

/** The natural size of the picture an <img> shows, once decoded. */
async function naturalSize(page: Page, img: ReturnType<Page['locator']>): Promise<string> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => `${el.naturalWidth}x${el.naturalHeight}`);
}

test('a screenshot an MCP tool returned: thumbnail in its row, the image with its figures in both tabs', async ({ page }) => {
  const app = await open(page, SHOT);
  const row = app.option(/^tool result: \[image\/png 1369x880, 443 KB\] ### Result/);
  await expect(row).toBeVisible();
  // The thumbnail is drawn (decoded off the main thread, resized), not an <img> of the data.
  const thumb = row.getByTestId('row-thumb');
  await expect(thumb).toHaveAttribute('data-drawn', /^\d+x\d+$/);
  await expect(thumb).toHaveAttribute('title', 'image/png 1369x880, 443 KB');
  await row.click();

  await app.tab('Message').click();
  const figure = app.detailsPanel.getByRole('figure', { name: 'image/png 1369x880, 443 KB' });
  const img = figure.getByRole('img');
  expect(await naturalSize(page, img)).toBe('1369x880');
  await expect(img).toHaveAttribute('src', /^blob:/);
  await expect(figure).toContainText('media typeimage/png');
  await expect(figure).toContainText('dimensions1369 × 880 px');
  await expect(figure).toContainText('size443 KB (453,131 bytes)');

  await app.tab('Tool call').click();
  const call = app.toolCall(/browser_take_screenshot call/);
  const result = app.chainStep(call, '3 · Result');
  expect(await naturalSize(page, result.getByRole('img'))).toBe('1369x880');
  const effect = app.chainStep(call, '4 · Side effect');
  await expect(effect).toContainText('The tool returned text and 1 image: image/png 1369x880, 443 KB, the same the result above shows');
  await expect(effect).not.toContainText('structured output with keys');
  // The page never holds the base64 as markup.
  expect(await page.content()).not.toContain('iVBORw0KGgo');
});

test('an image attached to a prompt: in the row and in the Message tab', async ({ page }) => {
  const app = await open(page, PROMPT);
  const row = app.option(/^user prompt: \[image\/png 512x512, 23 KB\] <ide_opened_file>/);
  await expect(row.getByTestId('row-thumb')).toHaveAttribute('data-drawn', /^\d+x\d+$/);
  await row.click();
  await app.tab('Message').click();
  const attached = app.detailsPanel.getByLabel('attached to the prompt');
  expect(await naturalSize(page, attached.getByRole('img'))).toBe('512x512');
  await expect(attached).toContainText('size23 KB (24,021 bytes)');
  // The filter finds lines with images.
  await app.setFilter('has:image');
  await expect(app.filterCount).toHaveText(/^2 of \d+ events$/);
});

test('share: the summary counts the screenshot, and the sender can leave it out', async ({ browser, baseURL }) => {
  const ctxA = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const a = await ctxA.newPage();
  await open(a, SHOT);
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  const images = dialog.getByRole('status', { name: 'Images' });
  await expect(images).toHaveText('1 image (443 KB) included: the recipient sees it as the model did.');
  const include = dialog.getByRole('checkbox', { name: /^Include the image/ });
  await expect(include).toBeChecked();
  await include.uncheck();
  await expect(images).toHaveText('1 image (443 KB) left out: the recipient sees where it was, not the picture.');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();

  const ctxB = await browser.newContext({ baseURL });
  const b = await ctxB.newPage();
  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  const row = appB.option(/^tool result: \[image\/png, data left out\] ### Result/);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('row-thumb')).toHaveCount(0);
  await row.click();
  await appB.tab('Message').click();
  await expect(appB.detailsPanel.getByRole('figure', { name: 'image/png, data left out' })).toContainText('Not shown: no data: left out');
  await expect(appB.detailsPanel.getByRole('img')).toHaveCount(0);
  await ctxA.close();
  await ctxB.close();
});

test('share: by default the recipient rebuilds the screenshot, thumbnail and all', async ({ browser, baseURL }) => {
  const ctxA = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  await open(a, SHOT);
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status', { name: 'Images' })).toHaveText('1 image (443 KB) included: the recipient sees it as the model did.');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  const ctxB = await browser.newContext({ baseURL });
  const b = await ctxB.newPage();
  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  const row = appB.option(/^tool result: \[image\/png 1369x880, 443 KB\]/);
  await expect(row.getByTestId('row-thumb')).toHaveAttribute('data-drawn', /^\d+x\d+$/);
  await row.click();
  await appB.tab('Message').click();
  expect(await naturalSize(b, appB.detailsPanel.getByRole('img'))).toBe('1369x880');
  await ctxA.close();
  await ctxB.close();
});

// The screenshot session as the README shows it: the screenshot where the model saw it (the Tool call tab's result),
// its thumbnail in the row, in light and dark at 1280 and 900 px. `LOUPE_DOCS_SHOTS=1` writes them to docs/.
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 900] as const) {
    test(`the screenshot session reads well in ${scheme} at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      const app = await open(page, SHOT);
      await app.option(/^tool result: \[image\/png 1369x880/).click();
      await app.tab('Tool call').click();
      const result = app.chainStep(app.toolCall(/browser_take_screenshot call/), '3 · Result');
      const img = result.getByRole('img');
      expect(await naturalSize(page, img)).toBe('1369x880');
      // The result at the top of the pane: its text, the picture and its figures.
      await result.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // The picture fits its pane: the page never scrolls sideways.
      expect(await app.pageScrollsSideways()).toBe(false);
      const box = await img.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      if (process.env['LOUPE_DOCS_SHOTS'])
        await page.screenshot({ path: path.resolve(import.meta.dirname, `../docs/images-${scheme}${width === 900 ? '-900' : ''}.png`) });
    });
  }
}
