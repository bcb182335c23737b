import type { Dialect } from '../trace/parse';
import type { LineRecord, PromptWindow } from '../trace/line-records';
import type { ByteSearch } from './search';

// What a scan of one file gives (lib/fast/scan.ts), and the options it takes.

/**
 * The fast path's view of one file: the records of the lines the stats depend on, in line order. A pure function of
 * the file's bytes, so files (or workers) can be scanned in any order and merged after.
 */
export interface FileScan {
  readonly name: string;
  /** Decompressed bytes. */
  readonly bytes: number;
  readonly records: LineRecord[];
  /** The first session id of any line parsed: lines before it borrow it, as in the full model. */
  readonly firstSessionId?: string;
  /** Lines decoded and parsed (the first lines, and those the prefilter let through). */
  readonly parsedLines: number;
  /** Of those, lines that were not JSON objects. */
  readonly invalidLines: number;
  /** Every typed prompt of the file, when asked for (`ScanOptions.prompts`): what a session library searches. */
  readonly prompts?: ScannedPrompt[];
  /** The first `cwd` of the lines parsed (see `SourceInfo.cwd`). */
  readonly cwd?: string;
  /** Why the file was not read to its end (a gzip file past its inflate limit, or damaged), when it was not. */
  readonly stopped?: string;
}

/** A prompt the user typed (the full model's `user` event with role `prompt`), cut to `SEARCH_PROMPT_CHARS`. */
export interface ScannedPrompt {
  /** The line's own session id. */
  readonly sessionId?: string;
  readonly text: string;
}

/** How much of each prompt is kept for search. */
export const SEARCH_PROMPT_CHARS = 2000;

export interface ScanOptions {
  /** Multi-byte search for bytes outside the SIMD search's memory; Node passes its native `Buffer.prototype.indexOf`. */
  readonly search?: ByteSearch;
  /** Search chunks with WebAssembly SIMD where it runs (default; chunks are copied into its memory unless they are
   *  there already, see `SimdSearch.chunk`). Tests turn it off to check both searches agree. */
  readonly simd?: boolean;
  /** Tests shrink it, so that the prefilter decides nearly every line. */
  readonly window?: PromptWindow;
  /**
   * Scan a later part of a file (its bytes from `offset`, starting at a line start): no first prompt is looked for,
   * the file is lines, and its dialect is the one the file's start decided (see `FileScanner.fileDialect`).
   */
  readonly continuation?: { readonly offset: number; readonly dialect: Dialect };
  /** Where the file's tail starts (see `TAIL_BYTES`), for a part of a file: lines that start there or after widen
   *  their sessions' spans. By default the last `TAIL_BYTES` of what is scanned. */
  readonly tailFrom?: number;
  /**
   * Also collect every typed prompt (for search): lines where `"user"` occurs unescaped and `"tool_use_id"` does not
   * (a tool result) are parsed too, for their prompt only; the records (and so every number) stay the same.
   */
  readonly prompts?: boolean;
  /** Lines longer than this are skipped, as the full parser skips them (default 64 MiB). */
  readonly maxLineBytes?: number;
  /** The most bytes a gzip file may inflate to (see `LoadLimits`). */
  readonly maxInflateBytes?: number;
  /** Read Claude Code assistant lines off their bytes in WebAssembly (`LeanAssistantReader`) where it can (default);
   *  tests turn it off to compare. */
  readonly lean?: boolean;
}
