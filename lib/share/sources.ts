/**
 * Redaction over a whole trace (one or several files) for the Share dialog: scan every line of every file, show each
 * secret masked with where it occurs, and redact the secrets a person kept selected. Pure and isomorphic.
 */

import { groupMatches, redactLines, replaceSecrets, scanLines, type ScanOptions, type SecretMatch } from './redact';
import { ShareRefusedError, residualSecrets, type LoadChecked } from './verify';
import { addMedia, dropInlineMedia, inlineMedia, NO_MEDIA, type InlineMedia } from './media';

export interface ShareFile {
  readonly path: string;
  readonly text: string;
}

export interface SecretOccurrence {
  /** `file:line`, 1-based; `file:first-last` for a secret in pieces over several lines (stream deltas). */
  readonly where: string;
  /** JSON Pointer of the string that holds it, when the line is JSON. */
  readonly field?: string;
  /** Text around it with every secret masked. */
  readonly context: string;
}

export interface SecretView {
  readonly id: string;
  readonly masked: string;
  readonly count: number;
  /** The first few places it occurs. */
  readonly occurrences: readonly SecretOccurrence[];
}

export interface RuleGroupView {
  readonly ruleId: string;
  readonly label: string;
  readonly group: string;
  readonly secrets: readonly SecretView[];
}

export interface ShareScan {
  readonly groups: readonly RuleGroupView[];
  readonly secrets: number;
  readonly occurrences: number;
  readonly lines: number;
  /** Images and documents the files carry inline: shared unless left out (`ShareChoice.dropMedia`). */
  readonly media: InlineMedia;
}

interface Located {
  readonly matches: readonly SecretMatch[];
  /** `matches[i]` came from this file (its `line` is within that file). */
  readonly file: readonly number[];
}

const SHOWN_OCCURRENCES = 3;

/** Lines without their `\n` (a `\r` stays on its line, so joining with `\n` gives the same bytes back). */
function linesOf(text: string): string[] {
  return text.split('\n');
}

/** Each file is scanned on its own (a stream or a message never spans two files); matches keep their file. */
function locate(
  files: readonly ShareFile[],
  opts: ScanOptions | undefined,
): Located & { lineCount: number; media: InlineMedia } {
  const matches: SecretMatch[] = [];
  const file: number[] = [];
  let lineCount = 0;
  let media = NO_MEDIA;
  files.forEach((f, k) => {
    const lines = linesOf(f.text);
    lineCount += lines.filter((l) => l.trim() !== '').length;
    media = addMedia(media, inlineMedia(lines));
    for (const m of [...scanLines(lines, opts), ...nameMatches(f.path, opts)]) {
      matches.push(m);
      file.push(k);
    }
  });
  return { matches, file, lineCount, media };
}

/**
 * Secrets in a file's name, which the recipient's viewer shows (source picker, Raw tab, title): as matches of line 0.
 * A text added to redact that names a customer is often in the file name too.
 */
function nameMatches(path: string, opts: ScanOptions | undefined): SecretMatch[] {
  return scanLines([path], opts).map((m) => ({ ...m, line: 0, path: null }));
}

function whereOf(path: string, m: SecretMatch): string {
  // Not the name itself, which would show the secret whole: the context shows it, masked.
  if (m.line === 0) return 'the file name';
  const lines = (m.pieces ?? []).map((p) => p.line);
  const last = Math.max(m.line, ...lines);
  return last > m.line ? `${path}:${m.line}-${last}` : `${path}:${m.line}`;
}

/** Finds every secret in the files, grouped by rule then by secret, ready to show (masked). */
export function scanFiles(files: readonly ShareFile[], opts?: ScanOptions): ShareScan {
  const loc = locate(files, opts);
  const index = new Map<SecretMatch, number>();
  loc.matches.forEach((m, i) => index.set(m, i));
  const groups = groupMatches(loc.matches, opts).map((g) => ({
    ruleId: g.rule.id,
    label: g.rule.label,
    group: g.rule.group,
    secrets: g.secrets.map((s) => ({
      id: s.id,
      masked: s.masked,
      count: s.occurrences.length,
      occurrences: s.occurrences.slice(0, SHOWN_OCCURRENCES).map((m) => {
        const i = index.get(m) ?? 0;
        return {
          where: whereOf(files[loc.file[i] ?? 0]?.path ?? '?', m),
          context: m.context,
          ...(m.path !== null ? { field: m.path } : {}),
        };
      }),
    })),
  }));
  return {
    groups,
    secrets: groups.reduce((n, g) => n + g.secrets.length, 0),
    occurrences: loc.matches.length,
    lines: loc.lineCount,
    media: loc.media,
  };
}

/** What redacting files did: the files, and the secrets' text, redacted (with the rule that found each) or kept. */
export interface Redaction {
  readonly files: ShareFile[];
  /** Each secret replaced, with the id of the rule whose placeholder replaced it. */
  readonly redacted: ReadonlyMap<string, string>;
  readonly kept: readonly string[];
}

/**
 * The files with every occurrence of every secret found replaced by its placeholder, in every file, except the
 * secrets (by `SecretView.id`) the person chose to keep: sanitized by default, whatever the page sends. Line count,
 * JSON validity, ids, numbers and structure are kept. Also returns the secrets' text, redacted and kept.
 */
function redactEach(files: readonly ShareFile[], keptIds: ReadonlySet<string>, opts?: ScanOptions): Redaction {
  const perFile = files.map((f) => linesOf(f.text));
  const matches = perFile.map((lines, k) => [...scanLines(lines, opts), ...nameMatches(files[k]?.path ?? '', opts)]);
  const secrets = new Map<string, string>();
  const kept = new Set<string>();
  for (const m of matches.flat()) {
    if (keptIds.has(m.id)) kept.add(m.secret);
    else if (!secrets.has(m.secret)) secrets.set(m.secret, m.ruleId);
  }
  // A secret two rules found is redacted unless it was kept under both.
  for (const s of secrets.keys()) kept.delete(s);
  if (secrets.size === 0) return { files: files.slice(), redacted: secrets, kept: [...kept] };
  const all = matches.flat();
  const selected = new Set(secrets.keys());
  const out = files.map((f, k) => ({
    path: replaceSecrets(f.path, secrets),
    text: redactLines(perFile[k] ?? [], selected, { ...opts, matches: all }).join('\n'),
  }));
  return { files: out, redacted: secrets, kept: [...kept] };
}

export function redactFiles(
  files: readonly ShareFile[],
  keptIds: ReadonlySet<string>,
  opts?: ScanOptions,
): ShareFile[] {
  return redactEach(files, keptIds, opts).files;
}

/**
 * `redactFiles`, then the check a trace must pass before it is sealed (`verify.ts`): the redacted files are scanned
 * again and loaded through the real parser and model (`load`: the engine's `loadChecked`), and every text a recipient can rebuild is scanned. Throws
 * `ShareRefusedError` (its message says what and where) when anything not kept is still readable.
 */
export async function redactForShare(
  files: readonly ShareFile[],
  keptIds: ReadonlySet<string>,
  load: LoadChecked,
  opts?: ScanOptions,
): Promise<ShareFile[]> {
  return (await redactChecked(files, keptIds, load, opts)).files;
}

/** `redactForShare`, with what was redacted and kept (to redact the link's view state the same way). */
export async function redactChecked(
  files: readonly ShareFile[],
  keptIds: ReadonlySet<string>,
  load: LoadChecked,
  opts?: ScanOptions,
): Promise<Redaction> {
  const done = redactEach(files, keptIds, opts);
  const residues = await residualSecrets(done.files, done.kept, load, opts);
  if (residues.length > 0) throw new ShareRefusedError(residues);
  return done;
}

/** The files with their inline images and documents left out (see `dropInlineMedia`). */
export function withoutMedia(files: readonly ShareFile[]): ShareFile[] {
  return files.map((f) => ({ path: f.path, text: dropInlineMedia(linesOf(f.text)).join('\n') }));
}

/** Every secret id of a scan: the default selection ("sanitized by default"). */
export function allSecretIds(scan: ShareScan): string[] {
  return scan.groups.flatMap((g) => g.secrets.map((s) => s.id));
}
