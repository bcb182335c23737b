export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8 font-sans text-[13px]">
      <h1 className="text-lg font-semibold">Loupe</h1>
      <p>A devtools-style trace viewer for Claude Code and Claude Agent SDK transcripts.</p>
    </main>
  );
}
