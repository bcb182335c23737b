// Live tail moves events: when a file grows, the events of the files after it get later seqs. The page keeps its
// selection (a seq in the URL) through these.

/** Events of the trace before an update that moved: seqs `[from, from + count)` are now `[to, to + count)`. */
export interface SeqMove {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** Where an event of the trace before an update is now (its file and line are the same). */
export function movedSeq(seq: number, moves: readonly SeqMove[]): number {
  for (const m of moves) if (seq >= m.from && seq < m.from + m.count) return m.to + (seq - m.from);
  return seq;
}
