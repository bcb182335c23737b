import type { TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generateFile, type Dialect } from '../../bench/generate';

/** A transcript of about `bytes` from the benches' generator (seeded: the same bytes every run), in the test's output. */
export async function generated(info: TestInfo, dialect: Dialect, bytes: number, seed: number): Promise<string> {
  const dir = info.outputPath('gen');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${dialect}-${bytes}.jsonl`);
  await generateFile(file, { dialect, targetBytes: bytes, seed });
  return file;
}
