// Writes the generated sample transcripts into public/samples (`npm run samples`); a test checks they are current.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedSamples } from '../lib/trace/testing/samples';

const root = path.resolve(import.meta.dirname, '../public/samples');
for (const f of generatedSamples()) {
  const out = path.join(root, f.path);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, f.text);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
