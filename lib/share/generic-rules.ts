// The generic rules (tier 'generic'): secrets known by their context (auth headers, connection strings and URLs,
// assignments, piped and flag passwords) rather than their format. See redact-rules.ts.

import {
  acceptAssignment,
  acceptAuthToken,
  acceptBareValue,
  acceptGenericValue,
  isPlaceholderValue,
} from './value-checks';
import { BARE_COLON, BARE_EQ, DB_SCHEMES, KEY_QUOTE, TAIL, quoted, re, type CompiledRule } from './rule-parts';

/** Generic, context-anchored rules: auth headers, connection strings and URLs, assignments, piped and flag passwords. */
export function genericRules(): CompiledRule[] {
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
