/**
 * The project a file belongs to, from its name relative to what the user gave (its first segment is the folder given,
 * as `loupe stats <folder>` and a browser's folder picker both name files): the folder under the projects root.
 * Subagent files (`<session>/subagents/agent-*.jsonl`) belong to the project of their session; files directly in the
 * folder given belong to that folder. A bare file name has no project of its own: `fallback` is used.
 */
export function projectOf(name: string, fallback: string): string {
  const segs = name.split('/').filter((s) => s.length > 0);
  if (segs.length < 2) return fallback;
  const root = segs[0] ?? fallback;
  let dirs = segs.slice(1, -1);
  if (dirs[dirs.length - 1] === 'subagents') dirs = dirs.slice(0, -2);
  // A Claude config folder given instead of its projects folder.
  if (dirs[0] === 'projects' && dirs.length >= 2) dirs = dirs.slice(1);
  return dirs[0] ?? root;
}

/**
 * The folder name could be Claude Code's for this working directory: the same characters, but for a `-` where the path
 * has a character that is not a letter or digit (`/home/me/x.y` → `-home-me-x-y`; older versions kept some, as the
 * `_` of `-src-experiments-claude_p`).
 */
export function isProjectFolderOf(folder: string, cwd: string): boolean {
  if (folder.length !== cwd.length) return false;
  for (let i = 0; i < folder.length; i++) {
    const f = folder[i] ?? '';
    const c = cwd[i] ?? '';
    if (f !== c && !(f === '-' && !/[a-zA-Z0-9]/.test(c))) return false;
  }
  return true;
}

/** A path with the user's home folder as `~` (`/home/me/x`, `/Users/me/x`, `/root/x`, `C:\Users\me\x`). */
export function homeShort(cwd: string): string {
  const m = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root|[A-Za-z]:\\Users\\[^\\]+)(?=$|[/\\])/.exec(cwd);
  return m ? `~${cwd.slice(m[0].length)}` : cwd;
}

/**
 * What a project folder's name stands for: the working directory it was named after, home as `~`, where a `cwd` of
 * its lines spells it (`-home-me-experiments-worktrees` → `~/experiments/worktrees`); else the name without its
 * leading dash (which dashes were slashes cannot be known). A folder that is not a project's stays as it is.
 */
export function projectPath(folder: string, cwds: Iterable<string | undefined> = []): string {
  for (const cwd of cwds)
    if (cwd !== undefined && cwd.length > 1 && isProjectFolderOf(folder, cwd)) return homeShort(cwd);
  return folder.startsWith('-') && folder.length > 1 ? folder.slice(1) : folder;
}

/** Per project folder, its path (`projectPath`) from the `cwd`s of its files. */
export function projectPaths(
  files: Iterable<{ readonly project: string; readonly cwd?: string | undefined }>,
): Map<string, string> {
  const cwds = new Map<string, (string | undefined)[]>();
  for (const f of files) {
    const list = cwds.get(f.project);
    if (list) list.push(f.cwd);
    else cwds.set(f.project, [f.cwd]);
  }
  const out = new Map<string, string>();
  for (const [project, list] of cwds) out.set(project, projectPath(project, list));
  return out;
}
