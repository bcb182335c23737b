/**
 * What a redaction rule is (its public description and its compiled form), the two rules with no pattern of their own
 * (secret-named fields, literals), and the strings patterns are built of: the secret words a name ends with, quoted and
 * bare values, database URL schemes. The rules in order: `redact-rules.ts`.
 */

export interface RedactionRule {
  readonly id: string;
  readonly label: string;
  /** Display group, e.g. 'Anthropic', 'AWS', 'Passwords & secrets'. */
  readonly group: string;
}

export interface CompiledPattern {
  /** Global + `d` (indices) flags. */
  readonly re: RegExp;
  /** Returns false to drop a candidate (placeholders, look-alikes). */
  readonly accept?: (secret: string, m: RegExpExecArray) => boolean;
}

export interface CompiledRule extends RedactionRule {
  /** 'specific' rules have a recognisable token format; 'generic' ones rely on context (names, headers, URLs). */
  readonly tier: 'specific' | 'generic';
  /** Cheap non-global pre-test: the patterns only run on text it matches. */
  readonly hint: RegExp | null;
  readonly patterns: readonly CompiledPattern[];
}

/** The rule that reports values of JSON object fields with secret-like names (`{"DB_PASSWORD": "…"}`). */
export const SECRET_FIELD_RULE: RedactionRule = Object.freeze({
  id: 'secret-field',
  label: 'Secret in a JSON field with a secret-like name',
  group: 'Passwords & secrets',
});

export const LITERAL_RULE: RedactionRule = Object.freeze({ id: 'literal', label: 'Literal string', group: 'Custom' });

// ---------------------------------------------------------------------------------------------------------------
// Pattern building blocks (strings only)
// ---------------------------------------------------------------------------------------------------------------

/**
 * The secret word a variable/field name ends with: PASSWORD, DB_PASS, db-pwd, client_secret, GITHUB_TOKEN, apiKey,
 * x-api-key, AWS_SECRET_ACCESS_KEY, SECRET_KEY_BASE, … (case-insensitive). Patterns are anchored on this word (not
 * on the start of the name) so that the regex engine does not retry every word of ordinary text; the rest of the
 * name is whatever name characters precede it. `pass`/`pwd` only count after a prefix and a separator (`DB_PASS`,
 * `smtp-pass`, `MYSQL_PWD`), so that the English word "pass", `bypass`, `PWD` or `OLDPWD` do not.
 */
export const TAIL = String.raw`(?:(?<=[A-Za-z0-9][_.\-])(?:pass|pwd)|password|passwd|passphrase|secret(?:[_\-]?key(?:[_\-]?base)?)?|token|api[_\-]?key|access[_\-]?key|private[_\-]?key|signing[_\-]?key|encryption[_\-]?key|auth[_\-]?key|master[_\-]?key)`;
/** An optional closing quote after a key name, possibly JSON-escaped once or twice (`"`, `\"`, `\\\"`). */
export const KEY_QUOTE = String.raw`(?:\\{0,3}["'])?`;
/** Quoted value content: no quotes, backslashes or line breaks. `g` names the groups. */
export const quoted = (g: string): string =>
  String.raw`(?<q${g}>\\{0,3}["'\x60])(?<s${g}>[^"'\x60\\\r\n]{1,1000})\k<q${g}>`;
/** Bare value content after '=' (shell, .env, URL query): stops at whitespace, quotes and shell/URL punctuation. */
export const BARE_EQ = String.raw`(?<s2>[^\s"'\x60;&|<>(){}\[\],\\]{1,1000}?)[.,]*(?=$|[\s"'\x60;&|,)\]}\\])`;
/** Bare YAML value after ': '. */
export const BARE_COLON = String.raw`(?<s4>[^\s"'\x60,;{}\[\]()<>\\]{1,1000}?)[.,]*(?=$|[\s"'\x60,;}\]\\])`;

export const DB_SCHEMES = String.raw`(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?)`;

/** A secret-like field name, anchored: used for JSON object keys. */
export function secretFieldName(): RegExp {
  return new RegExp(String.raw`^[A-Za-z0-9_.\-]*?${TAIL}$`, 'i');
}

/** A rule pattern: global, with match indices. */
export function re(source: string, flags = ''): RegExp {
  return new RegExp(source, 'dg' + flags);
}
