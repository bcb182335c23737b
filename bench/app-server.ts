import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** `next start` of the build in `dir` (its `.next`), on 127.0.0.1:`port`, once it answers; its data under `bench/.cache`. */
export async function startServer(dir: string, port: number): Promise<ChildProcess> {
  const data = path.join(dir, 'bench/.cache/data');
  mkdirSync(data, { recursive: true });
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: dir,
      stdio: 'ignore',
      env: { ...process.env, LOUPE_DATA_DIR: data },
    },
  );
  return answering(child, port, `next start in ${dir}`);
}

/** The server `child` once it answers on 127.0.0.1:`port` (30 s at most; then it is killed and `what` is named). */
export async function answering(child: ChildProcess, port: number, what: string): Promise<ChildProcess> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not come up`);
}
