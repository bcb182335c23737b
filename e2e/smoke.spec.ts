import { expect, test } from '@playwright/test';

test('the home page is served by next start', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Loupe' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Drop zone' })).toBeVisible();
});

test('security headers on every page and API response; the CSP allows only this origin and nonce-bearing scripts', async ({
  page,
  request,
}) => {
  for (const url of [
    '/',
    '/view?sample=tour',
    '/t/AAAAAAAAAAAAAAAAAAAAAA',
    '/api/traces/AAAAAAAAAAAAAAAAAAAAAA',
    '/samples/tour/tour.stream.jsonl',
  ]) {
    const res = await request.get(url);
    expect(res.headers()['referrer-policy'], url).toBe('no-referrer');
    expect(res.headers()['x-content-type-options'], url).toBe('nosniff');
  }
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  const res = await page.goto('/view?sample=tour');
  const csp = res?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).not.toMatch(/script-src[^;]*https?:/);
  expect(csp).toContain("connect-src 'self';");
  // Every script in the page carries this response's nonce, and a second response gets a new one.
  const scripts = await page.locator('script').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);
  expect((await request.get('/')).headers()['content-security-policy']).not.toContain(nonce);
  await expect(page.getByRole('status', { name: 'Computed cost' })).toBeVisible();
  expect(violations).toEqual([]);
  // The trace worker has its own narrower policy: no DOM sources, scripts from here, fetches over https for ?src=.
  expect(workers.length).toBeGreaterThan(0);
  const workerCsp = (await request.get(workers[0] ?? '')).headers()['content-security-policy'] ?? '';
  expect(workerCsp).toContain("default-src 'none'");
  expect(workerCsp).toContain("script-src 'self'");
  expect(workerCsp).toMatch(/connect-src 'self' https:/);
});

test('the home page hydrates without an error: what the server renders is what the client renders first', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Open a trace' })).toHaveAttribute('aria-busy', 'false');
  // Chromium has the directory picker: the note about it appears once hydrated, not in the server's HTML.
  await expect(page.getByRole('region', { name: 'Session library' })).toContainText('The folder is remembered');
  expect(errors).toEqual([]);
});

test('the icon: pages link it, /favicon.ico answers with it, no page load logs a 404', async ({ page, request }) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/view?sample=tour');
  await expect(page.getByRole('status', { name: 'Computed cost' })).toBeVisible({ timeout: 20_000 });
  const href = await page.locator('link[rel=icon]').getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  for (const url of [href ?? '', '/favicon.ico']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type'], url).toContain('image/svg+xml');
  }
  expect(missing).toEqual([]);
});
