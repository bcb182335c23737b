import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['lib/**/*.test.ts', 'test/**/*.test.ts', 'components/**/*.test.ts', 'components/**/*.test.tsx'],
    reporters: ['default', './test/reporters/vitest-summary.ts'],
    testTimeout: 60_000,
  },
});
