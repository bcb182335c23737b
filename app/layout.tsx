import type { Metadata } from 'next';
import { connection } from 'next/server';
import './globals.css';
import { HandoffProvider } from '../components/data/Handoff';
import { LibraryProvider } from '../components/library/LibraryProvider';

export const metadata: Metadata = {
  title: 'Loupe — trace viewer for Claude Code and Agent SDK transcripts',
  description: 'Drop a Claude Code or Agent SDK JSONL transcript and read it like DevTools.',
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Rendered per request, so that Next can put this response's CSP nonce (proxy.ts) on its scripts.
  await connection();
  return (
    <html lang="en">
      <body className="bg-white text-neutral-900 antialiased dark:bg-neutral-900 dark:text-neutral-100">
        <HandoffProvider>
          <LibraryProvider>{children}</LibraryProvider>
        </HandoffProvider>
      </body>
    </html>
  );
}
