// Runs the CLI (from source, through tsx) in its own process and prints, on its last stderr line, the process's peak
// RSS in bytes and the wall time: what the hostile corpus test bounds. Usage: node --import tsx cli-rss.ts <args…>
import { main } from '../../lib/cli/entry';

const t0 = performance.now();
const code = await main(process.argv.slice(2));
process.stderr.write(
  `\n@@ ${JSON.stringify({ code, maxRssBytes: process.resourceUsage().maxRSS * 1024, ms: Math.round(performance.now() - t0) })}\n`,
);
process.exitCode = code;
