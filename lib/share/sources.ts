/**
 * Redaction over a whole trace (one or several files) for the Share dialog: scan every line of every file, show each
 * secret masked with where it occurs, and redact the secrets a person kept selected. Pure and isomorphic.
 */

import { groupMatches, redactLines, scanLines, type ScanOptions, type SecretMatch } from './redact';

export interface ShareFile {
  readonly path: string;
  readonly text: string;
}

export interface SecretOccurrence {
  /** `file:line`, 1-based. */
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
}

interface Located {
  readonly matches: readonly SecretMatch[];
  /** `matches[i]` came from this file. */
  readonly file: readonly number[];
  /** Line number within that file. */
  readonly line: readonly number[];
}

const SHOWN_OCCURRENCES = 3;

/** Lines without their `\n` (a `\r` stays on its line, so joining with `\n` gives the same bytes back). */
function linesOf(text: string): string[] {
  return text.split('\n');
}

/** The scanner sees every file's lines as one list; this maps each match back to its file and line. */
function locate(files: readonly ShareFile[], opts: ScanOptions | undefined): Located & { lineCount: number } {
  const all: string[] = [];
  const starts: number[] = [];
  for (const f of files) {
    starts.push(all.length);
    for (const l of linesOf(f.text)) all.push(l);
  }
  const matches = scanLines(all, opts);
  const file: number[] = [];
  const line: number[] = [];
  for (const m of matches) {
    let k = starts.length - 1;
    while (k > 0 && (starts[k] ?? 0) >= m.line) k--;
    file.push(k);
    line.push(m.line - (starts[k] ?? 0));
  }
  return { matches, file, line, lineCount: all.filter((l) => l.trim() !== '').length };
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
        return { where: `${files[loc.file[i] ?? 0]?.path ?? '?'}:${loc.line[i] ?? 0}`, context: m.context, ...(m.path !== null ? { field: m.path } : {}) };
      }),
    })),
  }));
  return { groups, secrets: groups.reduce((n, g) => n + g.secrets.length, 0), occurrences: loc.matches.length, lines: loc.lineCount };
}

/**
 * The files with every occurrence of every secret found replaced by its placeholder, in every file, except the
 * secrets (by `SecretView.id`) the person chose to keep: sanitized by default, whatever the page sends. Line count,
 * JSON validity, ids, numbers and structure are kept.
 */
export function redactFiles(files: readonly ShareFile[], keptIds: ReadonlySet<string>, opts?: ScanOptions): ShareFile[] {
  const all: string[] = [];
  for (const f of files) for (const l of linesOf(f.text)) all.push(l);
  const matches = scanLines(all, opts);
  const secrets = new Set<string>();
  for (const m of matches) if (!keptIds.has(m.id)) secrets.add(m.secret);
  if (secrets.size === 0) return files.slice();
  const redacted = redactLines(all, secrets, { ...opts, matches });
  const out: ShareFile[] = [];
  let at = 0;
  for (const f of files) {
    const n = linesOf(f.text).length;
    out.push({ path: f.path, text: redacted.slice(at, at + n).join('\n') });
    at += n;
  }
  return out;
}

/** Every secret id of a scan: the default selection ("sanitized by default"). */
export function allSecretIds(scan: ShareScan): string[] {
  return scan.groups.flatMap((g) => g.secrets.map((s) => s.id));
}
