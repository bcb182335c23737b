// A long tool output cut where the model stops reading it (lib/fast/clip.ts, the workbench's load): its first
// characters, then how many were cut off, between two NULs. `clampText` never reaches the mark (a cut string keeps one
// character more than the clamp); `fullLength` counts the cut characters back in.

const NUL = '\u0000';

/** The mark a cut string's kept bytes are followed by in the line's JSON text: `\u0000<count>\u0000`, escaped. */
export function cutMark(units: number): string {
  return `\\u0000${units}\\u0000`;
}

/** The length a text of a cut line (`NormalizeOptions.cut`) had before any string in it was cut: its NULs are all
 *  marks (a line with a NUL of its own in those places is never cut: wasm/clip.ts). A whole line's text is not read
 *  so: its NULs are its own. */
export function fullLength(s: string): number {
  let n = s.length;
  for (let i = s.indexOf(NUL); i >= 0; ) {
    const j = s.indexOf(NUL, i + 1);
    if (j < 0) break;
    n += Number(s.slice(i + 1, j)) - (j - i + 1);
    i = s.indexOf(NUL, j + 1);
  }
  return n;
}
