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
 * Never scanned nor changed: object keys, numbers, booleans and null; thinking-block `signature`s; structural id
 * fields (`uuid`, `parentUuid`, `sessionId`, `requestId`, `tool_use_id`, `id`, …); any string value that is a whole
 * id (`toolu_…`, `srvtoolu_…`, `msg_…`, `req_…`, a UUID); base64 payloads (`data`/`base64` fields that are pure
 * base64, and any pure-base64 string of 1 KiB or more, e.g. image blocks).
 *
 * How it redacts. `redactLines` replaces *every* occurrence of each selected secret in every eligible string value
 * of every line — not only where the scan found it — with `placeholderFor(ruleId)`. Edits are spliced into the raw
 * line inside the string literal, so the rest of the line is byte-for-byte unchanged: valid JSON stays valid, the
 * structure, keys, numbers (token counts, costs, durations) and ids are untouched, and the line count is the same.
 *
 * Limitations.
 * - A secret split across several string values (e.g. across two streaming `text_delta` events, or cut by a
 *   truncated line) is not found; each part is scanned on its own. The assembled assistant message usually also
 *   exists in the trace and is caught there, and a part that the user selects is still replaced wherever it occurs.
 * - Detection is heuristic: context rules (assignments, URLs, headers) skip values that look like placeholders or
 *   code references (`$PASSWORD`, `${DB_PASS}`, `<your-password>`, `changeme`, `process.env.TOKEN`, `string`) and
 *   may miss unusual syntax; custom patterns and literals cover the rest.
 * - A secret that only occurs in an object key, an id field or a skipped base64 payload is neither reported nor
 *   replaced.
 * - Custom patterns run as given; a pathological regex can be slow (run the scan in a worker).
 */

import { forEachString, rawOffsets, type StringSlot } from './json-strings';
import {
  BUILTIN_RULES,
  LITERAL_RULE,
  SECRET_FIELD_RULE,
  acceptFieldValue,
  compileBuiltinRules,
  secretFieldName,
  type CompiledRule,
  type RedactionRule,
} from './redact-rules';

export type { RedactionRule } from './redact-rules';
export { isPlaceholderValue } from './redact-rules';

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
}

export interface ExtraPattern {
  readonly label: string;
  /** Regular expression source. If it has a named group `secret`, only that group is the secret. */
  readonly pattern: string;
  /** Optional flags among `i`, `m`, `s`, `u` (others are ignored). */
  readonly flags?: string;
}

export interface ScanOptions {
  /** User-added patterns; each becomes rule `custom-<n>` (1-based position in this array). Invalid ones are skipped. */
  readonly extraPatterns?: readonly ExtraPattern[];
  /** User-added literal strings (exact, case-sensitive); rule `literal`. */
  readonly literals?: readonly string[];
}

export interface RedactOptions extends ScanOptions {
  /** Matches from a previous `scanLines`, used to pick each secret's placeholder; when absent the lines are re-scanned. */
  readonly matches?: readonly SecretMatch[];
}

/** Keys whose string values are structural ids or signatures: never scanned, never replaced. */
const SKIP_KEYS: readonly string[] = Object.freeze([
  'signature',
  'id',
  'uuid',
  'parentUuid',
  'logicalParentUuid',
  'leafUuid',
  'sessionId',
  'session_id',
  'requestId',
  'request_id',
  'tool_use_id',
  'toolUseID',
  'parent_tool_use_id',
  'messageId',
  'message_id',
  'agentId',
  'promptId',
]);

// ---------------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------------

/** 64-bit non-cryptographic hash (cyrb53-style), as 16 hex digits. */
function hashString(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\\/-]/g, '\\$&');
}

function isJsonLine(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

function isPureBase64(s: string): boolean {
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(s);
}

/** A whole string that is an id: tool_use / message / request ids, UUIDs. */
function isIdValue(s: string): boolean {
  if (s.length > 200) return false;
  return (
    /^(?:toolu|srvtoolu|msg|req|call|chatcmpl|resp|file|batch|run|thread|asst|evt)_[A-Za-z0-9_]{8,}$/.test(s) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
  );
}

/** String values that are never scanned nor replaced. */
function isSkippedValue(slot: StringSlot): boolean {
  if (slot.kind !== 'value') return false;
  const { key, text } = slot;
  if (key !== null && SKIP_KEYS.includes(key)) return true;
  if (isIdValue(text)) return true;
  if ((key === 'data' || key === 'base64') && text.length >= 64 && isPureBase64(text)) return true;
  if (text.length >= 1024 && isPureBase64(text)) return true;
  return false;
}

/** A partially masked rendering of a secret for display, e.g. `sk-ant-api03-…AbCd`. Never the whole secret. */
export function maskSecret(secret: string): string {
  const pem = /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/.exec(secret);
  if (pem) return pem[0] + '…';
  const prefix =
    /^(?:sk-ant-[a-z]+\d\d-|sk-(?:proj|svcacct|admin|None)-|sk-|gh[pousr]_|github_pat_|glpat-|xox[a-z]-|xapp-|AKIA|ASIA|AIza|ya29\.|GOCSPX-|[sr]k_(?:live|test)_|whsec_|npm_|eyJ|https:\/\/hooks\.slack\.com\/)/.exec(
      secret,
    )?.[0] ?? '';
  const rest = secret.length - prefix.length;
  if (prefix !== '') return rest >= 12 ? `${prefix}…${secret.slice(-4)}` : `${prefix}…`;
  if (secret.length >= 16) return `${secret.slice(0, 2)}…${secret.slice(-2)}`;
  return '••••••';
}

/** The replacement text for a secret found by `ruleId`, e.g. `[REDACTED:anthropic-key]`. Contains no character JSON must escape. */
export function placeholderFor(ruleId: string, _secret: string): string {
  const id = ruleId.replace(/[^A-Za-z0-9_.:-]/g, '-') || 'secret';
  return `[REDACTED:${id}]`;
}

/** Null when `pattern` (with `flags`) is a usable custom pattern, else the reason it is not. */
export function validatePattern(pattern: string, flags = ''): string | null {
  if (pattern.trim() === '') return 'The pattern is empty.';
  try {
    const r = new RegExp(pattern, cleanFlags(flags));
    if (r.test('')) return 'The pattern matches the empty string.';
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : 'Invalid regular expression.';
  }
}

function cleanFlags(flags: string): string {
  return [...new Set(flags.split(''))].filter((f) => 'imsu'.includes(f)).join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------------

function customRuleOf(p: ExtraPattern, index: number): RedactionRule {
  return { id: `custom-${index + 1}`, label: p.label.trim() || `Custom pattern ${index + 1}`, group: 'Custom' };
}

/**
 * The rules a scan with `opts` uses, for display: the built-in rules, then one `custom-<n>` rule per valid extra
 * pattern, then `literal` when literals are given.
 */
export function listRules(opts?: ScanOptions): readonly RedactionRule[] {
  if (!opts) return BUILTIN_RULES;
  const custom = (opts.extraPatterns ?? []).flatMap((p, i) =>
    validatePattern(p.pattern, p.flags) === null ? [customRuleOf(p, i)] : [],
  );
  const literal = (opts.literals ?? []).some((l) => l !== '') ? [LITERAL_RULE] : [];
  return [...BUILTIN_RULES, ...custom, ...literal];
}

/** Compiled rules in priority order: specific token formats, custom patterns, literals, then context rules. */
function compileRules(opts?: ScanOptions): CompiledRule[] {
  const builtins = compileBuiltinRules();
  const custom: CompiledRule[] = [];
  (opts?.extraPatterns ?? []).forEach((p, i) => {
    if (validatePattern(p.pattern, p.flags) !== null) return;
    custom.push({ ...customRuleOf(p, i), tier: 'specific', hint: null, patterns: [{ re: new RegExp(p.pattern, 'dg' + cleanFlags(p.flags ?? '')) }] });
  });
  const literals = [...new Set(opts?.literals ?? [])].filter((l) => l !== '').sort((a, b) => b.length - a.length);
  if (literals.length > 0) {
    custom.push({ ...LITERAL_RULE, tier: 'specific', hint: null, patterns: [{ re: new RegExp(literals.map(escapeRegExp).join('|'), 'dg') }] });
  }
  return [...builtins.filter((r) => r.tier === 'specific'), ...custom, ...builtins.filter((r) => r.tier === 'generic')];
}

// ---------------------------------------------------------------------------------------------------------------
// Scanning
// ---------------------------------------------------------------------------------------------------------------

interface Candidate {
  readonly ruleId: string;
  readonly start: number;
  readonly end: number;
  readonly secret: string;
}

/** The secret's span in a match: the first defined group among `s`, `s1`…`s4` and `secret`, else the whole match. */
function secretSpan(m: RegExpExecArray): [number, number] | undefined {
  const groups = m.indices?.groups;
  if (groups) {
    for (const name of ['s', 's1', 's2', 's3', 's4', 'secret']) {
      const span = groups[name];
      if (span) return span;
    }
  }
  return m.indices?.[0];
}

function overlaps(list: readonly Candidate[], start: number, end: number): boolean {
  for (const c of list) if (start < c.end && c.start < end) return true;
  return false;
}

/** All non-overlapping secrets in one decoded text, earlier rules first, returned in text order. */
function scanText(rules: readonly CompiledRule[], fieldName: RegExp, text: string, key: string | null): Candidate[] {
  const found: Candidate[] = [];
  for (const rule of rules) {
    if (rule.hint && !rule.hint.test(text)) continue;
    for (const { re, accept } of rule.patterns) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const span = secretSpan(m);
        if (!span || span[1] <= span[0]) continue;
        const [start, end] = span;
        const secret = text.slice(start, end);
        if (accept && !accept(secret, m)) continue;
        if (overlaps(found, start, end)) continue;
        found.push({ ruleId: rule.id, start, end, secret });
      }
    }
  }
  // A JSON field with a secret-like name: the whole value.
  if (key !== null && fieldName.test(key)) {
    const trimmed = text.trim();
    const start = text.indexOf(trimmed);
    const end = start + trimmed.length;
    if (trimmed !== '' && acceptFieldValue(trimmed) && !overlaps(found, start, end)) {
      found.push({ ruleId: SECRET_FIELD_RULE.id, start, end, secret: trimmed });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function oneLine(s: string): string {
  return s.replace(/\r\n|\r|\n/g, '⏎').replace(/\t/g, ' ');
}

function contextFor(text: string, found: readonly Candidate[], index: number, radius = 40): string {
  const self = found[index];
  if (!self) return '';
  let w0 = Math.max(0, self.start - radius);
  let w1 = Math.min(text.length, self.end + radius);
  if (w0 > 0 && /[\uDC00-\uDFFF]/.test(text.charAt(w0))) w0++;
  if (w1 < text.length && /[\uD800-\uDBFF]/.test(text.charAt(w1 - 1))) w1--;
  let out = w0 > 0 ? '…' : '';
  let pos = w0;
  for (const c of found) {
    if (c.end <= w0 || c.start >= w1) continue;
    const a = Math.max(c.start, w0);
    if (a > pos) out += oneLine(text.slice(pos, a));
    out += c.start >= w0 && c.end <= w1 ? maskSecret(c.secret) : '•••';
    pos = Math.max(pos, Math.min(c.end, w1));
  }
  if (pos < w1) out += oneLine(text.slice(pos, w1));
  if (w1 < text.length) out += '…';
  return out;
}

/**
 * Finds every occurrence of every secret in raw JSONL `lines` (one JSONL record per element, no terminators).
 * Returns one match per occurrence, ordered by line and position.
 */
export function scanLines(lines: readonly string[], opts?: ScanOptions): SecretMatch[] {
  const rules = compileRules(opts);
  const fieldName = secretFieldName();
  const out: SecretMatch[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    forEachString(line, !isJsonLine(line), (slot) => {
      if (isSkippedValue(slot)) return;
      const found = scanText(rules, fieldName, slot.text, slot.kind === 'value' ? slot.key : null);
      if (found.length === 0) return;
      const raw = rawOffsets(line, slot, found.flatMap((c) => [c.start, c.end]));
      found.forEach((c, k) => {
        out.push({
          id: `${c.ruleId}:${hashString(c.secret)}`,
          ruleId: c.ruleId,
          secret: c.secret,
          line: i + 1,
          start: raw[2 * k] ?? slot.rawStart + c.start,
          end: raw[2 * k + 1] ?? slot.rawStart + c.end,
          path: slot.path,
          valueStart: c.start,
          valueEnd: c.end,
          context: contextFor(slot.text, found, k),
        });
      });
    });
  });
  return out;
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

/**
 * Returns new lines where every occurrence of each secret in `selectedSecrets` (in any eligible string value, and
 * in the raw text of non-JSON lines) is replaced by `placeholderFor(ruleId, secret)`; the rule is the one that
 * found the secret (`literal` for a secret no rule found). Lines without a selected secret are returned as is.
 */
export function redactLines(lines: readonly string[], selectedSecrets: ReadonlySet<string>, opts?: RedactOptions): string[] {
  const secrets = [...selectedSecrets].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return lines.slice();
  const ruleOf = new Map<string, string>();
  for (const m of opts?.matches ?? scanLines(lines, opts)) if (!ruleOf.has(m.secret)) ruleOf.set(m.secret, m.ruleId);
  const source = secrets.map(escapeRegExp).join('|');
  const anywhere = new RegExp(source);
  const find = new RegExp(source, 'g');

  return lines.map((line) => {
    // Without a backslash every decoded string is its raw slice, so a secret absent from the raw line is absent.
    if (!line.includes('\\') && !anywhere.test(line)) return line;
    const edits: Edit[] = [];
    forEachString(line, !isJsonLine(line), (slot) => {
      if (isSkippedValue(slot)) return;
      find.lastIndex = 0;
      const hits: { readonly at: number; readonly secret: string }[] = [];
      for (let m = find.exec(slot.text); m !== null; m = find.exec(slot.text)) hits.push({ at: m.index, secret: m[0] });
      if (hits.length === 0) return;
      const raw = rawOffsets(line, slot, hits.flatMap((h) => [h.at, h.at + h.secret.length]));
      hits.forEach((h, k) => {
        const from = raw[2 * k];
        const to = raw[2 * k + 1];
        if (from !== undefined && to !== undefined) edits.push({ from, to, text: placeholderFor(ruleOf.get(h.secret) ?? LITERAL_RULE.id, h.secret) });
      });
    });
    if (edits.length === 0) return line;
    let result = line;
    for (let k = edits.length - 1; k >= 0; k--) {
      const e = edits[k];
      if (e) result = result.slice(0, e.from) + e.text + result.slice(e.to);
    }
    return result;
  });
}
