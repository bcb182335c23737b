import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { projectOf } from '../fast/project';
import type { SourceInput } from '../trace/parse';
import type { FileTask } from './fast-node';

const TRACE_FILE = /\.(jsonl|jsonl\.gz|json|json\.gz)$/i;

/** A trace file found under what the user gave, with the project it belongs to. */
export interface FoundFile extends FileTask {
  readonly project: string;
}

/**
 * Expands files and folders (recursively) into trace files named relative to the parent of the folder given (so a
 * name starts with that folder's own name, as a browser's folder picker names files). A file given directly belongs
 * to the project of the folder it is in.
 */
export async function findFiles(args: readonly string[]): Promise<FoundFile[]> {
  const out: FoundFile[] = [];
  for (const arg of args) {
    const st = await stat(arg);
    if (st.isDirectory()) {
      const base = path.dirname(path.resolve(arg));
      for (const file of await walk(arg)) {
        const name = path.relative(base, path.resolve(file)).split(path.sep).join('/');
        out.push({ path: file, name, size: (await stat(file)).size, project: projectOf(name, path.basename(path.resolve(arg))) });
      }
    } else {
      const abs = path.resolve(arg);
      const dir = path.dirname(abs);
      const project = path.basename(dir) === 'subagents' ? path.basename(path.dirname(path.dirname(dir))) : path.basename(dir);
      out.push({ path: arg, name: path.basename(arg), size: st.size, project });
    }
  }
  return out;
}

/** Expands files and folders into parser inputs (the full model's view of the same files). */
export async function collectInputs(args: readonly string[]): Promise<SourceInput[]> {
  return (await findFiles(args)).map((f) => ({
    name: f.name,
    size: f.size,
    // A Node read stream is an async iterable of Buffers, which are Uint8Arrays.
    open: () => createReadStream(f.path, { highWaterMark: 1 << 20 }),
  }));
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files.push(...(await walk(p)));
    else if (e.isFile() && TRACE_FILE.test(e.name)) files.push(p);
  }
  return files;
}

/**
 * Where Claude Code keeps its transcripts: `projects` under each folder of `CLAUDE_CONFIG_DIR` (comma-separated),
 * else under `~/.config/claude` and `~/.claude`, those that exist (as ccusage looks).
 */
export function defaultProjectDirs(env: Readonly<Record<string, string | undefined>> = process.env, home: string = homedir()): string[] {
  const configured = (env['CLAUDE_CONFIG_DIR'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const roots = configured.length > 0 ? configured : [path.join(home, '.config', 'claude'), path.join(home, '.claude')];
  return roots.map((r) => path.join(r, 'projects')).filter((p) => existsSync(p));
}
