import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A bench measures and prints; it writes tracked files (bench-results/*.json, the tables in docs/performance.md)
// only when asked with `--write`, so a run to look at a figure leaves the work tree clean.

const ROOT = path.resolve(import.meta.dirname, '..');

/** Whether this run was asked to write its tracked results. */
export const WRITE = process.argv.includes('--write');

/** Writes `text` to `relPath` (from the repo root) under `--write`; otherwise says what it left alone. */
export function writeTracked(relPath: string, text: string): void {
  if (!WRITE) {
    console.error(`bench: ${relPath} not written (pass --write to record this run)`);
    return;
  }
  const file = path.join(ROOT, relPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Replaces the text of docs/performance.md between `<!-- name:start -->` and `<!-- name:end -->` under `--write`. */
export function writePerfSection(name: string, body: string): void {
  const rel = 'docs/performance.md';
  const file = path.join(ROOT, rel);
  const text = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(`<!-- ${name}:end -->`);
  if (i < 0 || j < 0) throw new Error(`${rel} has no ${name} markers`);
  writeTracked(rel, `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`);
}
