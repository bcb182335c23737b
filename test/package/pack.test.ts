// The packed CLI: `npm pack` bundles it (prepack), and the tarball installed with production dependencies only — there
// are none; offline, so nothing is fetched — gives a `loupe` that runs compiled JavaScript, workers included.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFile } from '../../bench/generate';
import { projectsFolder } from '../../lib/fast/testing/projects';
import { inputsOf } from '../../lib/cli/files';
import { loadStatsSplit } from '../../lib/cli/stats-parallel';
import { loadStatsTrace } from '../../lib/engine/stats-load';
import { lineReaders } from '../../lib/fast/clip';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/real/claude-code-log/projects/-src-deep-manifest');
let dir = '';
let loupe = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'loupe-pack-'));
  const npm = (args: string[], cwd: string): string =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const tarball = npm(['pack', '--silent', '--pack-destination', dir], ROOT).trim().split('\n').pop() ?? '';
  const app = path.join(dir, 'app');
  mkdirSync(app);
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'loupe-user', version: '1.0.0', private: true }),
  );
  npm(['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', path.join(dir, tarball)], app);
  loupe = path.join(app, 'node_modules/.bin/loupe');
  for (const [name, text] of Object.entries(projectsFolder())) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  await generateFile(path.join(dir, 'big/cc/session.jsonl'), {
    dialect: 'claude-code',
    targetBytes: 3_000_000,
    seed: 7,
  });
  await generateFile(path.join(dir, 'big/sdk/stream.jsonl'), {
    dialect: 'sdk-stream',
    targetBytes: 3_000_000,
    seed: 8,
  });
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]): string =>
  execFileSync(loupe, args, { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', LOUPE_RANGE_MB: '1' } });

describe('the packed loupe', () => {
  it('installs alone: no dependency, compiled JavaScript, no tsx', () => {
    expect(readdirSync(path.join(dir, 'app/node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['loupe']);
    const pkg = path.join(dir, 'app/node_modules/loupe');
    expect(readdirSync(pkg).sort()).toEqual(['README.md', 'bin', 'dist', 'package.json']);
    expect(readFileSync(path.join(pkg, 'bin/loupe.mjs'), 'utf8')).not.toContain('tsx');
  });

  it("ships V8's code cache for its bundle, and this Node takes it", () => {
    const pkg = path.join(dir, 'app/node_modules/loupe');
    expect(readdirSync(path.join(pkg, 'dist')).sort()).toEqual(['loupe.cjs', 'loupe.cjs.cache']);
    const probe = `console.log(require(${JSON.stringify(path.join(pkg, 'bin/load.cjs'))}).loadBundle().script.cachedDataRejected)`;
    expect(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim()).toBe('false');
    // A scan worker (bin/scan-worker.cjs) loads the bundle the same way, in its own isolate: the cache fits there too.
    const inWorker = `const { Worker } = require('node:worker_threads');
      new Worker(${JSON.stringify(probe)}, { eval: true })`;
    expect(execFileSync(process.execPath, ['-e', inWorker], { encoding: 'utf8' }).trim()).toBe('false');
    expect(readdirSync(path.join(pkg, 'bin')).sort()).toEqual(['load.cjs', 'loupe.mjs', 'scan-worker.cjs']);
  });

  it('loupe stats prints the totals of a folder', () => {
    const s = JSON.parse(run('stats', FIXTURE, '--json')) as {
      apiMessages: number;
      tokens: { output: number };
      cost: { computedUsd: number };
    };
    // test/fixtures/expected/real-stats.json (an independent script): 103 + 6 calls, 32,270 output tokens.
    expect([s.apiMessages, s.tokens.output]).toEqual([109, 32_270]);
  });

  it('loupe stats --by session over a projects folder, in worker threads or not', () => {
    const inline = JSON.parse(
      run('stats', path.join(dir, 'projects'), '--by', 'session', '--json', '--threads', '0'),
    ) as {
      totals: { modelCalls: number };
      rows: unknown[];
    };
    const threaded = JSON.parse(
      run('stats', path.join(dir, 'projects'), '--by', 'session', '--json', '--threads', '2'),
    ) as typeof inline;
    expect(inline.totals.modelCalls).toBe(17);
    expect(inline.rows).toHaveLength(5);
    expect(threaded).toEqual(inline);
  });

  it('big files cut in ranges across worker threads give the same report as one pass, and as the full model', () => {
    for (const by of ['session', 'day', 'model']) {
      const args = ['stats', path.join(dir, 'big'), '--by', by, '--json', '--utc'];
      const { engine: _a, ...one } = JSON.parse(run(...args, '--threads', '0')) as Record<string, unknown>;
      const { engine: _b, ...ranges } = JSON.parse(run(...args, '--threads', '2')) as Record<string, unknown>;
      const { engine: _c, ...full } = JSON.parse(run(...args, '--full')) as Record<string, unknown>;
      expect(ranges).toEqual(one);
      expect(full).toEqual(one);
    }
  });

  it('loupe stats FILE read in two threads (its later part in a worker) prints what one thread prints', () => {
    const stats = (file: string, threads: string, json: boolean): string =>
      execFileSync(loupe, ['stats', file, '--turns', ...(json ? ['--json'] : [])], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', LOUPE_STATS_THREADS: threads },
      });
    for (const file of ['big/cc/session.jsonl', 'big/sdk/stream.jsonl'])
      for (const json of [true, false]) {
        const one = stats(path.join(dir, file), '0', json);
        expect(one.length).toBeGreaterThan(1000);
        expect(stats(path.join(dir, file), '2', json)).toBe(one);
      }
  });

  it("the packed worker parses the later part: the two-thread load is its own, not the one-thread fallback's", async () => {
    // The CLI falls back to one thread when the worker fails, so equal reports alone do not show that it ran.
    // As the CLI loads (main.ts): the text a stats load never reads is not decoded, in either thread.
    const readers = lineReaders(true);
    const worker = pathToFileURL(path.join(dir, 'app/node_modules/loupe/bin/scan-worker.cjs'));
    for (const file of ['big/cc/session.jsonl', 'big/sdk/stream.jsonl']) {
      const task = { path: path.join(dir, file), name: path.basename(file), size: statSync(path.join(dir, file)).size };
      const split = await loadStatsSplit(task, worker, {}, readers);
      expect(split, file).toBeDefined();
      expect(split, file).toEqual(await loadStatsTrace(inputsOf([task]), readers));
    }
  });
});
