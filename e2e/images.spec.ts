import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { PDF, PROMPT_IMAGE, SHOT as SHOT_FIGURES, TEXT_DOCUMENT } from '../test/fixtures/made/images/figures';
import { Loupe } from './pages/Loupe';

// The made sessions with images (test/fixtures/made/images, written by its make.ts in the shape of public Claude Code
// recordings): a Playwright MCP screenshot in a tool result (and its toolUseResult copy), a prompt with an attached
// PNG, and a prompt with a PDF and a text document. Sizes and dimensions are the ones the generator wrote.
const SHOT = SHOT_FIGURES.path;
const PROMPT = PROMPT_IMAGE.path;
const DIMS = `${SHOT_FIGURES.width}x${SHOT_FIGURES.height}`;
// 181,201 bytes are 177 KB; 5,203 bytes are 5 KB.
const SHOT_LABEL = `image/png ${DIMS}, 177 KB`;
const ICON_LABEL = `image/png ${PROMPT_IMAGE.width}x${PROMPT_IMAGE.height}, 5 KB`;
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

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

test('a screenshot an MCP tool returned: thumbnail in its row, the image with its figures in both tabs', async ({
  page,
}) => {
  const app = await open(page, SHOT);
  const row = app.option(new RegExp(`^tool result: \\[${esc(SHOT_LABEL)}\\] ### Result`));
  await expect(row).toBeVisible();
  // The thumbnail is drawn (decoded off the main thread, resized), not an <img> of the data.
  const thumb = row.getByTestId('row-thumb');
  await expect(thumb).toHaveAttribute('data-drawn', /^\d+x\d+$/);
  await expect(thumb).toHaveAttribute('title', SHOT_LABEL);
  await row.click();

  await app.tab('Message').click();
  const figure = app.detailsPanel.getByRole('figure', { name: SHOT_LABEL });
  const img = figure.getByRole('img');
  expect(await naturalSize(page, img)).toBe(DIMS);
  await expect(img).toHaveAttribute('src', /^blob:/);
  await expect(figure).toContainText('media typeimage/png');
  await expect(figure).toContainText(`dimensions${SHOT_FIGURES.width} × ${SHOT_FIGURES.height} px`);
  await expect(figure).toContainText(`size177 KB (${SHOT_FIGURES.bytes.toLocaleString('en-US')} bytes)`);

  await app.tab('Tool call').click();
  const call = app.toolCall(/browser_take_screenshot call/);
  const result = app.chainStep(call, '3 · Result');
  expect(await naturalSize(page, result.getByRole('img'))).toBe(DIMS);
  const effect = app.chainStep(call, '4 · Side effect');
  await expect(effect).toContainText(
    `The tool returned text and 1 image: ${SHOT_LABEL}, the same the result above shows`,
  );
  await expect(effect).not.toContainText('structured output with keys');
  // The page never holds the base64 as markup.
  expect(await page.content()).not.toContain('iVBORw0KGgo');
});

test("a click on the image shows it whole at the pane's width, and again fits it; so do Enter and Space", async ({
  page,
}) => {
  // Wide enough that the screenshot at the pane's width is taller than the 320 px it is fitted in.
  await page.setViewportSize({ width: 1600, height: 900 });
  const app = await open(page, SHOT);
  await app.option(new RegExp(`^tool result: \\[${esc(SHOT_LABEL)}\\]`)).click();
  await app.tab('Message').click();
  const figure = app.detailsPanel.getByRole('figure', { name: SHOT_LABEL });
  const img = figure.getByRole('img');
  expect(await naturalSize(page, img)).toBe(DIMS);
  const toggle = figure.getByRole('button', { name: `${SHOT_LABEL}, as the model saw it` });
  const height = async () => (await img.boundingBox())?.height ?? 0;
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await height()).toBeLessThanOrEqual(320);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // As wide as the pane lets it be, in its own proportions, whatever the height.
  const pane = (await figure.boundingBox())?.width ?? 0;
  const box = await img.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(320);
  expect(box?.width ?? 0).toBeGreaterThan(pane * 0.9);
  expect(
    Math.abs((box?.height ?? 0) / (box?.width ?? 1) - (SHOT_FIGURES.height ?? 0) / (SHOT_FIGURES.width ?? 1)),
  ).toBeLessThan(0.01);
  expect(await app.pageScrollsSideways()).toBe(false);
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await height()).toBeLessThanOrEqual(320);
  await toggle.press(' ');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});

test('an image attached to a prompt: in the row and in the Message tab', async ({ page }) => {
  const app = await open(page, PROMPT);
  const row = app.option(new RegExp(`^user prompt: \\[${esc(ICON_LABEL)}\\] <ide_opened_file>`));
  await expect(row.getByTestId('row-thumb')).toHaveAttribute('data-drawn', /^\d+x\d+$/);
  await row.click();
  await app.tab('Message').click();
  const attached = app.detailsPanel.getByLabel('attached to the prompt');
  expect(await naturalSize(page, attached.getByRole('img'))).toBe(`${PROMPT_IMAGE.width}x${PROMPT_IMAGE.height}`);
  await expect(attached).toContainText(`size5 KB (${PROMPT_IMAGE.bytes.toLocaleString('en-US')} bytes)`);
  // The filter finds the lines with images: the prompt and its resumed copy.
  await app.setFilter('has:image');
  await expect(app.filterCount).toHaveText(new RegExp(`^${PROMPT_IMAGE.lines.length} of \\d+ events$`));
});

test("a prompt's documents: the PDF by its figures and pages, the text document with its text", async ({ page }) => {
  const app = await open(page, PDF.path);
  const pdfLabel = `document ${PDF.mediaType} "${PDF.title}", ${PDF.pages} pages, ${PDF.bytes} B`;
  const textLabel = `document ${TEXT_DOCUMENT.mediaType} "${TEXT_DOCUMENT.title}", ${TEXT_DOCUMENT.bytes} B`;
  const row = app.option(new RegExp(`^user prompt: \\[${esc(pdfLabel)}\\] \\[${esc(textLabel)}\\] Does the checklist`));
  await expect(row.getByTestId('row-thumb')).toHaveCount(0);
  await row.click();
  await app.tab('Message').click();
  const pdf = app.detailsPanel.getByRole('figure', { name: pdfLabel });
  await expect(pdf).toContainText(`pages${PDF.pages}`);
  await expect(pdf).toContainText('sourceinline, base64');
  await expect(pdf.getByRole('img')).toHaveCount(0);
  const notes = app.detailsPanel.getByRole('figure', { name: textLabel });
  await expect(notes).toContainText('sourceinline text');
  await expect(notes).toContainText('- Fixed: cart badge on Safari');
  expect(await page.content()).not.toContain('JVBERi0');
});

test('share: the summary counts the screenshot, and the sender can leave it out', async ({ browser, baseURL }) => {
  const ctxA = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const a = await ctxA.newPage();
  await open(a, SHOT);
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  const images = dialog.getByRole('status', { name: 'Images' });
  await expect(images).toHaveText('1 image (177 KB) included: the recipient sees it as the model did.');
  const include = dialog.getByRole('checkbox', { name: /^Include the image/ });
  await expect(include).toBeChecked();
  await include.uncheck();
  await expect(images).toHaveText('1 image (177 KB) left out: the recipient sees where it was, not the picture.');
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
  await expect(appB.detailsPanel.getByRole('figure', { name: 'image/png, data left out' })).toContainText(
    'Not shown: no data: left out',
  );
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
  await expect(dialog.getByRole('status', { name: 'Images' })).toHaveText(
    '1 image (177 KB) included: the recipient sees it as the model did.',
  );
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  const ctxB = await browser.newContext({ baseURL });
  const b = await ctxB.newPage();
  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  const row = appB.option(new RegExp(`^tool result: \\[${esc(SHOT_LABEL)}\\]`));
  await expect(row.getByTestId('row-thumb')).toHaveAttribute('data-drawn', /^\d+x\d+$/);
  await row.click();
  await appB.tab('Message').click();
  expect(await naturalSize(b, appB.detailsPanel.getByRole('img'))).toBe(DIMS);
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
      await app.option(new RegExp(`^tool result: \\[${esc(SHOT_LABEL)}\\]`)).click();
      await app.tab('Tool call').click();
      const result = app.chainStep(app.toolCall(/browser_take_screenshot call/), '3 · Result');
      const img = result.getByRole('img');
      expect(await naturalSize(page, img)).toBe(DIMS);
      // The result at the top of the pane: its text, the picture and its figures.
      await result.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // The picture fits its pane: the page never scrolls sideways.
      expect(await app.pageScrollsSideways()).toBe(false);
      const box = await img.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      if (process.env['LOUPE_DOCS_SHOTS'])
        await page.screenshot({
          path: path.resolve(import.meta.dirname, `../docs/images-${scheme}${width === 900 ? '-900' : ''}.png`),
        });
    });
  }
}
