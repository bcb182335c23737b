// An error loading a trace that trying again cannot fix (the trace was deleted, the link is damaged, the URL answered
// 404): the error view then offers no "Try again", which only helps where the next attempt can go otherwise (a network
// error, a 5xx, a file that changed while it was read).

export class FinalError extends Error {
  readonly final = true;
}

export const isFinal = (err: unknown): boolean => err instanceof Error && 'final' in err && err.final === true;
