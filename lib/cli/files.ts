import { closeSync, existsSync, openSync, readdirSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { sniffBlob } from '../engine/sniff';
import { projectOf } from '../trace/project';
import type { SourceInput } from '../trace/parse';
import type { FileTask } from './fast-node';
import { compareText } from '../trace/text-order';

const TRACE_FILE = /\.(jsonl|jsonl\.gz|json|json\.gz)$/i;

/** A trace file found under what the user gave, with the project it belongs to. */
export interface FoundFile extends FileTask {
  readonly project: string;
}

/** What one path given expanded to; `why` when it matched no transcript file (missing, or a folder without any). */
export interface FoundPath {
  readonly arg: string;
  readonly files: readonly FoundFile[];
  readonly why?: string;
}

/**
 * Expands files and folders (recursively) into trace files named relative to the parent of the folder given (so a
 * name starts with that folder's own name, as a browser's folder picker names files). A file given directly belongs
 * to the project of the folder it is in. Each file is read once, however often it is named: a path given twice, a
 * folder and a file inside it, a symlink to a file given too. Folders are expanded first, so a file inside one keeps
 * the name the folder gives it (its subagent layout).
 */
export async function findEach(args: readonly string[]): Promise<FoundPath[]> {
  // Synchronous calls: a projects folder holds hundreds of files, and a promise round trip through libuv's thread pool
  // per stat and realpath cost more than the calls themselves (Node's start is all a CLI run has to wait on here).
  const seen = new Set<string>();
  const once = (real: string): boolean => {
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  };
  const stats = args.map((arg): Stats | undefined => statSync(arg, { throwIfNoEntry: false }));
  const out: (FoundPath | undefined)[] = args.map(() => undefined);
  // Folders first, then files (a file inside a folder given is already there).
  for (const dirs of [true, false]) {
    for (const [i, arg] of args.entries()) {
      const st = stats[i];
      if (!st) {
        if (!dirs) out[i] = { arg, files: [], why: `${arg}: no such file or folder` };
        continue;
      }
      if (st.isDirectory() !== dirs) continue;
      const files: FoundFile[] = [];
      let any = false;
      if (dirs) {
        // Names are relative to the folder's parent: the folder's own name, then the file's place in it.
        const abs = path.resolve(arg);
        const top = path.dirname(abs) === abs ? '' : `${path.basename(abs)}/`;
        const fallback = path.basename(abs);
        // The walk follows no symbolic link, so a file's real path is the folder's real path and the file's place in it.
        const realDir = realpathSync.native(arg);
        for (const rel of walk(arg, '')) {
          any = true;
          if (!once(path.join(realDir, rel))) continue;
          const file = path.join(arg, rel);
          const name = top + (path.sep === '/' ? rel : rel.split(path.sep).join('/'));
          files.push({ path: file, name, size: statSync(file).size, project: projectOf(name, fallback) });
        }
      } else {
        any = true;
        if (once(realpathSync.native(arg))) {
          const abs = path.resolve(arg);
          const dir = path.dirname(abs);
          const project =
            path.basename(dir) === 'subagents' ? path.basename(path.dirname(path.dirname(dir))) : path.basename(dir);
          files.push({ path: arg, name: path.basename(arg), size: st.size, project });
        }
      }
      out[i] = {
        arg,
        files,
        ...(any ? {} : { why: `${arg}: no transcript in this folder (no .jsonl, .jsonl.gz or .json file)` }),
      };
    }
  }
  return out.filter((f): f is FoundPath => f !== undefined);
}

/**
 * The files that are plainly no transcript (an image, a PDF, a ZIP, binary bytes), each with the sentence the home
 * page says of it: their bytes quoted back as lines that are "not JSON" would be noise. Text (one whose first line is
 * not JSON, UTF-16) is left to the reader, which names the lines or the encoding.
 */
export async function notTranscripts(
  files: readonly FoundFile[],
): Promise<{ readonly file: FoundFile; readonly sentence: string }[]> {
  const out: { file: FoundFile; sentence: string }[] = [];
  for (const file of files) {
    const head = new Uint8Array(Math.min(4096, file.size));
    const fd = openSync(file.path, 'r');
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    const why = await sniffBlob(file.path, new Blob([head]));
    if (why?.reason.startsWith('not a transcript')) out.push({ file, sentence: why.sentence });
  }
  return out;
}

/** Every file the paths expand to, each once; a path that does not exist is an error. */
export async function findFiles(args: readonly string[]): Promise<FoundFile[]> {
  const found = await findEach(args);
  const missing = found.find((f) => f.files.length === 0 && f.why?.endsWith('no such file or folder'));
  if (missing?.why) throw new Error(missing.why);
  return found.flatMap((f) => f.files);
}

/** Expands files and folders into parser inputs (the full model's view of the same files). */
export async function collectInputs(args: readonly string[]): Promise<SourceInput[]> {
  return inputsOf(await findFiles(args));
}

/**
 * The size of the chunks a file is read in (a smaller file: its size, from 64 KiB). A plain file is read into one
 * buffer, reused from chunk to chunk (the line reader copies what it keeps of a chunk); a gzip file into a new buffer
 * per chunk, which its inflater may still hold when the next is read. 1 MiB rather than 256 KiB: fewer long lines
 * cross from one chunk to the next (each such line is copied twice to be joined), 0.96x the CPU time of `loupe stats`
 * on a 500 MB session (two interleaved rounds of 7).
 */
export const READ_CHUNK_BYTES = 1 << 20;

/** The chunk size for a file of this size: no 1 MiB buffer for each of a folder's small sessions. */
export const chunkBytesFor = (size: number): number => Math.min(READ_CHUNK_BYTES, Math.max(64 << 10, size));

/**
 * A file's bytes, read synchronously: a CLI has nothing to do while it waits, and a read stream's promises and
 * buffers (each chunk a new buffer outside the JavaScript heap, freed only when a garbage collection finds it dead:
 * the less garbage a load makes, the more of them were left waiting) cost more than the reads.
 */
export function* fileChunks(file: string, size = READ_CHUNK_BYTES): Generator<Uint8Array> {
  const fd = openSync(file, 'r');
  try {
    // A Buffer: its `indexOf` (which the line reader splits with) is memchr, a Uint8Array's a loop.
    let buf = Buffer.allocUnsafeSlow(size);
    let reuse: boolean | undefined;
    for (;;) {
      if (reuse === false) buf = Buffer.allocUnsafeSlow(size);
      const n = readSync(fd, buf, 0, size, null);
      if (n === 0) return;
      reuse ??= !(n >= 2 && buf[0] === 0x1f && buf[1] === 0x8b);
      yield buf.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** Parser inputs over files found. */
export function inputsOf(files: readonly Omit<FoundFile, 'project'>[]): SourceInput[] {
  return files.map((f) => ({ name: f.name, size: f.size, open: () => fileChunks(f.path, chunkBytesFor(f.size)) }));
}

/** The trace files under `root/rel`, as paths relative to `root`, in name order; symbolic links are not followed. */
function walk(root: string, rel: string): string[] {
  const entries = readdirSync(path.join(root, rel), { withFileTypes: true });
  const files: string[] = [];
  for (const e of entries.sort((a, b) => compareText(a.name, b.name))) {
    const p = rel === '' ? e.name : path.join(rel, e.name);
    if (e.isDirectory()) files.push(...walk(root, p));
    else if (e.isFile() && TRACE_FILE.test(e.name)) files.push(p);
  }
  return files;
}

/**
 * Where Claude Code keeps its transcripts: `projects` under each folder of `CLAUDE_CONFIG_DIR` (comma-separated),
 * else under `~/.config/claude` and `~/.claude`, those that exist (as ccusage looks).
 */
export function defaultProjectDirs(
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string[] {
  const configured = (env['CLAUDE_CONFIG_DIR'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const roots = configured.length > 0 ? configured : [path.join(home, '.config', 'claude'), path.join(home, '.claude')];
  return roots.map((r) => path.join(r, 'projects')).filter((p) => existsSync(p));
}
