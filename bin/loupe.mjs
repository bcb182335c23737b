#!/usr/bin/env node
// Runs the compiled CLI (dist/loupe.cjs, bundled by esbuild at `npm install` / `npm pack`: scripts/build-cli.mjs).
import { loadBundle } from './load.mjs';

process.exitCode = await loadBundle().main();
