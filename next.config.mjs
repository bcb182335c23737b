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
  // On every response, pages, API and static files alike (the page CSP with its nonce is set in proxy.ts).
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
      {
        // A worker runs under the policy of its own script's response (a page's policy does not reach it). The trace
        // worker may fetch transcripts from any https origin (`?src=`, CORS decides) and from this machine, and load
        // only this origin's scripts; zod compiles its schema checks with `new Function`, hence 'unsafe-eval' (the
        // worker has no DOM, and evaluates no transcript text). On scripts loaded by a page this header is ignored.
        source: '/_next/static/:path*',
        headers: [
          {
            key: 'Content-Security-Policy',
            value:
              "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
          },
        ],
      },
    ];
  },
  // Pages link app/icon.svg; browsers and tools that ask for /favicon.ico anyway (a JSON response opened in a tab,
  // bookmarks, feed readers) get the same icon instead of a 404 in the console.
  async rewrites() {
    return [{ source: '/favicon.ico', destination: '/icon.svg' }];
  },
};

export default nextConfig;
