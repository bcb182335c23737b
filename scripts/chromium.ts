import { existsSync } from 'node:fs';

/** Debian's Chromium (or `CHROMIUM_PATH`): no browser downloads here. Unset when missing, so Playwright's own is used. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, quiet and reproducible: no sandbox (containers), no GPU, nothing fetched in the background. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
];

/** Launch options for the e2e runner and the browser benchmarks; `extra` adds flags (e.g. `--js-flags=--expose-gc`). */
export function chromiumLaunchOptions(extra: readonly string[] = []): { executablePath?: string; args: string[] } {
  return { ...(existsSync(CHROMIUM_PATH) ? { executablePath: CHROMIUM_PATH } : {}), args: [...ARGS, ...extra] };
}
