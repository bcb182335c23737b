// One way to bundle a Node entry (TypeScript and all it imports, zod included) into one self-contained file:
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

/** Bundles `entry` into `outfile`, minified for Node 20: an ES module, or with `cjs` a CommonJS script in which
 *  `import.meta.url` is the file's own URL. */
export async function bundleNode(entry, outfile, { cjs = false } = {}) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: cjs ? 'cjs' : 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [noZodLocales],
    ...(cjs
      ? {
          define: { 'import.meta.url': '__loupeUrl' },
          banner: { js: 'var __loupeUrl=require("node:url").pathToFileURL(__filename).href;' },
        }
      : {}),
  });
}
