import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { startS3, type S3Server } from '../scripts/s3-server';
import { startServer, type RunningServer } from './helpers/server';
import { FIXTURES, Loupe } from './pages/Loupe';
import path from 'node:path';

// A fleet: two app servers (server.mjs, each its own process and data folder) on one S3 bucket, served by a real S3
// protocol server (s3rver) on this machine. What one stores, the other reads and deletes; neither keeps any state
// the other needs.

let s3: S3Server | undefined;
let a: RunningServer | undefined;
let b: RunningServer | undefined;

test.beforeAll(async () => {
  s3 = await startS3('loupe-fleet');
  [a, b] = await Promise.all([startServer(s3.env), startServer(s3.env)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
});

test('upload on one server, read and delete on the other', async () => {
  const bytes = randomBytes(250_000);
  const up = await fetch(`${a?.base}/api/traces`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-loupe-expires-in': '3600' },
    body: bytes,
  });
  expect(up.status).toBe(201);
  const created = (await up.json()) as { id: string; deleteToken: string; expiresAt: string };

  const got = await fetch(`${b?.base}/api/traces/${created.id}`);
  expect(got.status).toBe(200);
  expect(got.headers.get('x-loupe-expires-at')).toBe(created.expiresAt);
  expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);

  // The wrong token is refused by either server; the right one deletes it from both.
  const wrong = await fetch(`${b?.base}/api/traces/${created.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
  });
  expect(wrong.status).toBe(403);
  const del = await fetch(`${b?.base}/api/traces/${created.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${created.deleteToken}` },
  });
  expect(del.status).toBe(204);
  for (const server of [a, b]) expect((await fetch(`${server?.base}/api/traces/${created.id}`)).status).toBe(404);
});

test('a link shared through one server opens through the other', async ({ browser }) => {
  const ctxA = await browser.newContext({ baseURL: a?.base });
  const pageA = await ctxA.newPage();
  const appA = new Loupe(pageA);
  await appA.home();
  await pageA.getByLabel('Choose files').setInputFiles(path.join(FIXTURES, 'secrets.jsonl'));
  await appA.waitForWorkbench();
  await pageA.getByRole('button', { name: 'Share…' }).click();
  const dialog = pageA.getByRole('dialog', { name: 'Share trace' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Link to share' }).inputValue();
  const cost = await appA.computedCost.textContent();
  await ctxA.close();

  const ctxB = await browser.newContext({ baseURL: b?.base });
  const pageB = await ctxB.newPage();
  const appB = new Loupe(pageB);
  await pageB.goto(link.replace(a?.base ?? '', b?.base ?? ''));
  await appB.waitForWorkbench();
  await expect(appB.computedCost).toHaveText(cost ?? '');
  await ctxB.close();
});
