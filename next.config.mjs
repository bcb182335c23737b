import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
  serverExternalPackages: ['better-sqlite3'],
  // The app's own tsconfig: tests, e2e and benchmarks are type-checked by `npm run typecheck` instead.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
};

export default nextConfig;
