import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Loupe } from './pages/Loupe';
import { encodeBundle, seal, toBase64Url, type SealOptions } from '../lib/share/seal';

// Any share link as a side of a comparison, against the real server (SQLite): a link that carries its trace in the
// fragment, one sealed under a password (asked in the page, never put in the URL, a wrong one said in words), and one
// that burns after reading (the page says so before anything is fetched, and says it in words once it is spent).

const RUNS = path.resolve(import.meta.dirname, 'fixtures/compare');
const PASSWORD = 'heron-Basalt-4410';
const WRONG = 'heron-basalt-4410';
// The fewest iterations the reader accepts: the tests check the prompt, not PBKDF2's cost.
const LOCKED: SealOptions = { password: PASSWORD, iterations: 100_000 };
const DIVERGED = 'B calls Grep #3 where A does not';

/** Run B sealed as the Share dialog seals it (bundled, compressed, encrypted). */
async function sealRunB(opts: SealOptions = {}) {
  const bytes = new Uint8Array(readFileSync(path.join(RUNS, 'run-b.jsonl')));
  return seal(encodeBundle([{ path: 'run-b.jsonl', bytes }]), opts);
}

/** Run B stored as an uploaded share: only the ciphertext reaches the server. */
async function storeRunB(request: APIRequestContext, opts: SealOptions = {}, burn = false) {
  const { sealed, key } = await sealRunB(opts);
  const res = await request.post('/api/traces', {
    data: Buffer.from(sealed),
    headers: { 'content-type': 'application/octet-stream', ...(burn ? { 'x-loupe-burn-after-reading': '1' } : {}) },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, key };
}

/** Run A picked from disk (which also shows the page is live), then `link` pasted as run B. */
async function pasteAsB(page: Page, link: (origin: string) => string): Promise<void> {
  await page.goto('/compare');
  await page.getByLabel('Choose files for run A').setInputFiles(path.join(RUNS, 'run-a.jsonl'));
  await expect(page).toHaveURL(/\/compare\?a=local%3A\w+$/);
  const box = page.getByLabel('Share link for run B');
  await box.fill(link(new URL(page.url()).origin));
  await box.press('Enter');
}

const firstDivergence = (page: Page) =>
  page.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'First divergence' });
const runB = (page: Page) => page.getByRole('region', { name: 'Run B' });

test('a link that carries its trace is run B: read from the fragment, and its lines open it in the workbench', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { sealed, key } = await sealRunB();
  const data = toBase64Url(sealed);
  const sent: string[] = [];
  page.on('request', (r) => sent.push(r.url()));
  await pasteAsB(page, (origin) => `${origin}/t#d=${data}&k=${key}`);
  await expect(firstDivergence(page)).toContainText(DIVERGED, { timeout: 30_000 });
  // The trace and its key stay in the fragment: no request names either, and the query says only `inline`.
  const url = new URL(page.url());
  expect(url.searchParams.get('b')).toBe('inline');
  const frag = new URLSearchParams(url.hash.slice(1));
  expect(frag.get('kb')).toBe(key);
  expect(frag.get('db')).toBe(data);
  for (const s of sent) expect(s.includes(key) || s.includes(data.slice(0, 40)), s).toBe(false);
  // Nothing was asked of the store: the link is the whole trace.
  expect(sent.filter((s) => s.includes('/api/traces'))).toEqual([]);

  await page.reload();
  await expect(firstDivergence(page)).toContainText(DIVERGED, { timeout: 30_000 });
  // A line of run B opens the link's own page at that line: the trace travels in the fragment there too.
  await page
    .getByLabel('Pair details')
    .getByRole('region', { name: 'B: call chain' })
    .getByRole('button', { name: /^line \d+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/t#d=[\w-]+&k=[\w-]+&sel=\d+$/);
  await new Loupe(page).waitForWorkbench();
});

test('a password link is run B: asked in its slot, a wrong one said in words, the password never in a URL', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { id, key } = await storeRunB(request, LOCKED);
  const sent: string[] = [];
  page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
  await pasteAsB(page, (origin) => `${origin}/t/${id}#k=${key}`);
  await expect(runB(page)).toContainText('This trace is protected by a password');
  const password = runB(page).getByLabel('Password for run B');
  // The field has the keyboard: the password is typed, not clicked into.
  await expect(password).toBeFocused();

  await page.keyboard.type(WRONG);
  await page.keyboard.press('Enter');
  await expect(runB(page).getByRole('alert')).toHaveText(
    'That password does not open this trace. Check it and try again (it is case-sensitive).',
  );
  await expect(page.locator('body')).not.toContainText(/at \w+ \(|Error:/);
  // Still asking, the wrong password selected so that typing replaces it.
  await expect(password).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await runB(page).getByRole('button', { name: 'Open run B' }).click();
  await expect(firstDivergence(page)).toContainText(DIVERGED, { timeout: 30_000 });
  expect(page.url()).not.toContain(PASSWORD);
  for (const s of sent) expect(s).not.toContain(PASSWORD);

  // A reload keeps nothing of the password: it is asked again.
  await page.reload();
  await expect(runB(page).getByLabel('Password for run B')).toBeVisible({ timeout: 30_000 });
  await expect(runB(page).getByRole('alert')).toHaveCount(0);
});

test('a burn-after-reading link as run B says first that it will be burnt, opens once, then says it was read', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { id, key } = await storeRunB(request, {}, true);
  await pasteAsB(page, (origin) => `${origin}/t/${id}#k=${key}&b=1`);
  await expect(runB(page)).toContainText('this link opens once');
  await expect(runB(page)).toContainText('opening it as run B deletes the trace from the server');
  // Asking spends nothing: the store still holds it (HEAD never burns).
  expect((await request.head(`/api/traces/${id}`)).status()).toBe(200);
  expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('bb')).toBe('1');
  const dir = process.env.LOUPE_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'side-burn-light-1280.png') });
  }

  await runB(page).getByRole('button', { name: 'Open run B and burn the link' }).click();
  await expect(firstDivergence(page)).toContainText(DIVERGED, { timeout: 30_000 });
  expect((await request.head(`/api/traces/${id}`)).status()).toBe(410);
  // Its lines have no page to open now: said in words, and the comparison stays.
  await page
    .getByLabel('Pair details')
    .getByRole('region', { name: 'B: call chain' })
    .getByRole('button', { name: /^line \d+$/ })
    .first()
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'burned after reading' })).toContainText(
    'this page holds its only copy',
  );
  await expect(page).toHaveURL(/\/compare\?/);

  // A reload asks again, and opening it is told the link was read.
  await page.reload();
  await runB(page).getByRole('button', { name: 'Open run B and burn the link' }).click();
  await expect(runB(page).getByRole('alert')).toContainText(
    'This link was set to burn after reading, and it has been read',
  );
  await expect(runB(page).getByRole('alert')).toContainText('Only its sender can share the trace again.');
});

test('a pasted text that is no share link is refused in words', async ({ page }) => {
  await pasteAsB(page, (origin) => `${origin}/t/abc`);
  await expect(page.getByRole('region', { name: 'Compare' }).getByRole('alert')).toContainText(
    'That is not a share link of this Loupe',
  );
  await expect(page).toHaveURL(/\/compare\?a=local%3A\w+$/);
});

// The side picker asking for a password, as a DevTools user sees it; screenshots when LOUPE_SHOTS_DIR names a folder.
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 900]) {
    test(`the password prompt of a side reads in ${scheme} at ${width} px`, async ({ page, request }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 700 });
      const { id, key } = await storeRunB(request, LOCKED);
      await pasteAsB(page, (origin) => `${origin}/t/${id}#k=${key}`);
      await runB(page).getByLabel('Password for run B').fill(WRONG);
      await runB(page).getByRole('button', { name: 'Open run B' }).click();
      await expect(runB(page).getByRole('alert')).toBeVisible();
      // Nothing scrolls sideways, and the slot's prompt fits inside its slot.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const slot = await runB(page).boundingBox();
      const form = await runB(page).locator('form').boundingBox();
      expect(slot && form && form.x >= slot.x && form.x + form.width <= slot.x + slot.width).toBe(true);
      const dir = process.env.LOUPE_SHOTS_DIR;
      if (!dir) return;
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `side-password-${scheme}-${width}.png`) });
    });
  }
}
