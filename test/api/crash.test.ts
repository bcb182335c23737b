// Durability: a writer process is SIGKILLed while uploading; every upload it acknowledged must be in the reopened
// database with exactly its bytes, and no row may be partial. Three kills in a row on the same file (each restart
// also recovers the previous WAL).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteTraceStore, DB_FILE_NAME } from '@/lib/server/store';

const root = path.resolve(import.meta.dirname, '..', '..');
const writer = path.join(root, 'test', 'api', 'crash-writer.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'loupe-crash-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Ack {
  id: string;
  size: number;
  sha256: string;
}

/** Runs the writer until it has acknowledged `killAfter` uploads, SIGKILLs it, returns every complete ack line. */
function runAndKill(
  killAfter: number,
  into = dir,
  mode: 'confirm' | 'orphans' = 'confirm',
): Promise<{ acks: Ack[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', writer, into, ...(mode === 'orphans' ? ['orphans'] : [])],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const acks: Ack[] = [];
    let buffered = '';
    let stderr = '';
    let killed = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line === 'ready') continue;
        const [id, size, sha256] = line.split(' ');
        if (!id || !size || !sha256) return reject(new Error(`bad line from writer: ${line}`));
        acks.push({ id, size: Number(size), sha256 });
        if (acks.length >= killAfter && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    // 'close' waits for stdout to drain: acks that left the child before it died are all counted.
    child.on('close', (code, signal) => {
      if (!killed) return reject(new Error(`writer exited on its own (code ${code}): ${stderr}`));
      resolve({ acks, signal });
    });
  });
}

describe('crash safety (SIGKILL mid-upload)', () => {
  it('every acknowledged upload survives with its exact bytes; no partial rows', async () => {
    const all: Ack[] = [];
    for (const killAfter of [25, 40, 60]) {
      const { acks, signal } = await runAndKill(killAfter);
      expect(signal).toBe('SIGKILL');
      expect(acks.length).toBeGreaterThanOrEqual(killAfter);
      all.push(...acks);
    }

    const raw = new Database(path.join(dir, DB_FILE_NAME));
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    const partial = raw.prepare('SELECT count(*) AS n FROM traces WHERE size != length(blob)').get() as { n: number };
    expect(partial.n).toBe(0);
    const total = raw.prepare('SELECT count(*) AS n FROM traces').get() as { n: number };
    // Every ack is there; at most one unacknowledged row per kill (committed, killed before printing).
    expect(total.n).toBeGreaterThanOrEqual(all.length);
    expect(total.n).toBeLessThanOrEqual(all.length + 3);
    raw.close();

    const store = new SqliteTraceStore({ dir, orphanGraceMs: 0 });
    try {
      for (const ack of all) {
        const got = await store.get(ack.id);
        expect(got?.bytes.byteLength, ack.id).toBe(ack.size);
        expect(
          createHash('sha256')
            .update(got?.bytes ?? Buffer.alloc(0))
            .digest('hex'),
        ).toBe(ack.sha256);
      }
      // Every acknowledged upload was confirmed: a sweep with no grace keeps them all.
      const swept = await store.sweep();
      expect(swept).toBeLessThanOrEqual(3);
      for (const ack of all) expect(await store.get(ack.id), ack.id).toBeDefined();
    } finally {
      await store.close();
    }
  });
});

describe('orphans (stored, but the id never left the process)', () => {
  it('a writer killed between its puts and their confirmations leaves rows the next sweep removes; nothing else goes', async () => {
    const into = mkdtempSync(path.join(os.tmpdir(), 'loupe-orphans-'));
    try {
      const confirmed = await runAndKill(5, into, 'confirm');
      const orphans = await runAndKill(5, into, 'orphans');
      expect(orphans.signal).toBe('SIGKILL');
      const store = new SqliteTraceStore({ dir: into, orphanGraceMs: 0 });
      try {
        for (const o of orphans.acks) expect(await store.get(o.id)).toBeDefined();
        expect(await store.sweep()).toBeGreaterThanOrEqual(orphans.acks.length);
        for (const o of orphans.acks) expect(await store.get(o.id), o.id).toBeUndefined();
        for (const c of confirmed.acks) expect(await store.get(c.id), c.id).toBeDefined();
        const raw = new Database(path.join(into, DB_FILE_NAME), { readonly: true });
        expect(raw.prepare('SELECT count(*) AS n FROM traces WHERE confirmed = 0').get()).toEqual({ n: 0 });
        raw.close();
      } finally {
        await store.close();
      }
    } finally {
      rmSync(into, { recursive: true, force: true });
    }
  });
});
