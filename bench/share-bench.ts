// `npm run bench:share [-- --no-build] [-- --json] [-- --stores sqlite,s3] [-- --uploads 40] [-- --mb 5]`
// Builds and starts the app (server.mjs), then measures GET /api/traces/<id> latency (a 1 MB trace, one request at a
// time) while idle and during a burst of concurrent 5 MB uploads, for each store: SQLite (the default) and S3 (a
// real S3 protocol server, s3rver, in its own process). The uploads come from a child process, so the client that
// times the GETs is not itself busy sending 200 MB. Prints p50/p95/max and their ratio burst/idle, with --write writes
// bench-results/share.json and docs/performance.md's share table.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/net';
import { writePerfSection, writeTracked } from './tracked';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? dflt) : dflt;
};
const json = args.includes('--json');
const stores = opt('--stores', 'sqlite,s3').split(',');
const uploads = Number(opt('--uploads', '40'));
const uploadMb = Number(opt('--mb', '5'));
const log = (s: string): void => {
  if (!json) process.stdout.write(`${s}\n`);
};

export interface ShareRow {
  store: string;
  uploads: number;
  uploadBytes: number;
  burstSeconds: number;
  idle: Stats;
  burst: Stats;
}
interface Stats {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? 0 };
}

/** Starts a child and resolves with its first stdout line that matches `ready`. */
function startChild(
  cmd: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, cmd, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${cmd.join(' ')} did not start:\n${out}`)), 60_000);
    const on = (d: Buffer): void => {
      out += d.toString();
      const m = out.split('\n').find((l) => ready.test(l));
      if (m) {
        clearTimeout(timer);
        resolve({ child, line: m });
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`${cmd.join(' ')} exited (${code}):\n${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function timedGet(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET answered ${res.status}`);
  return performance.now() - t0;
}

async function run(store: string): Promise<ShareRow> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-bench-share-'));
  const children: ChildProcess[] = [];
  try {
    let env: Record<string, string> = {};
    if (store === 's3') {
      const s3 = await startChild(['--import', 'tsx', 'bench/s3rver-child.ts'], {}, /^endpoint /);
      children.push(s3.child);
      env = JSON.parse(s3.line.slice('endpoint '.length)) as Record<string, string>;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startChild(
      ['server.mjs', '-p', String(port), '-H', '127.0.0.1'],
      {
        LOUPE_DATA_DIR: dataDir,
        LOUPE_RATE_LIMIT_PER_MIN: '0',
        LOUPE_GLOBAL_RATE_LIMIT_PER_MIN: '0',
        LOUPE_ACCESS_LOG: '0',
        ...env,
      },
      /\[loupe\] ready on/,
    );
    children.push(server.child);

    const seed = await fetch(`${base}/api/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: randomBytes(1024 * 1024),
    });
    const { id } = (await seed.json()) as { id: string };
    const url = `${base}/api/traces/${id}`;
    for (let i = 0; i < 20; i++) await timedGet(url); // warm-up

    const idle: number[] = [];
    for (let i = 0; i < 300; i++) idle.push(await timedGet(url));

    // The burst: `uploads` concurrent uploads of `uploadMb` MB each, from another process.
    const t0 = performance.now();
    const burster = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/share-burst.ts', base, String(uploads), String(uploadMb)],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let burstOut = '';
    // Wait for the burster to start sending, then time GETs until every upload is answered.
    const sending = new Promise<void>((resolve) => {
      burster.stdout?.on('data', (d: Buffer) => {
        burstOut += d.toString();
        if (burstOut.includes('sending')) resolve();
      });
      burster.once('exit', () => resolve());
    });
    const done = new Promise<number>((resolve) => burster.once('exit', (code) => resolve(code ?? 1)));
    let finished = false;
    void done.then(() => (finished = true));
    await sending;
    const burst: number[] = [];
    while (!finished) burst.push(await timedGet(url));
    const code = await done;
    const burstSeconds = (performance.now() - t0) / 1000;
    if (code !== 0 || !burstOut.includes(`stored ${uploads}`)) throw new Error(`the burst failed: ${burstOut}`);
    return {
      store,
      uploads,
      uploadBytes: uploadMb * 1024 * 1024,
      burstSeconds,
      idle: stats(idle),
      burst: stats(burst),
    };
  } finally {
    for (const c of children.reverse()) await stop(c);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number): string => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const x = (a: number, b: number): string => `${(a / b).toFixed(1)}x`;

if (!args.includes('--no-build')) {
  log('building…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: json ? 'ignore' : 'inherit' });
}
const rows: ShareRow[] = [];
for (const store of stores) {
  log(`${store}: idle GETs, then GETs during ${uploads} concurrent ${uploadMb} MB uploads…`);
  rows.push(await run(store));
}
const table = [
  `| store | GET p50 idle → burst | GET p95 idle → burst | GET max idle → burst | GETs during the burst | burst of ${uploads} × ${uploadMb} MB |`,
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.store} | ${ms(r.idle.p50)} → ${ms(r.burst.p50)} (${x(r.burst.p50, r.idle.p50)}) | ${ms(r.idle.p95)} → ${ms(r.burst.p95)} (${x(r.burst.p95, r.idle.p95)}) | ${ms(r.idle.max)} → ${ms(r.burst.max)} (${x(r.burst.max, r.idle.max)}) | ${r.burst.n} | ${r.burstSeconds.toFixed(1)} s |`,
  ),
].join('\n');
if (json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
else log(`\n${table}`);
writeTracked('bench-results/share.json', `${JSON.stringify(rows, null, 2)}\n`);
writePerfSection('share-bench', table);
