import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'stream',
  'buffer',
  'util',
  'url',
  'zlib',
  'http',
  'https',
  'net',
  'worker_threads',
  'readline',
  'events',
  'process',
];

export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'bench/.cache/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['components/**/*.tsx', 'components/**/*.ts', 'app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The trace engine and the stats fast path run in a Web Worker, on the server and in the CLI: no React, Next, DOM or Node.
    files: ['lib/trace/**/*.ts', 'lib/fast/**/*.ts'],
    ignores: ['lib/trace/**/*.test.ts', 'lib/fast/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, 'react', 'react-dom', 'next'].map((name) => ({ name, message: 'lib/trace must stay pure and isomorphic.' })),
          patterns: [
            { group: ['node:*'], message: 'lib/trace must not import Node built-ins.' },
            { group: ['next/*', 'react/*', 'react-dom/*'], message: 'lib/trace must not import React or Next.' },
            { group: ['@/components/*', '@/app/*', '../../components/*', '../../app/*'], message: 'lib/trace must not import UI code.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'location',
          'process',
          'Buffer',
          'require',
          '__dirname',
          '__filename',
          'global',
          'setImmediate',
        ].map((name) => ({
          name,
          message: 'lib/trace must not use DOM or Node globals.',
        })),
      ],
    },
  },
);
