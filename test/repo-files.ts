// The repository's transcripts as the tests that load every one of them read them.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** Every file under a folder of the repository, recursively, as paths relative to its root. */
export function repoFilesUnder(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir)).flatMap((n) => {
    const rel = path.join(dir, n);
    return statSync(path.join(REPO_ROOT, rel)).isDirectory() ? repoFilesUnder(rel) : [rel];
  });
}

/** The real fixtures and the samples whose names match `name` (JSON lines and JSON documents by default). */
export function transcriptFiles(name = /\.jsonl?$/): string[] {
  return [...repoFilesUnder('test/fixtures/real'), ...repoFilesUnder('public/samples')].filter((f) => name.test(f));
}
