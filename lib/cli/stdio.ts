import { writeSync } from 'node:fs';

// The CLI's output, written to the file descriptors directly. `process.stdout` is made on first use, and making it
// loads Node's stream modules (and net's, for a pipe): 10-15 ms of CPU at every run's start, for one write.

/** A writer of whole lines to `fd`: synchronous writes, as Node's own stdout does to files and pipes on Linux. Should
 *  a write fail (a non-blocking descriptor that is full, a reader gone), that text and all later go to `stream()`,
 *  Node's stream for the descriptor, which waits or reports the error as before. */
export function fdWriter(fd: number, stream: () => NodeJS.WritableStream): (text: string) => void {
  let fallback: NodeJS.WritableStream | undefined;
  return (text) => {
    if (fallback) {
      fallback.write(text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    let at = 0;
    try {
      while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
    } catch {
      fallback = stream();
      fallback.write(bytes.subarray(at));
    }
  };
}

/** C0 controls but tab and newline, DEL and C1 controls: what a terminal may act on rather than show. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text made safe to print: every control character a terminal could act on (an escape sequence that recolours, sets
 * the title, writes the clipboard) shown as its `\uXXXX` escape instead. Model ids, agent names and paths come from
 * transcripts, which are untrusted. JSON stays JSON with the same values: `JSON.stringify` already escapes C0, and
 * `\u007f`-`\u009f` are valid escapes of the characters they replace.
 */
export function inert(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
