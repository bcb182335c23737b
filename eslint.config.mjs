import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

// Every Node built-in, under both spellings (`fs`, `node:fs`, `fs/promises`).
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_') && !m.startsWith('node:'));

/** Imports of UI code from lib/: relative at any depth, or through the `@/` alias. */
const uiImports = {
  regex: '^(?:(?:\\.\\.?/)+|@/)(?:components|app)(?:/|$)',
  message: 'lib/ must not import UI code (components/, app/).',
};

/** lib/'s Node adapters: the only code under lib/ that may use Node (tests are exempt too). */
const nodeAdapters = ['lib/cli/**', 'lib/server/**'];

/** lib/'s browser host: the Web Workers and their I/O, the only code under lib/ that may use the DOM's globals. */
const browserHost = ['lib/browser/**'];

const domAndNodeGlobals = [
  ...[
    'window',
    'self',
    'document',
    'navigator',
    'location',
    'localStorage',
    'sessionStorage',
    'indexedDB',
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
  ],
  ...[
    'postMessage',
    'addEventListener',
    'removeEventListener',
    'requestAnimationFrame',
    'getComputedStyle',
    'HTMLElement',
    'Element',
    'alert',
    'confirm',
  ],
  ...['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate'],
];

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'dist/**',
      'node_modules/**',
      'bench/.cache/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'data/**',
      'wasm/**',
    ],
  },
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
    // lib/ is the engine: it runs in a Web Worker, on the server and in the CLI. No React, Next, DOM or Node, no UI
    // code, and none of the Node adapters (which would bring Node with them).
    files: ['lib/**/*.ts'],
    ignores: [...nodeAdapters, ...browserHost, 'lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, 'react', 'react-dom', 'next'].map((name) => ({
            name,
            message: 'lib/ must stay pure and isomorphic.',
          })),
          patterns: [
            {
              group: ['node:*', ...nodeBuiltins.map((m) => `${m}/*`)],
              message: 'lib/ must not import Node built-ins (outside lib/cli, lib/server, lib/**/node).',
            },
            { group: ['next/*', 'react/*', 'react-dom/*', '@next/*'], message: 'lib/ must not import React or Next.' },
            uiImports,
            {
              regex: '(?:^|/)lib/(?:server|cli|browser)(?:/|$)|^(?:\\.\\./)+(?:server|cli|browser)(?:/|$)',
              message: 'lib/ must not import its hosts (lib/server, lib/cli, lib/browser).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...domAndNodeGlobals.map((name) => ({ name, message: 'lib/ must not use DOM or Node globals.' })),
      ],
    },
  },
  {
    // The browser host runs in Web Workers: DOM globals yes; Node, React, Next and UI code no.
    files: browserHost.map((g) => `${g}/*.ts`),
    ignores: ['lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, 'react', 'react-dom', 'next'].map((name) => ({
            name,
            message: 'lib/browser runs in a Web Worker.',
          })),
          patterns: [
            { group: ['node:*', 'next/*', 'react/*', 'react-dom/*'], message: 'lib/browser runs in a Web Worker.' },
            uiImports,
          ],
        },
      ],
    },
  },
  {
    files: nodeAdapters.map((g) => `${g}/*.ts`),
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [uiImports] }] },
  },
  {
    // Client code never reaches the server's storage; only route handlers (app/api) do.
    files: ['components/**/*.ts', 'components/**/*.tsx', 'app/**/*.ts', 'app/**/*.tsx'],
    ignores: ['app/api/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)lib/server(?:/|$)',
              message: 'Client code must not import lib/server (only app/api route handlers may).',
            },
          ],
        },
      ],
    },
  },
  {
    // The first ICU number format of a page costs 20-30 ms (a long task in a first render): counts go through
    // lib/trace/text-order.ts, which gives the same text without ICU.
    files: ['components/**/*.ts', 'components/**/*.tsx', 'app/**/*.tsx', 'lib/view/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toLocaleString'][arguments.0.value='en-US']",
          message:
            "Use formatInt (lib/trace/text-order.ts): n.toLocaleString('en-US') loads ICU, 20-30 ms the first time.",
        },
      ],
    },
  },
  {
    // The CLI's loaders are CommonJS, like the bundle they load (bin/load.cjs says why).
    files: ['bin/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
