// The value checks of the built-in redaction rules (`redact-rules.ts`): what is clearly not a secret (placeholders,
// code, prose, fillers), and each rule's test of a candidate. Pure functions; regex literals inside functions are
// fresh objects per call.

/** Normalised (lowercase, alphanumerics only) values that are placeholders, types or flags, not secrets. */
const PLACEHOLDER_WORDS: readonly string[] = Object.freeze([
  'password',
  'passwd',
  'pass',
  'pwd',
  'passphrase',
  'secret',
  'secrets',
  'secretkey',
  'token',
  'apikey',
  'key',
  'changeme',
  'changeit',
  'changethis',
  'default',
  'example',
  'placeholder',
  'redacted',
  'dummy',
  'sample',
  'test',
  'testing',
  'null',
  'none',
  'nil',
  'undefined',
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'empty',
  'required',
  'optional',
  'string',
  'str',
  'bytes',
  'text',
  'int',
  'integer',
  'number',
  'boolean',
  'bool',
  'any',
  'unknown',
  'object',
  'value',
  'values',
  'secretstr',
  'optionalstr',
  'xxx',
  'todo',
  'tbd',
  'fixme',
  'hidden',
  'masked',
  'notset',
  'unset',
  'na',
  'env',
  'xoauthbasic',
  'mypassword',
  'mysecret',
  'mytoken',
  'myapikey',
  'admin',
  'root',
  'user',
  'username',
  'guest',
  'include',
  'omit',
  'sameorigin',
  'bearer',
  'basic',
  'auth',
  'asdf',
  'asdfg',
  'asdfgh',
  'asdfghjkl',
  'qwer',
  'qwerty',
  'qwertz',
  'azerty',
  'foo',
  'bar',
  'baz',
  'foobar',
  'abcd',
  'abcde',
  'abcdef',
  'abcdefg',
  'letmein',
  's3cr3t',
  'passw0rd',
  'p4ssw0rd',
]);

/**
 * True for values that are clearly not real secrets: empty/short, shell or template references (`$X`, `${X}`,
 * `$(cmd)`, `{{x}}`, `%s`), bracketed placeholders (`<your-password>`, `[PASSWORD]`), masks (`****`, `xxxx`),
 * small numbers, paths, well-known placeholder words (`changeme`, `password`, `your_api_key_here`, type names)
 * and our own `[REDACTED:…]` placeholders.
 *
 * Decision: `changeme`, `password`, `secret`, `admin`, `root` and friends are treated as placeholders.
 */
export function isPlaceholderValue(raw: string): boolean {
  const v = raw.trim();
  if (v.length < 4) return true;
  if (/^[$%]/.test(v) || v.includes('${') || v.includes('$(') || v.includes('{{') || v.includes('%(')) return true;
  if (/^<[\s\S]*>$|^\[[\s\S]*\]$|^\{[\s\S]*\}$|^\([\s\S]*\)$/.test(v)) return true;
  if (/^([\s\S])\1*$/.test(v) || /^[*•.xX#_?\-]+$/.test(v)) return true;
  if (/^\d{1,5}$/.test(v)) return true;
  if (/^#[0-9a-fA-F]{3,8}$/.test(v)) return true; // a colour (Pygments `Token: '#ffffff'`)
  if (/^(?:\/|~\/|\.\.?\/)/.test(v)) return true;
  const w = v.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (w.length === 0) return true;
  if (PLACEHOLDER_WORDS.includes(w)) return true;
  if (/^(?:your|insert|enter|replace|put|paste)/.test(w) || /here$/.test(w)) return true;
  if (/redacted|placeholder|changeme|example|dummy|notreal|fakekey|faketoken|fakepassword/.test(w)) return true;
  if (/^x{3,}\d*$/.test(w) || /^(?:abc)?123(?:456)?$/.test(w) || /^\*+$/.test(v)) return true;
  return false;
}

/** Values that are code, not data: `self.password`, `process.env.TOKEN`, `newToken`, `DB_PASSWORD`, `_RSAPrivateKey`. */
export function isCodeReference(v: string): boolean {
  const mentionsSecret = /pass|pwd|secret|token|key|cred|auth/i.test(v);
  // a.b.c: member access / module path (a random token with dots, like SendGrid's `SG.…`, has digits)
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v) && (!/\d/.test(v) || mentionsSecret)) return true;
  // an identifier naming a secret: newToken, db_password, _RSAPrivateKey
  if (/^[A-Za-z_$][\w$]*$/.test(v) && mentionsSecret && !/\d/.test(v)) return true;
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v)) return true; // an env var name
  return false;
}

/** Three or more whitespace-separated words: prose, a description or a sentence, not a secret. */
export function isProse(v: string): boolean {
  const t = v.trim();
  return t.split(/\s+/).length >= 3 || /^[A-Za-z]+(?:\s+[A-Za-z]+)+$/.test(t);
}

/** Eight identical characters in a row: a filler/placeholder token such as `sk-ant-api03-xxxxxxxx…`. */
export function hasFiller(s: string): boolean {
  return /([A-Za-z0-9])\1{7}/.test(s);
}

export function mixed(s: string, upper: boolean, lower: boolean, digit: boolean): boolean {
  return (!upper || /[A-Z]/.test(s)) && (!lower || /[a-z]/.test(s)) && (!digit || /[0-9]/.test(s));
}

export const acceptToken = (s: string): boolean => !hasFiller(s);
export const acceptAwsId = (s: string): boolean => !hasFiller(s) && !s.includes('EXAMPLE');
export const acceptAwsSecret = (s: string): boolean =>
  mixed(s, true, true, false) && !s.includes('EXAMPLE') && !hasFiller(s);
export const acceptGenericValue = (s: string): boolean =>
  !isPlaceholderValue(s) && !isProse(s) && !hasFiller(s) && !isCodeReference(s);
/** Unquoted values made only of letters are words, identifiers or type names (`BinaryLike`, `process`), not secrets. */
const isPlainWord = (s: string): boolean => /^[A-Za-z_]+$/.test(s) && s.length < 24;
export const acceptBareValue = (s: string): boolean => acceptGenericValue(s) && !isPlainWord(s);
export const acceptAuthToken = (s: string): boolean =>
  /[0-9]/.test(s) && /[A-Za-z]/.test(s) && !isPlaceholderValue(s) && !hasFiller(s);

/** Checks a `secret-assignment` match: unquoted values (groups s2, s4) get the stricter check. */
export function acceptAssignment(s: string, m: RegExpExecArray): boolean {
  const bare = m.groups?.['s2'] !== undefined || m.groups?.['s4'] !== undefined;
  return bare ? acceptBareValue(s) : acceptGenericValue(s);
}

/** Field-rule value check: the whole (trimmed) value of a JSON field with a secret-like name. */
export function acceptFieldValue(v: string): boolean {
  return v.length <= 4096 && !isPlaceholderValue(v) && !isProse(v) && !hasFiller(v);
}
