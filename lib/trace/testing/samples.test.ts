import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedSamples } from './samples';

describe('generated samples', () => {
  it.each(generatedSamples().map((f) => [f.path, f.text] as const))(
    'public/samples/%s is current (npm run samples)',
    (file, text) => {
      expect(readFileSync(path.resolve(import.meta.dirname, '../../../public/samples', file), 'utf8')).toBe(text);
    },
  );
});
