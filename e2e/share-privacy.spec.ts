import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from './helpers/server';
import { FIXTURES, Loupe } from './pages/Loupe';

// The server must never see plaintext. This test runs its own server (same build) so that it can read that server's
// whole log and its database files afterwards, and it records every request the browser sends.

const MARKER = 'LOUPE-MARKER-5b1e9c';

let server: RunningServer | undefined;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test('the server never sees the plaintext or the key: not in request bodies, URLs, headers, its log or its database', async ({
  browser,
}) => {
  const base = server?.base ?? '';
  const dataDir = server?.dataDir ?? '';
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage();
  const sent: { url: string; headers: string; body: Buffer | null }[] = [];
  page.on('request', (r) =>
    sent.push({ url: r.url(), headers: JSON.stringify(r.headers()), body: r.postDataBuffer() }),
  );
  const app = new Loupe(page);
  await app.home();
  await page.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'secrets.jsonl'));
  await app.waitForWorkbench();
  await page.getByRole('button', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share trace' });
  // Keep every secret: only encryption stands between the server and the text now.
  await dialog.getByRole('button', { name: 'Keep all' }).click();
  await expect(dialog.getByRole('status')).toContainText('0 will be redacted');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  const key = /#k=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
  expect(key).toHaveLength(43);
  // The recipient opens it too: the fetch of the ciphertext is on record as well.
  const reader = await ctx.newPage();
  reader.on('request', (r) =>
    sent.push({ url: r.url(), headers: JSON.stringify(r.headers()), body: r.postDataBuffer() }),
  );
  await reader.goto(link);
  await expect(reader.getByRole('option', { name: new RegExp(MARKER) }).first()).toBeVisible();
  await ctx.close();

  const uploads = sent.filter((s) => s.url.endsWith('/api/traces') && s.body);
  expect(uploads).toHaveLength(1);
  for (const s of sent) {
    expect(s.url).not.toContain(MARKER);
    expect(s.url).not.toContain(key);
    expect(s.headers).not.toContain(key);
    expect(s.body?.includes(MARKER) ?? false).toBe(false);
    expect(s.body?.includes(key) ?? false).toBe(false);
  }

  // The database holds exactly that upload, as ciphertext: the stored blob is the uploaded body, byte for byte.
  const db = new Database(path.join(dataDir, 'traces.db'), { readonly: true, fileMustExist: true });
  const rows = db.prepare('SELECT blob FROM traces').all() as { blob: Buffer }[];
  db.close();
  expect(rows).toHaveLength(1);
  expect(Buffer.compare(rows[0]?.blob ?? Buffer.alloc(0), uploads[0]?.body ?? Buffer.alloc(1))).toBe(0);
  for (const f of readdirSync(dataDir)) {
    const bytes = readFileSync(path.join(dataDir, f));
    expect(bytes.includes(MARKER), f).toBe(false);
    expect(bytes.includes('sk-ant-api03-'), f).toBe(false);
    expect(bytes.includes(key), f).toBe(false);
  }
  const log = server?.log() ?? '';
  expect(log).toContain('/api/traces');
  expect(log).not.toContain(MARKER);
  expect(log).not.toContain(key);
});
