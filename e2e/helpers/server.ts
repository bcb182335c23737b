import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/net';

// A real Loupe server (server.mjs on the same build) of a test's own, with its own settings, data folder and log.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  readonly base: string;
  readonly port: number;
  readonly dataDir: string;
  readonly pid: number;
  /** Everything the server printed so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-srv-')),
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, LOUPE_DATA_DIR: dataDir, LOUPE_RATE_LIMIT_PER_MIN: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // server.mjs says `[loupe] ready on …` once it listens.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server.mjs did not come up in 30 s:\n${log}`)), 30_000);
    const onData = (d: Buffer): void => {
      log += d.toString();
      if (log.includes('[loupe] ready on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server.mjs exited (${code}):\n${log}`));
    });
  });
  return {
    base,
    port,
    dataDir,
    pid: child.pid ?? 0,
    log: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
