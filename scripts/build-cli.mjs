// Bundles the CLI (lib/cli/entry.ts and all it imports, zod included) into one self-contained ES module,
// dist/loupe.mjs, so the installed package runs without tsx or any dependency. Run by `prepare` and `prepack`.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

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

await build({
  entryPoints: [path.join(root, 'lib/cli/entry.ts')],
  outfile: path.join(root, 'dist/loupe.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [noZodLocales],
});
