// The CLI bundle's entry (esbuild → dist/loupe.cjs). The same bundle runs the scan workers: bin/scan-worker.cjs loads
// it with its code cache, as the main thread does, and calls `serveScans`; the main thread calls `main`. Neither loads
// node:worker_threads unless it runs or starts a worker (a few ms of every run's start otherwise).
import { createRequire } from 'node:module';
import { isWorkerStart, runScanWorker } from './fast-node';
import { runCli, type CliIo } from './main';
import { isStatsWorkerStart, serveStatsPart } from './stats-parallel';
import { fdWriter } from './stdio';

const out = fdWriter(1, () => process.stdout);
const err = fdWriter(2, () => process.stderr);
const stdio: CliIo = { out: (s) => out(`${s}\n`), err: (s) => err(`${s}\n`) };

/** Runs the CLI with this process's arguments and streams (or the given ones); resolves to the exit code. */
export function main(argv: readonly string[] = process.argv.slice(2), io: CliIo = stdio): Promise<number> {
  const columns = process.stdout.isTTY ? process.stdout.columns : undefined;
  return runCli(argv, io, {
    workerUrl: new URL('../bin/scan-worker.cjs', import.meta.url),
    env: process.env,
    ...(columns ? { columns } : {}),
  });
}

/** In a worker thread: serves the scans it is given (`runScanWorker`), or parses a part of a file for `loupe stats`. */
export async function serveScans(): Promise<void> {
  // `require`, not `import()`: the bundle runs as a vm.Script, which has no dynamic import.
  const { isMainThread, parentPort, workerData } = createRequire(import.meta.url)(
    'node:worker_threads',
  ) as typeof import('node:worker_threads');
  const start: unknown = workerData;
  if (!isMainThread && parentPort && isWorkerStart(start)) await runScanWorker(parentPort, start);
  else if (!isMainThread && parentPort && isStatsWorkerStart(start)) await serveStatsPart(parentPort, start);
}
