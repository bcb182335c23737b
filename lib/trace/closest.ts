/** Edit distance (insertions, deletions, substitutions, swaps of neighbours), giving up past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (before[j - 2] ?? 0) + 1);
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/** Spelling that does not change meaning: case, and `_`, space or `.` for `-`. */
const norm = (s: string): string => s.toLowerCase().replace(/[_\s.]+/g, '-');

/**
 * The candidates a mistyped word most likely meant, best first: same word but for case and separators, then one
 * starting with it or contained in it, then within a few edits (about a third of its length).
 */
export function closest(word: string, candidates: readonly string[], max = 3): string[] {
  const w = norm(word);
  const limit = Math.max(1, Math.floor(w.length / 3));
  const scored: { c: string; score: number }[] = [];
  for (const c of new Set(candidates)) {
    const n = norm(c);
    let score: number;
    if (n === w) score = 0;
    else if (w.length >= 2 && (n.startsWith(w) || w.startsWith(n))) score = 1;
    else if (w.length >= 3 && n.includes(w)) score = 2;
    else {
      const d = editDistance(w, n, limit);
      if (d > limit) continue;
      score = 2 + d;
    }
    scored.push({ c, score });
  }
  scored.sort((a, b) => a.score - b.score || a.c.length - b.c.length || a.c.localeCompare(b.c));
  return scored.slice(0, max).map((s) => s.c);
}
