// Whether a Blob can be a transcript, from its first bytes: what the home page says of a dropped file before opening it,
// and the viewer of a file loaded by URL.

export const ACCEPTS =
  'Loupe reads Claude Code session files and Agent SDK stream-json output (.jsonl), JSON documents of SDK messages (.json), and either gzipped (.gz).';

const MAGIC: readonly [string, readonly number[]][] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
];

/** Why a file is not read as a transcript: short for a list ("not a transcript (PNG image)"), and as a sentence. */
export interface NotATranscript {
  readonly reason: string;
  readonly sentence: string;
}

/** Undefined when the first 4 KB can start a transcript (JSON, or gzip); else why not, naming the file by `path`. */
export async function sniffBlob(path: string, blob: Blob): Promise<NotATranscript | undefined> {
  const head = new Uint8Array(await blob.slice(0, 4096).arrayBuffer());
  // An empty file is an empty trace, not a wrong one.
  if (head.length === 0) return undefined;
  for (const [what, magic] of MAGIC)
    if (magic.every((b, i) => head[i] === b))
      return {
        reason: `not a transcript (${what.replace(/^an? /, '')})`,
        sentence: `${path} is ${what}, not a transcript.`,
      };
  if (head[0] === 0x1f && head[1] === 0x8b) return undefined;
  // Windows PowerShell 5 writes `>` redirections as UTF-16: the text is there, in an encoding the reader does not take.
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    return {
      reason: 'not UTF-8 (UTF-16 text)',
      sentence: `${path} is UTF-16 text: Loupe reads UTF-8. Save it as UTF-8 (in PowerShell: Out-File -Encoding utf8) and open it again.`,
    };
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') {
    if (isBinary(head))
      return {
        reason: 'not a transcript (binary file)',
        sentence: `${path} is a binary file, not text: it is not a transcript.`,
      };
    const line = text.split('\n', 1)[0]?.slice(0, 60) ?? '';
    return {
      reason: 'not JSONL (its first line is not JSON)',
      sentence: `${path} does not look like JSONL: its first line is not JSON (${JSON.stringify(line)}).`,
    };
  }
  return undefined;
}

/** Bytes that are not UTF-8 text: invalid UTF-8, or control characters no text file holds (NUL and the like). */
function isBinary(head: Uint8Array): boolean {
  try {
    // `stream`: a character cut at the end of the 4 KB read is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return true;
  }
  // Tab, newline, form feed, carriage return and escape (terminal colours) are text.
  return head.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b);
}
