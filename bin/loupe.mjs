#!/usr/bin/env -S node --max-semi-space-size=4
// The young generation capped at 4 MB semi-spaces (V8's default grows to 16): a load makes its garbage a line at a time
// and keeps little of it, so the smaller nursery costs no time and keeps peak RSS of `loupe stats` on a 500 MB
// session 35 MB lower (docs/performance.md). It can only be set when Node starts, hence here.
// Runs the compiled CLI (dist/loupe.cjs, bundled by esbuild at `npm install` / `npm pack`: scripts/build-cli.mjs).
import { existsSync } from 'node:fs';
import { BUNDLE, loadBundle } from './load.cjs';

if (!existsSync(BUNDLE)) {
  process.stderr.write(`loupe: ${BUNDLE} is missing: run \`npm run build:cli\` (npm install runs it)\n`);
  process.exit(2);
}
process.exitCode = await loadBundle().main();
