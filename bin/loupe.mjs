#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the CLI and the app share lib/trace as source.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../lib/cli/main.ts');
const code = await runCli(process.argv.slice(2), {
  out: (s) => process.stdout.write(`${s}\n`),
  err: (s) => process.stderr.write(`${s}\n`),
});
process.exitCode = code;
