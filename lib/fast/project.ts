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
