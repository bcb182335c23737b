import { expect, test, type Browser, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startS3, type S3Server } from '../scripts/s3-server';
import { filesUnder } from '../test/api/http-contract';
import { startServer, type RunningServer } from './helpers/server';
import { FIXTURES, Loupe } from './pages/Loupe';

// Share links as private as PrivateBin's, in Chromium, on both stores: burn after reading (a second opening is told
// the link was read; of two simultaneous openings exactly one gets the trace), a password (the link alone does not open
// it, a wrong one is said in words, and nothing stored or sent holds it), the expiry chosen shown on the receiving page
// (never only where the operator allows it), the sender's delete token on each, and the redaction as before.

const PASSWORD = 'plover-Quartz-7781';
const GITHUB_TOKEN = 'ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP';

interface Target {
  readonly name: 'sqlite' | 's3';
  server?: RunningServer;
  /** S3: a second app server on the same bucket (a fleet). */
  other?: RunningServer;
  s3?: S3Server;
  /** Every file that holds stored data. */
  files(): string[];
}

const targets: Target[] = [
  { name: 'sqlite', files: () => filesUnder(targets[0]?.server?.dataDir ?? '/nonexistent') },
  { name: 's3', files: () => filesUnder(targets[1]?.s3?.directory ?? '/nonexistent') },
];

test.beforeAll(async () => {
  const [sqlite, s3] = targets;
  if (!sqlite || !s3) return;
  sqlite.server = await startServer({ LOUPE_ALLOW_NEVER_EXPIRE: '1' });
  s3.s3 = await startS3('loupe-burn');
  [s3.server, s3.other] = await Promise.all([
    startServer({ ...s3.s3.env, LOUPE_ALLOW_NEVER_EXPIRE: '1' }),
    startServer({ ...s3.s3.env, LOUPE_ALLOW_NEVER_EXPIRE: '1' }),
  ]);
});

test.afterAll(async () => {
  for (const t of targets) await Promise.all([t.server?.stop(), t.other?.stop()]);
  await targets[1]?.s3?.close();
});

/** The sender: opens the secrets fixture and the Share dialog on `base`. */
async function sender(browser: Browser, base: string) {
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage();
  const sent: string[] = [];
  page.on('request', (r) =>
    sent.push(`${r.url()} ${JSON.stringify(r.headers())} ${r.postDataBuffer()?.toString('latin1') ?? ''}`),
  );
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'secrets.jsonl'));
  await app.waitForWorkbench();
  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status')).toContainText('will be redacted');
  return { ctx, page, app, dialog, sent };
}

async function recipient(
  browser: Browser,
  base: string,
  link: string,
): Promise<{ page: Page; app: Loupe; close: () => Promise<void> }> {
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage();
  await page.goto(link);
  return { page, app: new Loupe(page), close: () => ctx.close() };
}

for (const t of targets) {
  test.describe(`on ${t.name}`, () => {
    // Each test runs a sender and one or two recipients, every one a full workbench, beside two more servers.
    test.describe.configure({ timeout: 90_000 });
    test(`burn after reading with a password: asks first, says a wrong password, opens once, then says it was read`, async ({
      browser,
    }) => {
      const base = t.server?.base ?? '';
      const a = await sender(browser, base);
      await a.dialog.getByRole('combobox', { name: 'Expires after' }).selectOption({ label: '1 hour' });
      await a.dialog.getByRole('checkbox', { name: /Burn after reading/ }).check();
      await a.dialog.getByRole('textbox', { name: 'Password for the link' }).fill(PASSWORD);
      await expect(a.dialog).toContainText('A lost password cannot be recovered');
      await a.dialog.getByRole('button', { name: 'Create link' }).click();
      const link = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
      expect(link).toMatch(/\/t\/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}&b=1/);
      expect(link).not.toContain(PASSWORD);
      await expect(a.dialog).toContainText('can open it once');
      await expect(a.dialog.getByRole('region', { name: 'Your shared links' })).toContainText('opens once · password');
      // Nothing the server was sent or stored holds the password.
      for (const s of a.sent) expect(s).not.toContain(PASSWORD);
      for (const f of t.files())
        if (existsSync(f)) expect(readFileSync(f).includes(Buffer.from(PASSWORD)), f).toBe(false);

      // B: asked before anything is fetched, then for the password.
      const b = await recipient(browser, base, link);
      await expect(b.page.getByRole('heading', { name: 'This link opens once' })).toBeVisible();
      await b.page.getByRole('button', { name: 'Open the trace' }).click();
      await expect(b.page.getByRole('heading', { name: 'This trace is protected by a password' })).toBeVisible();
      await b.page.getByLabel('Password').fill('plover-quartz-7781');
      await b.page.getByRole('button', { name: 'Open' }).click();
      await expect(b.app.alert).toHaveText(
        'That password does not open this trace. Check it and try again (it is case-sensitive).',
      );
      await expect(b.page.locator('body')).not.toContainText(/at \w+ \(|Error:/);
      await b.page.getByLabel('Password').fill(PASSWORD);
      await b.page.getByRole('button', { name: 'Open' }).click();
      await b.app.waitForWorkbench();
      // The redaction is as before: what B reads is redacted.
      await expect(b.app.option(/Bash\(curl -s -H/)).toContainText('[REDACTED:github-token]');
      expect(await b.page.content()).not.toContain(GITHUB_TOKEN);
      const note = b.page.getByRole('note');
      await expect(note).toHaveText('burned after reading');
      await expect(note).toHaveAttribute('title', /deleted the trace from the server/);

      // C, later: the link was read.
      const c = await recipient(browser, base, link);
      await c.page.getByRole('button', { name: 'Open the trace' }).click();
      await expect(c.page.getByRole('heading', { name: 'This link has already been read' })).toBeVisible();
      await expect(c.app.alert).toContainText('burn after reading, and it has been read');
      await expect(c.page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      // B reloading is told the same: this tab had the only copy.
      await b.page.reload();
      await b.page.getByRole('button', { name: 'Open the trace' }).click();
      await expect(b.page.getByRole('heading', { name: 'This link has already been read' })).toBeVisible();
      for (const x of [b, c]) await x.close();
      await a.ctx.close();
    });

    test('two people opening a burn-after-reading link at once: exactly one gets the trace', async ({ browser }) => {
      const base = t.server?.base ?? '';
      const a = await sender(browser, base);
      await a.dialog.getByRole('checkbox', { name: /Burn after reading/ }).check();
      await a.dialog.getByRole('button', { name: 'Create link' }).click();
      const link = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
      await a.ctx.close();
      const [b, c] = await Promise.all([recipient(browser, base, link), recipient(browser, base, link)]);
      if (!b || !c) throw new Error('no recipients');
      for (const x of [b, c]) await expect(x.page.getByRole('button', { name: 'Open the trace' })).toBeVisible();
      await Promise.all([b, c].map((x) => x.page.getByRole('button', { name: 'Open the trace' }).click()));
      const outcome = (x: { page: Page }) =>
        Promise.race([
          x.page
            .getByRole('note')
            .waitFor()
            .then(() => 'opened'),
          x.page
            .getByRole('heading', { name: 'This link has already been read' })
            .waitFor()
            .then(() => 'read'),
        ]);
      expect((await Promise.all([outcome(b), outcome(c)])).sort()).toEqual(['opened', 'read']);
      for (const x of [b, c]) await x.close();
    });

    test('the expiry chosen is shown on the receiving page; a link that never expires still deletes with its token', async ({
      browser,
    }) => {
      const base = t.server?.base ?? '';
      const a = await sender(browser, base);
      const expires = a.dialog.getByRole('combobox', { name: 'Expires after' });
      await expect(expires.getByRole('option')).toHaveText(['1 hour', '1 day', '1 week', '30 days', 'never']);
      await expires.selectOption({ label: '1 week' });
      await a.dialog.getByRole('button', { name: 'Create link' }).click();
      const week = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
      const b = await recipient(browser, base, week);
      await b.app.waitForWorkbench();
      await expect(b.page.getByRole('note')).toHaveText('expires in 6 d 23 h');
      await expect(b.page.getByRole('note')).toHaveAttribute(
        'title',
        /^The server deletes this trace in 6 d 23 h \(.+ 2\d{3}, \d\d:\d\d\)/,
      );

      await expires.selectOption({ label: 'never' });
      await a.dialog.getByRole('button', { name: 'Create link' }).click();
      await expect(a.dialog).toContainText('until you delete it: it never expires');
      const never = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
      expect(never).not.toBe(week);
      await b.page.goto(never);
      await b.app.waitForWorkbench();
      await expect(b.page.getByRole('note')).toHaveText('never expires');
      const mine = a.dialog.getByRole('region', { name: 'Your shared links' });
      const row = mine.getByRole('listitem').filter({ hasText: 'never expires' });
      await row.getByRole('button', { name: 'Delete' }).click();
      await expect(mine.getByRole('listitem').filter({ hasText: 'never expires' })).toHaveCount(0);
      await b.page.reload();
      await expect(b.app.alert).toHaveText('This trace was deleted or has expired.');
      await b.close();
      await a.ctx.close();
    });

    test('a password link without burn: the link alone opens nothing, the right password opens it again and again', async ({
      browser,
    }) => {
      const base = t.server?.base ?? '';
      const a = await sender(browser, base);
      await a.dialog.getByRole('textbox', { name: 'Password for the link' }).fill(PASSWORD);
      await a.dialog.getByRole('button', { name: 'Create link' }).click();
      const link = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
      expect(link).not.toContain('&b=1');
      await a.ctx.close();
      for (let i = 0; i < 2; i++) {
        const b = await recipient(browser, base, link);
        await expect(b.page.getByRole('heading', { name: 'This trace is protected by a password' })).toBeVisible();
        await expect(b.app.events).toHaveCount(0);
        await b.page.getByLabel('Password').fill(PASSWORD);
        await b.page.getByLabel('Password').press('Enter');
        await b.app.waitForWorkbench();
        await expect(b.page.getByRole('note')).toHaveText('expires in 29 d 23 h');
        await b.close();
      }
    });
  });
}

test('where the operator does not allow it, "never" is not offered', async ({ page }) => {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'secrets.jsonl'));
  await app.waitForWorkbench();
  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('combobox', { name: 'Expires after' }).getByRole('option')).toHaveText([
    '1 hour',
    '1 day',
    '1 week',
    '30 days',
  ]);
});

test('the page fetches a shared trace itself: a 503 offers Try again, and trying again opens it', async ({
  browser,
  baseURL,
}) => {
  const a = await sender(browser, baseURL ?? '');
  await a.dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  await a.ctx.close();
  const ctx = await browser.newContext({ baseURL });
  let failures = 1;
  await ctx.route('**/api/traces/*', async (route) => {
    if (failures-- > 0)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"x","message":"Down for a moment."}',
      });
    else await route.continue();
  });
  const page = await ctx.newPage();
  const app = new Loupe(page);
  await page.goto(link);
  await expect(app.alert).toContainText('503');
  await expect(app.alert).toContainText('Down for a moment.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await app.waitForWorkbench();
  await expect(page.getByRole('note')).toHaveText('expires in 29 d 23 h');
  await ctx.close();
});

test('S3 fleet: a burn-after-reading trace read through one server is gone through the other, and HEAD spends nothing', async () => {
  const [a, b] = [targets[1]?.server?.base ?? '', targets[1]?.other?.base ?? ''];
  const bytes = Buffer.from(crypto.getRandomValues(new Uint8Array(40_000)));
  const up = await fetch(`${a}/api/traces`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'x-loupe-burn-after-reading': '1',
      'x-loupe-expires-in': 'never',
    },
    body: bytes,
  });
  expect(up.status).toBe(201);
  const created = (await up.json()) as { id: string; expiresAt: string | null; burnAfterReading: boolean };
  expect(created).toMatchObject({ expiresAt: null, burnAfterReading: true });
  for (const base of [a, b])
    expect((await fetch(`${base}/api/traces/${created.id}`, { method: 'HEAD' })).status).toBe(200);
  const got = await fetch(`${b}/api/traces/${created.id}`);
  expect(got.status).toBe(200);
  expect(got.headers.get('x-loupe-expires-at')).toBe('never');
  expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  for (const base of [a, b]) {
    const again = await fetch(`${base}/api/traces/${created.id}`);
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: string }).error).toBe('already_read');
  }
});

test('a small trace carried in the link can have a password too: nothing uploaded, the link alone opens nothing', async ({
  browser,
  baseURL,
}) => {
  const a = await sender(browser, baseURL ?? '');
  await a.dialog.getByRole('radio', { name: /No upload/ }).check();
  await expect(a.dialog.getByRole('checkbox', { name: /Burn after reading/ })).toBeDisabled();
  await a.dialog.getByRole('textbox', { name: 'Password for the link' }).fill(PASSWORD);
  await a.dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await a.dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  expect(link).toMatch(/\/t#d=[A-Za-z0-9_-]+&k=/);
  expect(link).not.toContain(PASSWORD);
  await expect(a.dialog).toContainText('Anyone with this link and the password can read it.');
  expect(a.sent.filter((s) => s.includes('/api/traces'))).toEqual([]);
  await a.ctx.close();
  const b = await recipient(browser, baseURL ?? '', link);
  await expect(b.page.getByRole('heading', { name: 'This trace is protected by a password' })).toBeVisible();
  await b.page.getByLabel('Password').fill('nope');
  await b.page.getByLabel('Password').press('Enter');
  await expect(b.app.alert).toHaveText(
    'That password does not open this trace. Check it and try again (it is case-sensitive).',
  );
  await b.page.getByLabel('Password').fill(PASSWORD);
  await b.page.getByLabel('Password').press('Enter');
  await b.app.waitForWorkbench();
  await expect(b.app.option(/Bash\(curl -s -H/)).toContainText('[REDACTED:github-token]');
  await b.close();
});
