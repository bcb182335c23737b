// What a trace is called in the tab and the toolbar: its file's name, or for several files the folder they came from
// and how many there are. The same for files dropped on the home page and for a shared trace rebuilt from its bundle.

export function titleOfFiles(paths: readonly string[]): string | undefined {
  const first = paths[0];
  if (first === undefined) return undefined;
  if (paths.length === 1) return first;
  return `${first.split('/')[0] || first} (${paths.length} files)`;
}
