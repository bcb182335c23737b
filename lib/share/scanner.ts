/**
 * Scanning one decoded text for secrets with the built-in rules, the person's own patterns and literals; the
 * helpers that decide which strings are scanned at all, and how a secret is shown masked. Used by the line scanner
 * (`redact.ts`) and by the check of a redacted trace (`verify.ts`).
 *
 * Pure and isomorphic: no DOM, no Node, no module-level mutable state (regexes are compiled per `Scanner`).
 */

import { BUILTIN_RULES, compileBuiltinRules } from './redact-rules';
import { LITERAL_RULE, SECRET_FIELD_RULE, secretFieldName, type CompiledRule, type RedactionRule } from './rule-parts';
import { acceptFieldValue } from './value-checks';

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

/** Keys whose string values are structural ids: scanned for token formats only, replaced with numbered placeholders. */
const ID_KEYS: readonly string[] = Object.freeze([
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
  'toolUseId',
  'parent_tool_use_id',
  'parentToolUseId',
  'messageId',
  'message_id',
  'agentId',
  'promptId',
]);

// ---------------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------------

/** 64-bit non-cryptographic hash (cyrb53-style), as 16 hex digits. */
export function hashString(s: string): string {
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

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\\/-]/g, '\\$&');
}

/** The JSON value of a line, or undefined when it is not JSON. */
export function parseLine(line: string): unknown {
  try {
    const v: unknown = JSON.parse(line);
    return v;
  } catch {
    return undefined;
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

/**
 * How a string is treated: `skip` (never scanned nor replaced: signatures, whole ids, base64 payloads), `ids` (an
 * id field: scanned for token formats only, replaced with numbered placeholders) or `all`. `raw` text (outside any
 * JSON string) is always `all`.
 */
export type SlotPolicy = 'skip' | 'ids' | 'all';

export function slotPolicy(kind: 'value' | 'raw', key: string | null, text: string): SlotPolicy {
  if (kind !== 'value') return 'all';
  if (key === 'signature') return 'skip';
  if (isIdValue(text)) return 'skip';
  if ((key === 'data' || key === 'base64') && text.length >= 64 && isPureBase64(text)) return 'skip';
  if (text.length >= 1024 && isPureBase64(text)) return 'skip';
  if (key !== null && ID_KEYS.includes(key)) return 'ids';
  return 'all';
}

/** A partially masked rendering of a secret for display, e.g. `sk-ant-api03-…AbCd`. Never the whole secret. */
export function maskSecret(secret: string): string {
  const pem = /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/.exec(secret);
  if (pem) return pem[0] + '…';
  const prefix =
    /^(?:sk-ant-[a-z]+\d\d-|sk-(?:proj|svcacct|admin|None)-|sk-|gh[pousr]_|github_pat_|glpat-|xox[a-z]-|xapp-|AKIA|ASIA|AIza|ya29\.|GOCSPX-|[sr]k_(?:live|test)_|whsec_|npm_|hf_|SG\.|eyJ|https:\/\/hooks\.slack\.com\/)/.exec(
      secret,
    )?.[0] ?? '';
  const rest = secret.length - prefix.length;
  if (prefix !== '') return rest >= 12 ? `${prefix}…${secret.slice(-4)}` : `${prefix}…`;
  if (secret.length >= 16) return `${secret.slice(0, 2)}…${secret.slice(-2)}`;
  return '••••••';
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
    custom.push({
      ...customRuleOf(p, i),
      tier: 'specific',
      hint: null,
      patterns: [{ re: new RegExp(p.pattern, 'dg' + cleanFlags(p.flags ?? '')) }],
    });
  });
  const literals = [...new Set(opts?.literals ?? [])].filter((l) => l !== '').sort((a, b) => b.length - a.length);
  if (literals.length > 0) {
    custom.push({
      ...LITERAL_RULE,
      tier: 'specific',
      hint: null,
      patterns: [{ re: new RegExp(literals.map(escapeRegExp).join('|'), 'dg') }],
    });
  }
  return [...builtins.filter((r) => r.tier === 'specific'), ...custom, ...builtins.filter((r) => r.tier === 'generic')];
}

// ---------------------------------------------------------------------------------------------------------------
// Scanning one text
// ---------------------------------------------------------------------------------------------------------------

export interface Candidate {
  readonly ruleId: string;
  /** Offsets in the scanned text. */
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

/** The rules of one scan, compiled once; `scan` runs them over one text. */
export class Scanner {
  private readonly all: CompiledRule[];
  private readonly specific: CompiledRule[];
  private readonly fieldName = secretFieldName();

  constructor(opts?: ScanOptions) {
    this.all = compileRules(opts);
    this.specific = this.all.filter((r) => r.tier === 'specific');
  }

  /**
   * All non-overlapping secrets in one decoded text, earlier rules first, returned in text order. `key` is the JSON
   * object key the text is the value of (a secret-like name reports the whole value); `policy` is `slotPolicy`'s.
   */
  scan(text: string, key: string | null, policy: SlotPolicy = 'all'): Candidate[] {
    if (policy === 'skip') return [];
    const found: Candidate[] = [];
    for (const rule of policy === 'ids' ? this.specific : this.all) {
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
    if (policy === 'all' && key !== null && this.fieldName.test(key)) {
      const trimmed = text.trim();
      const start = text.indexOf(trimmed);
      const end = start + trimmed.length;
      if (trimmed !== '' && acceptFieldValue(trimmed) && !overlaps(found, start, end)) {
        found.push({ ruleId: SECRET_FIELD_RULE.id, start, end, secret: trimmed });
      }
    }
    return found.sort((a, b) => a.start - b.start);
  }
}

function oneLine(s: string): string {
  return s.replace(/\r\n|\r|\n/g, '⏎').replace(/\t/g, ' ');
}

/** Up to `radius` characters of `text` either side of `found[index]`, one line, with every secret in it masked. */
export function contextFor(text: string, found: readonly Candidate[], index: number, radius = 40): string {
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
