/**
 * Redaction engine for the Share feature: finds secrets in raw JSONL lines and replaces them.
 *
 * Pure and isomorphic (runs in a browser Web Worker and in Node): no React, Next, DOM or Node imports, no
 * module-level mutable state.
 *
 * How it reads a line. Every line is tokenized (see `json-strings.ts`) into its JSON string *values*, which are
 * decoded before scanning, so a secret is found however it is escaped (a PEM block's `\n`, a password inside the
 * `"command"` of a Bash tool input, a key in a `toolUseResult.stdout` or a stream `text_delta`). Object keys are
 * never scanned or changed. For a line that is not valid JSON (a truncated last line, a plain-text line) the text
 * between string literals is scanned too, as raw text.
 *
 * Never scanned nor changed: object keys, numbers, booleans and null; thinking-block `signature`s; any string value
 * that is a whole id (`toolu_…`, `srvtoolu_…`, `msg_…`, `req_…`, a UUID); base64 payloads (`data`/`base64` fields
 * that are pure base64, and any pure-base64 string of 1 KiB or more, e.g. image blocks). Structural id fields
 * (`uuid`, `sessionId`, `requestId`, `tool_use_id`, `id`, …) are scanned only for token formats (a `ghp_…` in a
 * `request_id`), and a secret found anywhere is replaced there too, by a placeholder numbered per secret
 * (`[REDACTED:github-token:1]`) so that two ids never become one.
 *
 * How it redacts. `redactLines` replaces *every* occurrence of each selected secret in every eligible string value
 * of every line — not only where the scan found it — with `placeholderFor(ruleId)`. Edits are spliced into the raw
 * line inside the string literal, so the rest of the line is byte-for-byte unchanged: valid JSON stays valid, the
 * structure, keys, numbers (token counts, costs, durations) and ids are untouched, and the line count is the same.
 *
 * Text a reader can rebuild from several strings is scanned as one text too (see `chains.ts`): a streamed content
 * block (its deltas joined per block index, `partial_json` read as the tool input JSON), the text blocks of one
 * message (across lines with the same message id), and runs of plain-text lines. A secret found there is reported
 * with every piece (`SecretMatch.pieces`), and redaction replaces the first piece with the placeholder and empties
 * the others, so the rebuilt text reads `…[REDACTED:rule]…` and every line stays valid JSON.
 *
 * Limitations.
 * - Strings that no reader joins (two unrelated fields, a line cut by truncation) are scanned on their own.
 * - Detection is heuristic: context rules (assignments, URLs, headers) skip values that look like placeholders or
 *   code references (`$PASSWORD`, `${DB_PASS}`, `<your-password>`, `changeme`, `process.env.TOKEN`, `string`) and
 *   may miss unusual syntax; custom patterns and literals cover the rest.
 * - A secret that only occurs in an object key or a skipped base64 payload is neither reported nor replaced; the
 *   check before sealing (`verify.ts`) reads keys and refuses such a trace.
 * - Custom patterns run as given; a pathological regex can be slow (run the scan in a worker).
 */

import { ChainCollector, joinChain, piecesOf, type Chain, type Piece } from './chains';
import { forEachString, rawOffsets, type StringSlot } from './json-strings';
import { LITERAL_RULE, type RedactionRule } from './rule-parts';
import {
  Scanner,
  contextFor,
  escapeRegExp,
  hashString,
  listRules,
  maskSecret,
  parseLine,
  slotPolicy,
  type Candidate,
  type ScanOptions,
} from './scanner';

export type { RedactionRule } from './rule-parts';
export { isPlaceholderValue } from './value-checks';
export { listRules, maskSecret, parseLine, validatePattern, type ExtraPattern, type ScanOptions } from './scanner';

export interface SecretMatch {
  /** Stable id of the secret under its rule: `ruleId + ':' + hash(secret)`. Every occurrence of one secret shares it. */
  readonly id: string;
  readonly ruleId: string;
  /** The secret as decoded text (what a reader of the trace sees). */
  readonly secret: string;
  /** 1-based index into the `lines` given to `scanLines`. */
  readonly line: number;
  /**
   * UTF-16 offsets into the raw line: `lines[line - 1].slice(start, end)` is the secret as written in the JSONL,
   * i.e. JSON-escaped (equal to `secret` unless the secret contains characters that JSON escapes, such as a PEM
   * block's line breaks).
   */
  readonly start: number;
  readonly end: number;
  /**
   * JSON Pointer (RFC 6901) of the string value holding the secret, e.g. `/message/content/0/input/command` or
   * `/toolUseResult/stdout`; `null` when the secret is in raw text outside any JSON string (a non-JSON line).
   */
  readonly path: string | null;
  /** UTF-16 offsets of the secret within the decoded string value (or within the raw segment when `path` is null). */
  readonly valueStart: number;
  readonly valueEnd: number;
  /** Up to ~40 characters of decoded text either side, single-line, with this and any other secret masked. */
  readonly context: string;
  /**
   * Set when the secret was found in a text joined from several strings (see `chains.ts`): each piece of it, as
   * 1-based line and raw offsets in that line; `line`, `start`, `end` and `path` above are those of the first.
   */
  readonly pieces?: readonly SecretPiece[];
}

export interface SecretPiece {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

export interface RedactOptions extends ScanOptions {
  /** Matches from a previous `scanLines`, used to pick each secret's placeholder; when absent the lines are re-scanned. */
  readonly matches?: readonly SecretMatch[];
}

/** The replacement text for a secret found by `ruleId`, e.g. `[REDACTED:anthropic-key]`. Contains no character JSON must escape. */
export function placeholderFor(ruleId: string, _secret: string): string {
  const id = ruleId.replace(/[^A-Za-z0-9_.:-]/g, '-') || 'secret';
  return `[REDACTED:${id}]`;
}

/**
 * `text` with each secret of `secrets` (text → id of the rule that found it) replaced by its placeholder, longest
 * first (a secret inside a longer one does not break it): a file name, a link's filter.
 */
export function replaceSecrets(text: string, secrets: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [secret, rule] of [...secrets].sort((a, b) => b[0].length - a[0].length)) {
    if (secret !== '' && out.includes(secret)) out = out.split(secret).join(placeholderFor(rule, secret));
  }
  return out;
}

/** The placeholder in an id field: numbered per secret, so that two different ids stay two ids. */
function idPlaceholder(ruleId: string, n: number): string {
  return placeholderFor(`${ruleId}:${n}`, '');
}

const policyOf = (slot: StringSlot) => slotPolicy(slot.kind, slot.key, slot.text);

/**
 * Walks the lines once: each line's JSON value (when it is JSON) and strings go to `visit` and to a chain collector,
 * whose chains are returned.
 */
function walkLines(lines: readonly string[], visit: (i: number, line: string, slot: StringSlot) => void): Chain[] {
  const chains = new ChainCollector();
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const parsed = parseLine(line);
    chains.line(i, line, parsed);
    forEachString(line, parsed === undefined, (slot) => {
      chains.offer(slot);
      visit(i, line, slot);
    });
    chains.endLine();
  });
  return chains.finish();
}

/**
 * The places in a chain to look at, each with the text to scan: a text chain is one text; a JSON chain (tool input
 * deltas) is read as JSON and each of its strings is a text, mapped back to the joined text by `toJoined`.
 */
interface ChainText {
  readonly text: string;
  readonly key: string | null;
  readonly policy: ReturnType<typeof slotPolicy>;
  readonly path: string | null;
  readonly toJoined: (positions: readonly number[]) => number[];
}

function chainTexts(chain: Chain): { texts: ChainText[]; starts: number[] } {
  const { text, starts } = joinChain(chain);
  if (chain.mode === 'text')
    return { texts: [{ text, key: chain.key, policy: 'all', path: null, toJoined: (p) => p.slice() }], starts };
  const texts: ChainText[] = [];
  forEachString(text, parseLine(text) === undefined, (inner) => {
    texts.push({
      text: inner.text,
      key: inner.key,
      policy: slotPolicy(inner.kind, inner.key, inner.text),
      path: inner.path,
      toJoined: (p) => rawOffsets(text, inner, p),
    });
  });
  return { texts, starts };
}

/**
 * Finds every occurrence of every secret in raw JSONL `lines` (one JSONL record per element, no terminators), in
 * each string and in each text joined from several (`chains.ts`). Returns one match per occurrence, ordered by line
 * and position.
 */
export function scanLines(lines: readonly string[], opts?: ScanOptions): SecretMatch[] {
  const scanner = new Scanner(opts);
  const out: SecretMatch[] = [];
  /** `line:start` of every match in a single string, and `line|secret`: what a chain need not report again. */
  const seen = new Set<string>();
  const chains = walkLines(lines, (i, line, slot) => {
    const found = scanner.scan(slot.text, slot.kind === 'value' ? slot.key : null, policyOf(slot));
    if (found.length === 0) return;
    const raw = rawOffsets(
      line,
      slot,
      found.flatMap((c) => [c.start, c.end]),
    );
    found.forEach((c, k) => {
      const start = raw[2 * k] ?? slot.rawStart + c.start;
      seen.add(`${i}:${start}`).add(`${i}|${c.secret}`);
      out.push({
        id: `${c.ruleId}:${hashString(c.secret)}`,
        ruleId: c.ruleId,
        secret: c.secret,
        line: i + 1,
        start,
        end: raw[2 * k + 1] ?? slot.rawStart + c.end,
        path: slot.path,
        valueStart: c.start,
        valueEnd: c.end,
        context: contextFor(slot.text, found, k),
      });
    });
  });
  const joinedMatches: SecretMatch[] = [];
  for (const chain of chains) {
    const { texts, starts } = chainTexts(chain);
    for (const t of texts) {
      const found = scanner.scan(t.text, t.key, t.policy);
      if (found.length === 0) continue;
      const joined = t.toJoined(found.flatMap((c) => [c.start, c.end]));
      found.forEach((c, k) => {
        const pieces = piecesOf(lines, chain, starts, joined[2 * k] ?? 0, joined[2 * k + 1] ?? 0);
        const first = pieces[0];
        if (!first) return;
        // Found whole in one string already: the string's own match says it.
        if (pieces.length === 1 && (seen.has(`${first.line}:${first.from}`) || seen.has(`${first.line}|${c.secret}`)))
          return;
        joinedMatches.push(chainMatch(c, pieces, first, contextFor(t.text, found, k)));
      });
    }
  }
  // A string holding only a piece of a secret may look like a shorter secret on its own (`-pVq8nT` cut from
  // `-pVq8nTz4Lp2…`): the whole one, found in the joined text, stands for it.
  const isPieceOf = (m: SecretMatch): boolean =>
    joinedMatches.some(
      (j) =>
        j.secret !== m.secret &&
        j.secret.includes(m.secret) &&
        (j.pieces ?? []).some((p) => p.line === m.line && p.start <= m.start && m.end <= p.end),
    );
  const kept = joinedMatches.length > 0 ? out.filter((m) => !isPieceOf(m)) : out;
  return [...kept, ...joinedMatches].sort((a, b) => a.line - b.line || a.start - b.start);
}

function chainMatch(c: Candidate, pieces: readonly Piece[], first: Piece, context: string): SecretMatch {
  return {
    id: `${c.ruleId}:${hashString(c.secret)}`,
    ruleId: c.ruleId,
    secret: c.secret,
    line: first.line + 1,
    start: first.from,
    end: first.to,
    path: first.slot.path,
    valueStart: first.valueFrom,
    valueEnd: first.valueTo,
    context,
    pieces: pieces.map((p) => ({ line: p.line + 1, start: p.from, end: p.to })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Grouping for the dialog
// ---------------------------------------------------------------------------------------------------------------

export interface FoundSecret {
  /** `SecretMatch.id`. */
  readonly id: string;
  readonly ruleId: string;
  readonly secret: string;
  readonly masked: string;
  readonly occurrences: readonly SecretMatch[];
}

export interface RuleGroup {
  readonly rule: RedactionRule;
  readonly secrets: readonly FoundSecret[];
}

/** Matches grouped by rule (in `listRules(opts)` order), then by secret (in order of first occurrence). */
export function groupMatches(matches: readonly SecretMatch[], opts?: ScanOptions): RuleGroup[] {
  const bySecret = new Map<string, SecretMatch[]>();
  for (const m of matches) {
    const list = bySecret.get(m.id);
    if (list) list.push(m);
    else bySecret.set(m.id, [m]);
  }
  return listRules(opts).flatMap((rule) => {
    const secrets: FoundSecret[] = [];
    for (const [id, occurrences] of bySecret) {
      const first = occurrences[0];
      if (!first || first.ruleId !== rule.id) continue;
      secrets.push({ id, ruleId: rule.id, secret: first.secret, masked: maskSecret(first.secret), occurrences });
    }
    return secrets.length > 0 ? [{ rule, secrets }] : [];
  });
}

/** The default selection ("sanitized by default"): every secret that was found. */
export function defaultSelection(matches: readonly SecretMatch[]): Set<string> {
  return new Set(matches.map((m) => m.secret));
}

// ---------------------------------------------------------------------------------------------------------------
// Redaction
// ---------------------------------------------------------------------------------------------------------------

interface Edit {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

/** Applies edits to a line; overlapping edits are merged into one that covers both (the earlier one's text). */
function applyEdits(line: string, edits: Edit[]): string {
  edits.sort((a, b) => a.from - b.from || b.to - a.to);
  const merged: Edit[] = [];
  for (const e of edits) {
    const last = merged[merged.length - 1];
    if (last && e.from < last.to)
      merged[merged.length - 1] = { from: last.from, to: Math.max(last.to, e.to), text: last.text };
    else if (e.to > e.from || e.text !== '') merged.push(e);
  }
  let result = line;
  for (let k = merged.length - 1; k >= 0; k--) {
    const e = merged[k];
    if (e) result = result.slice(0, e.from) + e.text + result.slice(e.to);
  }
  return result;
}

/**
 * Returns new lines where every occurrence of each secret in `selectedSecrets` is replaced by
 * `placeholderFor(ruleId, secret)`: in any eligible string value, in the raw text of non-JSON lines, and in every
 * text joined from several strings (`chains.ts`), where the first piece of the secret becomes the placeholder and
 * the others become empty. The rule is the one that found the secret (`literal` for a secret no rule found). Lines
 * without a selected secret are returned as is.
 */
export function redactLines(
  lines: readonly string[],
  selectedSecrets: ReadonlySet<string>,
  opts?: RedactOptions,
): string[] {
  const secrets = [...selectedSecrets].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return lines.slice();
  const ruleOf = new Map<string, string>();
  for (const m of opts?.matches ?? scanLines(lines, opts)) if (!ruleOf.has(m.secret)) ruleOf.set(m.secret, m.ruleId);
  const placeholder = (secret: string) => placeholderFor(ruleOf.get(secret) ?? LITERAL_RULE.id, secret);
  const number = new Map(secrets.map((s, k) => [s, k + 1]));
  const find = new RegExp(secrets.map(escapeRegExp).join('|'), 'g');
  const hitsIn = (text: string): { readonly at: number; readonly secret: string }[] => {
    find.lastIndex = 0;
    const hits: { at: number; secret: string }[] = [];
    for (let m = find.exec(text); m !== null; m = find.exec(text)) hits.push({ at: m.index, secret: m[0] });
    return hits;
  };
  const edits = new Map<number, Edit[]>();
  const edit = (i: number, e: Edit): void => {
    const list = edits.get(i);
    if (list) list.push(e);
    else edits.set(i, [e]);
  };

  const chains = walkLines(lines, (i, line, slot) => {
    const policy = policyOf(slot);
    if (policy === 'skip') return;
    const hits = hitsIn(slot.text);
    if (hits.length === 0) return;
    const raw = rawOffsets(
      line,
      slot,
      hits.flatMap((h) => [h.at, h.at + h.secret.length]),
    );
    hits.forEach((h, k) => {
      const from = raw[2 * k];
      const to = raw[2 * k + 1];
      const text =
        policy === 'ids'
          ? idPlaceholder(ruleOf.get(h.secret) ?? LITERAL_RULE.id, number.get(h.secret) ?? 0)
          : placeholder(h.secret);
      if (from !== undefined && to !== undefined) edit(i, { from, to, text });
    });
  });
  for (const chain of chains) {
    const { texts, starts } = chainTexts(chain);
    for (const t of texts) {
      if (t.policy === 'skip') continue;
      const hits = hitsIn(t.text);
      if (hits.length === 0) continue;
      const joined = t.toJoined(hits.flatMap((h) => [h.at, h.at + h.secret.length]));
      hits.forEach((h, k) => {
        const pieces = piecesOf(lines, chain, starts, joined[2 * k] ?? 0, joined[2 * k + 1] ?? 0);
        // A secret whole in one string of a text chain was replaced there already.
        if (chain.mode === 'text' && pieces.length < 2) return;
        pieces.forEach((p, n) => edit(p.line, { from: p.from, to: p.to, text: n === 0 ? placeholder(h.secret) : '' }));
      });
    }
  }
  return lines.map((line, i) => {
    const list = edits.get(i);
    return list ? applyEdits(line, list) : line;
  });
}
