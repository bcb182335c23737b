import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium';
import { freePort } from './scripts/net';

// The runner evaluates this file, then each worker evaluates it again: pick the port once and pass it on.
if (!process.env.LOUPE_E2E_PORT) process.env.LOUPE_E2E_PORT = String(await freePort());
const port = Number(process.env.LOUPE_E2E_PORT);
const dataDir = process.env.LOUPE_E2E_DATA_DIR ?? `./test-results/e2e-data-${port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Responsiveness is measured on a quiet machine: the long-task guard runs after every other test has finished,
  // since two browsers parsing at once on two cores stretch any task several times over.
  projects: [
    { name: 'app', testIgnore: /responsive\.spec\.ts/ },
    { name: 'quiet', testMatch: /responsive\.spec\.ts/, dependencies: ['app'] },
  ],
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two cores here: more workers only make every test slower.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    command: `node server.mjs -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { LOUPE_DATA_DIR: dataDir, LOUPE_RATE_LIMIT_PER_MIN: '1000' },
  },
});
