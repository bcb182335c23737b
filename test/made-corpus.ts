// The made corpus (test/fixtures/made) as the tests read it: a case's files by their paths under the corpus, and the
// goldens the independent counter (test/fixtures/expected/compute_wild.py) wrote for every case.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const MADE_ROOT = path.resolve(import.meta.dirname, 'fixtures/made');

/** The goldens of every case, keyed by the case's path under the corpus. */
export function madeGoldens<T>(): Record<string, T> {
  return JSON.parse(readFileSync(path.resolve(MADE_ROOT, '../expected/made-stats.json'), 'utf8')) as Record<string, T>;
}

/** A case's files (one file, or a folder with its subagents), keyed by their paths under the corpus. */
export function madeFiles(rel: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) walk(path.join(p, f));
    else out[path.relative(MADE_ROOT, p)] = readFileSync(p);
  };
  walk(path.join(MADE_ROOT, rel));
  return out;
}
