/**
 * Built-in secret detection rules for the Share redaction engine.
 *
 * Every rule is a set of regular expressions run over *decoded* text (a JSON string value, or the raw text of a
 * non-JSON line). A pattern's named group `s` (or `s1`…`s4` when one regex has several alternative forms) is the
 * secret; otherwise the whole match is.
 * Rules are ordered by specificity: when matches overlap in one string, the earlier rule wins (so a JWT inside a
 * `Bearer` header is reported once, as a JWT).
 *
 * No module-level mutable state: regexes are stateful (`lastIndex`), so they are built fresh by
 * `compileBuiltinRules()` for each scan; the module only holds frozen strings.
 */

import {
  acceptAssignment,
  acceptAuthToken,
  acceptAwsId,
  acceptAwsSecret,
  acceptBareValue,
  acceptGenericValue,
  acceptToken,
  hasFiller,
  isPlaceholderValue,
  mixed,
} from './value-checks';

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
const TAIL = String.raw`(?:(?<=[A-Za-z0-9][_.\-])(?:pass|pwd)|password|passwd|passphrase|secret(?:[_\-]?key(?:[_\-]?base)?)?|token|api[_\-]?key|access[_\-]?key|private[_\-]?key|signing[_\-]?key|encryption[_\-]?key|auth[_\-]?key|master[_\-]?key)`;
/** An optional closing quote after a key name, possibly JSON-escaped once or twice (`"`, `\"`, `\\\"`). */
const KEY_QUOTE = String.raw`(?:\\{0,3}["'])?`;
/** Quoted value content: no quotes, backslashes or line breaks. `g` names the groups. */
const quoted = (g: string): string => String.raw`(?<q${g}>\\{0,3}["'\x60])(?<s${g}>[^"'\x60\\\r\n]{1,1000})\k<q${g}>`;
/** Bare value content after '=' (shell, .env, URL query): stops at whitespace, quotes and shell/URL punctuation. */
const BARE_EQ = String.raw`(?<s2>[^\s"'\x60;&|<>(){}\[\],\\]{1,1000}?)[.,]*(?=$|[\s"'\x60;&|,)\]}\\])`;
/** Bare YAML value after ': '. */
const BARE_COLON = String.raw`(?<s4>[^\s"'\x60,;{}\[\]()<>\\]{1,1000}?)[.,]*(?=$|[\s"'\x60,;}\]\\])`;

const DB_SCHEMES = String.raw`(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?)`;

/** A secret-like field name, anchored: used for JSON object keys. */
export function secretFieldName(): RegExp {
  return new RegExp(String.raw`^[A-Za-z0-9_.\-]*?${TAIL}$`, 'i');
}

function re(source: string, flags = ''): RegExp {
  return new RegExp(source, 'dg' + flags);
}

/** The built-in rules, in priority order, with fresh regex objects. */
export function compileBuiltinRules(): CompiledRule[] {
  return [...keyRules(), ...codeHostAndChatRules(), ...serviceTokenRules(), ...genericRules()];
}

/** Private keys and the model and cloud vendors' keys: PEM blocks, Anthropic, OpenAI, AWS. */
function keyRules(): CompiledRule[] {
  return [
    {
      id: 'private-key',
      label: 'Private key block (PEM / OpenSSH / PGP)',
      group: 'Private keys',
      tier: 'specific',
      hint: /PRIVATE KEY/,
      patterns: [
        {
          // A whole block; or, when the END line is missing (truncated output), the header and the key body.
          re: re(
            String.raw`-----BEGIN [A-Z0-9 ]*?PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]*?PRIVATE KEY(?: BLOCK)?-----|(?:[A-Za-z0-9+/=\s:,.\-]|\\[nrt])*)`,
          ),
          // Documentation examples (`-----BEGIN RSA PRIVATE KEY-----\n...\n-----END…`) have no real key body.
          accept: (s) => /[A-Za-z0-9+/]{40}/.test(s.replace(/-----[A-Z0-9 ]+-----/g, '')),
        },
      ],
    },
    {
      id: 'anthropic-key',
      label: 'Anthropic API key or OAuth token',
      group: 'Anthropic',
      tier: 'specific',
      hint: /sk-ant-/,
      patterns: [
        {
          re: re(String.raw`(?<![A-Za-z0-9_\-])sk-ant-(?:api|admin|oat|ort|sid)\d{2}-[A-Za-z0-9_\-]{20,}`),
          accept: acceptToken,
        },
      ],
    },
    {
      id: 'openai-key',
      label: 'OpenAI API key',
      group: 'OpenAI',
      tier: 'specific',
      hint: /sk-/,
      patterns: [
        {
          re: re(String.raw`(?<![A-Za-z0-9_\-])sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}`),
          accept: acceptToken,
        },
        { re: re(String.raw`(?<![A-Za-z0-9_\-])sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}(?![A-Za-z0-9])`) },
        {
          re: re(String.raw`(?<![A-Za-z0-9_\-])sk-[A-Za-z0-9]{32,}(?![A-Za-z0-9_\-])`),
          accept: (s) => mixed(s.slice(3), true, true, true) && !hasFiller(s),
        },
      ],
    },
    {
      id: 'aws-access-key-id',
      label: 'AWS access key ID',
      group: 'AWS',
      tier: 'specific',
      hint: /A[KS]IA/,
      patterns: [
        { re: re(String.raw`(?<![A-Za-z0-9+/])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9+/])`), accept: acceptAwsId },
      ],
    },
    {
      id: 'aws-secret-key',
      label: 'AWS secret access key',
      group: 'AWS',
      tier: 'specific',
      hint: /secret_?access_?key|secret_?key|A[KS]IA[0-9A-Z]{16}/i,
      patterns: [
        {
          // aws_secret_access_key = …, AWS_SECRET_ACCESS_KEY=…, "SecretAccessKey": "…"
          re: re(
            String.raw`(?:aws_?secret_?access_?key|aws_?secret_?key|secret_?access_?key)${KEY_QUOTE}[ \t]*(?:=>|:=|=|:)[ \t]*(?:\\{0,3}["'])?(?<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
            'i',
          ),
          accept: acceptAwsSecret,
        },
        {
          // Right after an access key ID (credentials CSV, `aws configure list`-like dumps).
          re: re(String.raw`(?<=(?:AKIA|ASIA)[0-9A-Z]{16}[\s,;:|"'=]{1,10})(?<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`),
          accept: (s) => acceptAwsSecret(s) && /[0-9/+]/.test(s),
        },
      ],
    },
  ];
}

/** Tokens of code hosts and chat: GitHub, GitLab, Slack. */
function codeHostAndChatRules(): CompiledRule[] {
  return [
    {
      id: 'github-token',
      label: 'GitHub token (ghp_, gho_, ghu_, ghs_, ghr_)',
      group: 'GitHub',
      tier: 'specific',
      hint: /gh[pousr]_/,
      patterns: [
        { re: re(String.raw`(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36,255}(?![A-Za-z0-9_])`), accept: acceptToken },
      ],
    },
    {
      id: 'github-pat',
      label: 'GitHub fine-grained personal access token',
      group: 'GitHub',
      tier: 'specific',
      hint: /github_pat_/,
      patterns: [
        { re: re(String.raw`(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{60,255}(?![A-Za-z0-9_])`), accept: acceptToken },
      ],
    },
    {
      id: 'gitlab-token',
      label: 'GitLab personal access token',
      group: 'GitLab',
      tier: 'specific',
      hint: /glpat-/,
      patterns: [{ re: re(String.raw`(?<![A-Za-z0-9_\-])glpat-[A-Za-z0-9_\-]{20,}`), accept: acceptToken }],
    },
    {
      id: 'slack-webhook',
      label: 'Slack webhook URL',
      group: 'Slack',
      tier: 'specific',
      hint: /hooks\.slack\.com/,
      patterns: [
        {
          re: re(
            String.raw`https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_\-]+/[A-Za-z0-9_\-]+/[A-Za-z0-9_\-/]{8,}`,
          ),
        },
      ],
    },
    {
      id: 'slack-token',
      label: 'Slack token (xoxb-, xoxp-, xapp-, …)',
      group: 'Slack',
      tier: 'specific',
      hint: /xox[abeoprs]-|xapp-/,
      patterns: [
        {
          re: re(String.raw`(?<![A-Za-z0-9_\-])xox[abeoprs]-[A-Za-z0-9\-]{10,}`),
          accept: (s) => /\d/.test(s) && acceptToken(s),
        },
        { re: re(String.raw`(?<![A-Za-z0-9_\-])xapp-\d-[A-Z0-9]+-\d+-[A-Za-z0-9]{20,}`) },
      ],
    },
  ];
}

/** Tokens of other services with a recognisable format: Google, Stripe, npm, Hugging Face, SendGrid, Azure, JWTs. */
function serviceTokenRules(): CompiledRule[] {
  return [
    {
      id: 'google-api-key',
      label: 'Google API key',
      group: 'Google',
      tier: 'specific',
      hint: /AIza/,
      patterns: [
        { re: re(String.raw`(?<![A-Za-z0-9_\-])AIza[0-9A-Za-z_\-]{35}(?![A-Za-z0-9_\-])`), accept: acceptToken },
      ],
    },
    {
      id: 'google-oauth-token',
      label: 'Google OAuth access token',
      group: 'Google',
      tier: 'specific',
      hint: /ya29\./,
      patterns: [{ re: re(String.raw`(?<![A-Za-z0-9_.\-])ya29\.[0-9A-Za-z_\-]{20,}`), accept: acceptToken }],
    },
    {
      id: 'google-client-secret',
      label: 'Google OAuth client secret',
      group: 'Google',
      tier: 'specific',
      hint: /GOCSPX-/,
      patterns: [{ re: re(String.raw`(?<![A-Za-z0-9_\-])GOCSPX-[A-Za-z0-9_\-]{24,}`), accept: acceptToken }],
    },
    {
      id: 'stripe-key',
      label: 'Stripe secret or restricted key, webhook secret',
      group: 'Stripe',
      tier: 'specific',
      hint: /_(?:live|test)_|whsec_/,
      patterns: [
        { re: re(String.raw`(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}`), accept: acceptToken },
        { re: re(String.raw`(?<![A-Za-z0-9_])whsec_[A-Za-z0-9]{24,}`), accept: acceptToken },
      ],
    },
    {
      id: 'npm-token',
      label: 'npm access token',
      group: 'npm',
      tier: 'specific',
      hint: /npm_/,
      patterns: [{ re: re(String.raw`(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`), accept: acceptToken }],
    },
    {
      id: 'huggingface-token',
      label: 'Hugging Face access token',
      group: 'Hugging Face',
      tier: 'specific',
      hint: /hf_/,
      patterns: [
        {
          re: re(String.raw`(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{30,64}(?![A-Za-z0-9_])`),
          accept: (s) => mixed(s.slice(3), true, true, false) && acceptToken(s),
        },
      ],
    },
    {
      id: 'sendgrid-key',
      label: 'SendGrid API key',
      group: 'SendGrid',
      tier: 'specific',
      hint: /SG\./,
      patterns: [
        {
          re: re(String.raw`(?<![A-Za-z0-9_.\-])SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])`),
          accept: acceptToken,
        },
      ],
    },
    {
      id: 'azure-key',
      label: 'Azure storage account or shared access key (connection string)',
      group: 'Azure',
      tier: 'specific',
      hint: /AccountKey|SharedAccessKey/,
      patterns: [
        {
          // DefaultEndpointsProtocol=https;AccountName=…;AccountKey=<base64>;… and Service Bus / Event Hubs SharedAccessKey=…
          re: re(String.raw`(?:AccountKey|SharedAccessKey)=(?<s>[A-Za-z0-9+/]{30,}={0,2})(?![A-Za-z0-9+/=])`),
          accept: (s) => mixed(s, true, true, false) && !hasFiller(s),
        },
      ],
    },
    {
      id: 'jwt',
      label: 'JSON Web Token',
      group: 'JWT',
      tier: 'specific',
      hint: /eyJ/,
      patterns: [
        { re: re(String.raw`(?<![A-Za-z0-9_\-])eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*`) },
      ],
    },
  ];
}

/** Generic, context-anchored rules: auth headers, connection strings and URLs, assignments, piped and flag passwords. */
function genericRules(): CompiledRule[] {
  return [
    {
      id: 'bearer-token',
      label: 'Bearer / token authorization header',
      group: 'Auth headers',
      tier: 'generic',
      hint: /bearer|authorization/i,
      patterns: [
        {
          re: re(
            String.raw`(?<![A-Za-z0-9_\-])(?:[Bb]earer|BEARER)[ \t]+(?<s>[A-Za-z0-9._~+/\-]{16,}=*)(?![A-Za-z0-9._~+/=\-])`,
          ),
          accept: acceptAuthToken,
        },
        {
          re: re(
            String.raw`[Aa]uthorization${KEY_QUOTE}[ \t]*[:=][ \t]*(?:\\{0,3}["'])?[ \t]*(?:[Tt]oken)[ \t]+(?<s>[A-Za-z0-9._~+/\-]{16,}=*)(?![A-Za-z0-9._~+/=\-])`,
          ),
          accept: acceptAuthToken,
        },
      ],
    },
    {
      id: 'basic-auth',
      label: 'Basic auth credentials (header or curl -u)',
      group: 'Auth headers',
      tier: 'generic',
      hint: /authorization|curl/i,
      patterns: [
        {
          re: re(
            String.raw`[Aa]uthorization${KEY_QUOTE}[ \t]*[:=][ \t]*(?:\\{0,3}["'])?[ \t]*(?:[Bb]asic|BASIC)[ \t]+(?<s>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])`,
          ),
          accept: (s) => !isPlaceholderValue(s),
        },
        {
          // curl -u user:password / --user=user:password → the password
          re: re(
            String.raw`\bcurl\b[^\n|;&]*?[ \t](?:-u|--user)(?:[ \t]+|=)(?<q>['"]?)[^\s:'"]+:(?<s>[^\s'"]+)\k<q>(?=$|[\s;&|)])`,
          ),
          accept: acceptGenericValue,
        },
      ],
    },
    {
      id: 'database-url',
      label: 'Database connection string password',
      group: 'Connection strings & URLs',
      tier: 'generic',
      hint: /:\/\//,
      patterns: [
        {
          re: re(
            String.raw`(?<![A-Za-z0-9+.\-])${DB_SCHEMES}(?:\+[a-z0-9]+)?://[^\s:@/"'\\<>]*:(?<s>[^\s/"'\\<>]+)@(?=[A-Za-z0-9\[_.\-])`,
            'i',
          ),
          accept: acceptGenericValue,
        },
      ],
    },
    {
      id: 'url-password',
      label: 'Password in a URL (scheme://user:password@host)',
      group: 'Connection strings & URLs',
      tier: 'generic',
      hint: /:\/\//,
      patterns: [
        {
          re: re(
            String.raw`(?<![A-Za-z0-9+.\-])[a-z][a-z0-9+.\-]{1,30}://[^\s:@/"'\\<>]*:(?<s>[^\s/"'\\<>]+)@(?=[A-Za-z0-9\[_.\-])`,
            'i',
          ),
          accept: acceptGenericValue,
        },
      ],
    },
    {
      id: 'secret-assignment',
      label: 'Password / secret / token assignment (env, config, YAML, JSON-ish)',
      group: 'Passwords & secrets',
      tier: 'generic',
      hint: /pass|pwd|secret|token|key/i,
      patterns: [
        {
          // One pass for all forms: NAME="value", NAME = 'value', NAME := "value", 'name' => 'value' (1);
          // NAME=value without spaces, as in shell, .env, URL queries and --name=value (2);
          // "name": "value", name: 'value' (3); YAML name: value (4).
          re: re(
            String.raw`${TAIL}(?:${KEY_QUOTE}[ \t]*(?::=|=>|=(?![=>]))[ \t]*${quoted('1')}|=(?![=>])${BARE_EQ}|${KEY_QUOTE}[ \t]*:[ \t]*${quoted('3')}|${KEY_QUOTE}[ \t]*:[ \t]+${BARE_COLON})`,
            'i',
          ),
          accept: acceptAssignment,
        },
      ],
    },
    {
      id: 'piped-password',
      label: 'Password piped to a login command (docker login --password-stdin)',
      group: 'Passwords & secrets',
      tier: 'generic',
      hint: /--password-stdin/,
      patterns: [
        {
          // echo 'hunter2' | docker login -u ci --password-stdin registry (also podman, nerdctl, helm registry, oras).
          // A variable (`echo "$CI_PASSWORD" | …`) is not a secret: it names one.
          re: re(
            String.raw`\b(?:echo|printf)[ \t]+(?:-[neE]+[ \t]+)?(?<q>['"]?)(?<s>[^\s'"|;&$\x60\\]{4,})\k<q>[ \t]*\|[ \t]*(?:sudo[ \t]+)?(?:docker|podman|nerdctl|helm[ \t]+registry|oras)[ \t]+login\b[^\n|;&]*?--password-stdin`,
          ),
          accept: acceptGenericValue,
        },
      ],
    },
    {
      id: 'cli-secret-flag',
      label: 'Password / token passed as a command-line flag',
      group: 'Passwords & secrets',
      tier: 'generic',
      hint: /--[a-z0-9-]*(?:pass|token|secret|key)|mysql|mariadb/i,
      patterns: [
        {
          // --password hunter2 / --token "abc…" (the '=' form is covered by secret-assignment)
          re: re(
            String.raw`--(?<=(?:^|\s)--)(?:[a-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey)[ \t]+(?<q>['"]?)(?<s>[^\s'"\-][^\s'"]{3,})\k<q>(?=$|[\s;&|)])`,
            'i',
          ),
          accept: acceptBareValue,
        },
        {
          // mysql -u root -phunter2
          re: re(
            String.raw`\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n|;&]*?[ \t]-p(?<q>['"]?)(?<s>[^\s'"\-][^\s'"]{3,})\k<q>(?=$|[\s;&|)])`,
          ),
          accept: acceptBareValue,
        },
      ],
    },
  ];
}

/** Public descriptions of the built-in rules, in priority order (custom patterns and literals come after the specific rules). */
export const BUILTIN_RULES: readonly RedactionRule[] = Object.freeze(
  [...compileBuiltinRules().map(({ id, label, group }) => ({ id, label, group })), SECRET_FIELD_RULE].map((r) =>
    Object.freeze(r),
  ),
);
