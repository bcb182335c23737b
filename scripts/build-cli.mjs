// Bundles the CLI (lib/cli/entry.ts and all it imports, zod included) into one self-contained CommonJS file,
// dist/loupe.cjs, so the installed package runs without tsx or any dependency; then writes V8's code cache for it
// (dist/loupe.cjs.cache, see scripts/code-cache.mjs). Run by `prepare` and `prepack`.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist/loupe.cjs');

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

// CommonJS rather than an ES module: bin/loupe.mjs compiles it as a `vm.Script`, which (unlike an ES module in Node
// 20) takes a code cache. `import.meta.url` (the file the scan workers run) becomes this file's URL.
await build({
  entryPoints: [path.join(root, 'lib/cli/entry.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [noZodLocales],
  define: { 'import.meta.url': '__loupeUrl' },
  banner: { js: 'var __loupeUrl=require("node:url").pathToFileURL(__filename).href;' },
});
rmSync(path.join(root, 'dist/loupe.mjs'), { force: true });
execFileSync(process.execPath, [path.join(root, 'scripts/code-cache.mjs')], { stdio: 'inherit' });
