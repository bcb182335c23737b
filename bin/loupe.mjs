#!/usr/bin/env node
// Runs the compiled CLI (dist/loupe.mjs, bundled by esbuild at `npm install` / `npm pack`: scripts/build-cli.mjs).
import { main } from '../dist/loupe.mjs';

process.exitCode = await main();
