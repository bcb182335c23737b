import { projectPath } from '../trace/project';

// What a trace is called in the tab and the toolbar: its file's name, or for several files the folder they came from
// and how many there are. The same for files dropped on the home page, two runs picked to compare, and a shared trace
// rebuilt from its bundle. A Claude Code project folder is named by the path it stands for (`projectPath`: from the
// files' `cwd` once they are read, else its name without the leading dash), as the library names it.

export function titleOfFiles(paths: readonly string[], cwds: readonly (string | undefined)[] = []): string | undefined {
  const first = paths[0];
  if (first === undefined) return undefined;
  if (paths.length === 1) return first;
  return `${projectPath(first.split('/')[0] || first, cwds)} (${paths.length} files)`;
}
