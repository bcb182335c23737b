// Bundles the CLI (lib/cli/entry.ts and all it imports, zod included) into one self-contained CommonJS file,
// dist/loupe.cjs, so the installed package runs without tsx or any dependency; then writes V8's code cache for it
// (dist/loupe.cjs.cache, see scripts/code-cache.mjs). Run by `prepare` and `prepack`.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { bundleNode } from './bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

// CommonJS rather than an ES module: bin/load.cjs compiles it as a `vm.Script`, which (unlike an ES module in Node
// 20) takes a code cache. `import.meta.url` becomes this file's URL.
await bundleNode(path.join(root, 'lib/cli/entry.ts'), path.join(root, 'dist/loupe.cjs'), { cjs: true });
rmSync(path.join(root, 'dist/loupe.mjs'), { force: true });
execFileSync(process.execPath, [path.join(root, 'scripts/code-cache.mjs')], { stdio: 'inherit' });
