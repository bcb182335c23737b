// Bundles the CLI (lib/cli/entry.ts and all it imports, zod included) into one self-contained ES module,
// dist/loupe.mjs, so the installed package runs without tsx or any dependency. Run by `prepare` and `prepack`.
import path from 'node:path';
import { bundleNode } from './bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

await bundleNode(path.join(root, 'lib/cli/entry.ts'), path.join(root, 'dist/loupe.mjs'));
