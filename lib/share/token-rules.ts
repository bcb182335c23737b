// The rules for secrets with a recognisable token format (tier 'specific'): private keys, the model and cloud vendors'
// keys, code hosts and chat, service tokens. In priority order; see redact-rules.ts.

import { acceptAwsId, acceptAwsSecret, acceptToken, hasFiller, mixed } from './value-checks';
import { KEY_QUOTE, re, type CompiledRule } from './rule-parts';

/** Private keys and the model and cloud vendors' keys: PEM blocks, Anthropic, OpenAI, AWS. */
export function keyRules(): CompiledRule[] {
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
export function codeHostAndChatRules(): CompiledRule[] {
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
export function serviceTokenRules(): CompiledRule[] {
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
