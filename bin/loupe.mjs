#!/usr/bin/env node
// Runs the compiled CLI (dist/loupe.cjs, bundled by esbuild at `npm install` / `npm pack`: scripts/build-cli.mjs).
import { existsSync } from 'node:fs';
import { BUNDLE, loadBundle } from './load.cjs';

if (!existsSync(BUNDLE)) {
  process.stderr.write(`loupe: ${BUNDLE} is missing: run \`npm run build:cli\` (npm install runs it)\n`);
  process.exit(2);
}
process.exitCode = await loadBundle().main();
