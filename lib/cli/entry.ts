// The CLI bundle's entry (esbuild → dist/loupe.cjs). The same bundle runs the scan workers: inside a worker thread
// started with the scan tag it serves scans; in the main thread it exports the CLI. A worker starts from
// bin/scan-worker.cjs, which loads the bundle with its code cache, as the main thread does.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { isWorkerStart, runScanWorker } from './fast-node';
import { runCli, type CliIo } from './main';

const start: unknown = workerData;
if (!isMainThread && parentPort && isWorkerStart(start)) void runScanWorker(parentPort, start);

const stdio: CliIo = { out: (s) => process.stdout.write(`${s}\n`), err: (s) => process.stderr.write(`${s}\n`) };

/** Runs the CLI with this process's arguments and streams (or the given ones); resolves to the exit code. */
export function main(argv: readonly string[] = process.argv.slice(2), io: CliIo = stdio): Promise<number> {
  return runCli(argv, io, { workerUrl: new URL('../bin/scan-worker.cjs', import.meta.url), env: process.env });
}
