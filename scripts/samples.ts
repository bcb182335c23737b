// Writes the generated sample transcripts into public/samples (`npm run samples`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tourText } from '../lib/trace/testing/tour';

const out = path.resolve(import.meta.dirname, '../public/samples/tour/tour.stream.jsonl');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, tourText());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
