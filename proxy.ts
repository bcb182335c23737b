import { NextResponse, type NextRequest } from 'next/server';

// The Content-Security-Policy of every page. Transcript text is untrusted, so the policy is strict: scripts only
// from this origin with this response's nonce (Next puts it on its own scripts), no third-party origins at all, no
// plugins, no framing. Styles allow inline attributes (the virtual list positions rows with them); they cannot run
// code. Reading `?src=<https url>` from other origins happens in the trace worker, whose script carries its own,
// narrower policy (next.config.mjs).

export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const dev = process.env.NODE_ENV === 'development';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but the API, Next's static files and the samples folder, each as a whole path segment: `/apifoo`
      // or `/samplesx` are pages (a 404 page) and get the policy too.
      source: '/((?!(?:api|_next/static|_next/image|samples)(?:/|$)|(?:favicon\\.ico|icon\\.svg)$).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
