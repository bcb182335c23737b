import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultProjectDirs, findEach, type FoundFile } from './files';

// What `loupe diff` reads for each side: a file, a folder (with its subagent files), or a session id (or the start of
// one) looked up in the projects folders, which brings the session's subagent files (`<id>/subagents/…`) with it.

export type Run =
  | { readonly arg: string; readonly files: readonly FoundFile[] }
  | { readonly arg: string; readonly why: string };

const SESSION_ID = /^[0-9a-f][0-9a-f-]{3,}$/i;

/** Session files under the projects folders whose name starts with `id`. */
function sessionFiles(id: string, roots: readonly string[]): string[] {
  const out: string[] = [];
  for (const root of roots) {
    for (const project of readdirSync(root, { withFileTypes: true })) {
      if (!project.isDirectory()) continue;
      const dir = path.join(root, project.name);
      for (const f of readdirSync(dir)) if (f.startsWith(id) && f.endsWith('.jsonl')) out.push(path.join(dir, f));
    }
  }
  return out;
}

export async function resolveRun(
  arg: string,
  env?: Readonly<Record<string, string | undefined>>,
  home?: string,
): Promise<Run> {
  if (statSync(arg, { throwIfNoEntry: false }) || !SESSION_ID.test(arg)) {
    const [found] = await findEach([arg]);
    return found?.why !== undefined ? { arg, why: found.why } : { arg, files: found?.files ?? [] };
  }
  const roots = defaultProjectDirs(env, home);
  const matches = sessionFiles(arg, roots);
  if (matches.length === 0) {
    const where = roots.length > 0 ? roots.join(', ') : 'no projects folder found';
    return { arg, why: `${arg}: no such file or folder, and no session with that id under ${where}` };
  }
  if (matches.length > 1)
    return {
      arg,
      why: `${arg}: ${matches.length} sessions start with that id (${matches.map((m) => path.basename(m, '.jsonl')).join(', ')})`,
    };
  const file = matches[0] ?? '';
  const folder = file.slice(0, -'.jsonl'.length);
  const paths = statSync(folder, { throwIfNoEntry: false })?.isDirectory() ? [file, folder] : [file];
  return { arg, files: (await findEach(paths)).flatMap((f) => f.files) };
}
