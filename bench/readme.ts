import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Replaces the README's text between `<!-- name:start -->` and `<!-- name:end -->` (left alone if they are missing). */
export function writeReadmeSection(name: string, body: string): void {
  const file = path.resolve(import.meta.dirname, '../README.md');
  const text = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(`<!-- ${name}:end -->`);
  if (i < 0 || j < 0) return;
  writeFileSync(file, `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`);
}
