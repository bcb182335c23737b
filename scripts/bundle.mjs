// One way to bundle a Node entry (TypeScript and all it imports, zod included) into a self-contained ES module:
// the CLI (scripts/build-cli.mjs) and the Node bench's worker (bench/node-bench.ts) are built alike, so the bench
// measures the code users run.
import { build } from 'esbuild';
import path from 'node:path';

/**
 * zod's `z.locales` namespace holds the error messages of some fifty languages (two thirds of the bundle, all parsed at
 * every start). Loupe never reads it: English, which zod registers on its own, is all its messages use.
 */
const noZodLocales = {
  name: 'no-zod-locales',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: 'zod-locales', namespace: 'stub' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** Bundles `entry` into `outfile` (minified ESM for Node 20). */
export async function bundleNode(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [noZodLocales],
  });
}
