import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, Loupe } from './pages/Loupe';

const SECRETS = path.join(FIXTURES, 'secrets.jsonl');
const ANTHROPIC_KEY =
  'sk-ant-api03-a1N-BzFs1Y4NaLYmQMig7Q0W9t5G-WGjutHqUZectw4gcRD3XhZHRW6Op6p3B-teElWZACJ0RzgJwiDCXlwHdagZtB4-_AA';
const GITHUB_TOKEN = 'ghp_h7mQtdLwMePUMplU22X0WFnDFad6mK1TfIuP';

/** The recipient: a browser context of their own (no storage shared with the sender) that opens the link. */
async function openAsRecipient(
  browser: Browser,
  baseURL: string | undefined,
  link: string,
): Promise<{ ctxB: BrowserContext; b: Page; appB: Loupe }> {
  const ctxB = await browser.newContext({ baseURL });
  const b = await ctxB.newPage();
  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  return { ctxB, b, appB };
}

async function openSecrets(page: Page): Promise<Loupe> {
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(SECRETS);
  await app.waitForWorkbench();
  return app;
}

test('share: A reviews the redactions and shares, B reads it redacted, A deletes it and B is told so', async ({
  browser,
  baseURL,
}) => {
  const ctxA = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const ctxB = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();

  const appA = await openSecrets(a);
  // The view rides along in the fragment: the curl call, on its Tool call tab.
  await appA.option(/Bash\(curl -s -H/).click();
  await appA.tab('Tool call').click();
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status')).toHaveText('5 secrets found (8 occurrences) in 8 lines; 5 will be redacted');
  const list = dialog.getByRole('list', { name: 'Redactions' });
  await expect(list.getByRole('listitem', { name: /^Anthropic API key/ })).toContainText('sk-ant-api03-…-_AA');
  await expect(list.getByRole('listitem', { name: /^GitHub token/ })).toContainText('ghp_…fIuP');
  await expect(list.getByRole('listitem', { name: /^AWS secret access key/ })).toContainText('AWS_SECRET_ACCESS_KEY=');
  // The preview never shows a whole secret.
  await expect(dialog).not.toContainText(ANTHROPIC_KEY);
  await expect(dialog).not.toContainText(GITHUB_TOKEN);
  // Unticking one and ticking it again: the count follows.
  await dialog.getByRole('checkbox', { name: 'Redact ghp_…fIuP' }).uncheck();
  await expect(dialog.getByRole('status')).toContainText('4 will be redacted');
  await dialog.getByRole('checkbox', { name: 'Redact ghp_…fIuP' }).check();
  await dialog.getByRole('combobox', { name: 'Expires after' }).selectOption({ label: '1 day' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const link = await a.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/t\/[A-Za-z0-9_-]{22}#k=[A-Za-z0-9_-]{43}&sel=\d+&tab=tool$/);
  expect(link).toBe(await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue());
  const cost = await appA.computedCost.textContent();
  const calls = await a.getByLabel('Model calls').textContent();

  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  await expect(appB.computedCost).toHaveText(cost ?? '');
  // The page is called by its file's name, as the sender's is, not "Shared trace".
  // Named by its file and its first prompt, as redacted: the recipient's title holds no secret.
  await expect(b).toHaveTitle(/^secrets\.jsonl · Deploy the release .*My key is \[REDACTED:anthropic-key\].* · Loupe$/);
  await expect(b.getByLabel('Model calls')).toHaveText(calls ?? '');
  await expect(appB.events.getByRole('option')).toHaveCount(await appA.events.getByRole('option').count());
  await expect(appB.selected()).toContainText('Bash(curl -s -H "Authorization: Bearer [REDACTED:github-token]"');
  await expect(appB.tab('Tool call')).toHaveAttribute('aria-selected', 'true');
  await expect(appB.option(/user prompt: Deploy the release/)).toContainText('My key is [REDACTED:anthropic-key]');
  // B's title names the session by its first prompt as shared: redacted.
  await expect(b.getByRole('heading', { level: 1 })).toHaveText(
    /^secrets\.jsonl · Deploy the release .*My key is \[REDACTED:anthropic-key\]/,
  );
  await appB.option(/env \| grep/).click();
  await expect(appB.detailsPanel).toContainText('AWS_SECRET_ACCESS_KEY=[REDACTED:aws-secret-key]');
  await expect(appB.detailsPanel).toContainText('postgres://deploy:[REDACTED:database-url]@db.internal.example');
  await appB.option(/AWS_ACCESS_KEY_ID=/).click();
  await appB.tab('Raw').click();
  await expect(appB.detailsPanel.getByLabel('raw line')).toContainText('[REDACTED:aws-access-key-id]');
  expect(await b.content()).not.toContain(GITHUB_TOKEN);

  // A deletes it from the list of links this browser created.
  const mine = dialog.getByRole('region', { name: 'Your shared links' });
  await mine.getByRole('listitem').first().getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toBeHidden();
  // The link just made goes from the dialog too: nothing offers to copy a link that no longer opens.
  await expect(dialog.getByRole('textbox', { name: 'Link to share' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeHidden();
  await expect(dialog.getByRole('status', { name: 'Link deleted' })).toHaveText(
    'Link deleted: it no longer opens. Create a new one to share again.',
  );
  await b.reload();
  await expect(appB.alert).toHaveText('This trace was deleted or has expired.');
  // Trying again would get the same answer: nothing offers to.
  await expect(b.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  await ctxA.close();
  await ctxB.close();
});

test('share: a link whose id cannot be one says it is malformed, not deleted, and asks the server nothing', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) asked.push(r.url());
  });
  const app = new Loupe(page);
  const key = `#k=${'A'.repeat(43)}`;
  await page.goto(`/t/xyz${key}`);
  await expect(app.alert).toHaveText(
    'This link is malformed: its trace id (the part after /t/) is 3 characters long, where a shared trace’s is 22. It was likely cut off or changed when it was copied: ask for the whole link.',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // Cut off before its key, it is still the id that is said.
  await page.goto('/t/AAAAAAAAAAAAAAAAAAAAA');
  await expect(app.alert).toContainText('is 21 characters long, where a shared trace’s is 22');
  await page.goto(`/t/AAAAAAAAAAAAAAAAAAAA.A${key}`);
  await expect(app.alert).toContainText('has characters a shared trace’s id never has');
  // An id of the right shape that the store does not hold is deleted or expired, as before.
  await page.goto(`/t/AAAAAAAAAAAAAAAAAAAAAA${key}`);
  await expect(app.alert).toHaveText('This trace was deleted or has expired.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(asked).toEqual([expect.stringMatching(/\/api\/traces\/AAAAAAAAAAAAAAAAAAAAAA$/)]);
});

test('share: a small trace travels in the link itself, with nothing uploaded', async ({ browser, baseURL }) => {
  const ctxA = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  const appA = await openSecrets(a);
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status')).toContainText('5 will be redacted');
  await dialog.getByRole('radio', { name: /No upload/ }).check();
  const uploads: string[] = [];
  a.on('request', (r) => {
    if (r.url().includes('/api/traces')) uploads.push(r.method());
  });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  expect(link).toMatch(/\/t#d=[A-Za-z0-9_-]+&k=[A-Za-z0-9_-]{43}$/);
  expect(uploads).toEqual([]);
  await expect(dialog).toContainText('Nothing was uploaded');
  // A link made before a choice changed is taken away: it would not match what is shown.
  await dialog.getByRole('button', { name: 'Keep all' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Link to share' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Redact all' }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  expect(await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue()).not.toBe(link);

  const ctxB = await browser.newContext({ baseURL });
  const b = await ctxB.newPage();
  const fetched: string[] = [];
  b.on('request', (r) => {
    if (r.url().includes('/api/')) fetched.push(r.url());
  });
  const appB = new Loupe(b);
  await b.goto(link);
  await appB.waitForWorkbench();
  await expect(appB.computedCost).toHaveText((await appA.computedCost.textContent()) ?? '');
  await expect(appB.option(/user prompt: Deploy the release/)).toContainText('[REDACTED:anthropic-key]');
  expect(fetched).toEqual([]);
  // A link cut short says so instead of showing garbage.
  await b.goto(link.replace(/&k=.*$/, '&k=AAAA'));
  await expect(appB.alert).toContainText('not a valid key');
  await ctxA.close();
  await ctxB.close();
});

test('share: a project folder goes as one bundle (subagent file included); too big for a link on its own, it is uploaded', async ({
  browser,
  baseURL,
}) => {
  const ctxA = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  const appA = new Loupe(a);
  await a.goto('/view?sample=deep-manifest');
  await appA.waitForWorkbench();
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status')).toContainText('in 351 lines');
  await dialog.getByRole('radio', { name: /No upload/ }).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('too large to carry in a link');
  await expect(dialog.getByRole('textbox', { name: 'Link to share' })).toBeHidden();
  await dialog.getByRole('radio', { name: /Upload the ciphertext/ }).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();

  const { ctxB, b, appB } = await openAsRecipient(browser, baseURL, link);
  // $6.144627 + $0.069359, computed independently: the subagent file travelled with the main one.
  await expect(appB.computedCost).toHaveText('$6.21');
  await expect(b.getByRole('combobox', { name: 'Agent' }).locator('option')).toHaveText([
    'All agents (2)',
    'main',
    'Explore · Explore ZIP processing implementation',
  ]);
  // The view state lives in the fragment: selecting and filtering keep the key, and back undoes them.
  await appB.setFilter('agent:c8d9b115');
  await expect(b).toHaveURL(/#k=[A-Za-z0-9_-]{43}&q=agent%3Ac8d9b115$/);
  await b.goBack();
  await expect(appB.filter).toHaveValue('');
  await expect(b).toHaveURL(/#k=[A-Za-z0-9_-]{43}$/);
  await ctxA.close();
  await ctxB.close();
});

test('share: the dialog text wraps inside the dialog, nothing cut off at its right edge', async ({ page }) => {
  await openSecrets(page);
  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status')).toContainText('5 will be redacted');
  const intro = dialog.getByText(/Secrets are replaced in this browser/);
  // The dialog sits in the toolbar, whose buttons do not wrap: the dialog must not inherit that.
  expect(await intro.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const [box, frame] = [await intro.boundingBox(), await dialog.boundingBox()];
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
  expect(box?.height ?? 0).toBeGreaterThan(30);
});

test('share: a filter holding a redacted secret reaches the recipient redacted, or not at all', async ({
  browser,
  baseURL,
}) => {
  const ctxA = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  const appA = await openSecrets(a);
  // Looking for where the token was used is what a sender does before sharing.
  await appA.setFilter(GITHUB_TOKEN);
  await expect(appA.option(/Bash\(curl -s -H/)).toBeVisible();
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  await expect(dialog.getByRole('status')).toContainText('5 will be redacted');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  expect(decodeURIComponent(link)).not.toContain(GITHUB_TOKEN);
  await expect(dialog.getByRole('region', { name: 'The link' })).toContainText(
    'The filter it opens with is redacted too',
  );

  const { ctxB, b, appB } = await openAsRecipient(browser, baseURL, link);
  // The placeholder is the filter: it finds the redacted call, as the token found it for the sender.
  await expect(appB.filter).toHaveValue('[REDACTED:github-token]');
  await expect(appB.option(/Bash\(curl -s -H/)).toBeVisible();
  expect(await b.content()).not.toContain(GITHUB_TOKEN);

  // Only the start of the token typed: no placeholder can stand for it, so the link leaves the filter out.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await appA.setFilter(GITHUB_TOKEN.slice(0, 12));
  await a.getByRole('button', { name: 'Share…' }).click();
  await expect(dialog.getByRole('status')).toContainText('5 will be redacted');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const partial = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  expect(partial).not.toContain('q=');
  expect(partial).not.toContain(GITHUB_TOKEN.slice(4, 12));
  await expect(dialog.getByRole('region', { name: 'The link' })).toContainText('It opens without your filter');
  await ctxA.close();
  await ctxB.close();
});

test('share: text added to redact that is in the file name is redacted there too, not refused', async ({
  browser,
  baseURL,
}, info) => {
  const named = info.outputPath('acme-corp-incident.jsonl');
  mkdirSync(path.dirname(named), { recursive: true });
  copyFileSync(SECRETS, named);
  const ctxA = await browser.newContext({ baseURL });
  const a = await ctxA.newPage();
  const appA = new Loupe(a);
  await appA.home();
  await a.getByLabel('Choose files').setInputFiles(named);
  await appA.waitForWorkbench();
  await a.getByRole('button', { name: 'Share…' }).click();
  const dialog = a.getByRole('dialog', { name: 'Share trace' });
  await dialog.getByLabel('Text to redact').fill('acme-corp');
  await dialog.getByRole('button', { name: 'Add text' }).click();
  // Found in the name only, and listed as such, masked.
  await expect(dialog.getByRole('status')).toHaveText('6 secrets found (9 occurrences) in 8 lines; 6 will be redacted');
  await expect(
    dialog.getByRole('list', { name: 'Redactions' }).getByRole('listitem', { name: /^Literal string/ }),
  ).toContainText('the file name ••••••-incident.jsonl');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();

  const { ctxB, b, appB } = await openAsRecipient(browser, baseURL, link);
  await appB.option(/user prompt: Deploy the release/).click();
  await appB.tab('Raw').click();
  await expect(appB.detailsPanel).toContainText('[REDACTED:literal]-incident.jsonl:2');
  expect(await b.content()).not.toContain('acme-corp');
  await ctxA.close();
  await ctxB.close();
});
