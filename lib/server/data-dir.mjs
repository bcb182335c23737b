// Server-only, plain JavaScript (server.mjs checks the folder at start, without a build; the SQLite store again
// when it opens): the share store's data folder is private to the user the server runs as.

import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * Creates `dir` (mkdir -p, 0700) if missing. An existing folder that others may read or enter (0755 from a plain
 * `mkdir`) is made 0700; returns its mode before, in octal, when it was changed. Throws, in words, when `dir` is not a
 * folder or cannot be made private (another user owns it).
 * @param {string} dir
 * @returns {string | undefined}
 */
export function privateDataDir(dir) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    // A file in its place: said below. Anything else (no permission on the parent) as it is.
    if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
  }
  const st = statSync(dir);
  if (!st.isDirectory())
    throw new Error(`The share store's data folder ${dir} is not a folder. Set LOUPE_DATA_DIR to a folder.`);
  const mode = st.mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  try {
    chmodSync(dir, 0o700);
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : 'unknown error';
    throw new Error(
      `The share store's data folder ${dir} is open to other users (mode 0${mode.toString(8)}) and could not be made private (${code}). ` +
        `Run \`chmod 700 ${dir}\` as its owner, or set LOUPE_DATA_DIR to a folder of your own.`,
      { cause: err },
    );
  }
  return `0${mode.toString(8)}`;
}
