import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultSelection,
  groupMatches,
  isPlaceholderValue,
  listRules,
  maskSecret,
  placeholderFor,
  redactLines,
  scanLines,
  validatePattern,
  type SecretMatch,
} from './redact';
import { residualSecrets } from './verify';
import { loadChecked } from '../engine/share';
import { loadText } from '../trace/testing/load';

// All secrets below are fake: built from repeated or random-looking fragments, never real credentials.
const rep = (s: string, n: number): string => s.repeat(n);
const FAKE = {
  anthropic: 'sk-ant-api03-' + rep('Qx7Lm2Pv9Tz4', 8) + 'Ab-cD_eF' + 'AA',
  anthropicAdmin: 'sk-ant-admin01-' + rep('Hn3Kw8Rb5Yq1', 8) + 'AA',
  anthropicOat: 'sk-ant-oat01-' + rep('Zc6Vt1Mx4Np7', 8) + 'AA',
  openaiProj: 'sk-proj-' + rep('aB3cD4eF5gH6', 6) + 'T3BlbkFJ' + rep('iJ7kL8mN9oP0', 6),
  openaiLegacy: 'sk-' + 'Ab12Cd34Ef56Gh78Ij90' + 'T3BlbkFJ' + 'Kl12Mn34Op56Qr78St90',
  akia: 'AKIA' + 'Q7W2E9R4T6Y1U3I8',
  asia: 'ASIA' + 'Z5X8C2V7B4N1M6L3',
  awsSecret: 'Kq9+Zx3/Lm7Pv2Tz4Bn8Wc1Yr6Hs5Jd0Fg3Ak7eQ',
  ghp: 'ghp_' + rep('Ab3Cd5Ef7Gh9', 3),
  ghs: 'ghs_' + rep('Zy2Xw4Vu6Ts8', 3),
  githubPat: 'github_pat_11AB2CD3EF4GH5IJ6KL7MN_' + rep('pQ1rS2tU3vW4xY5z', 3) + 'aB3cD4eF5gH6',
  glpat: 'glpat-' + 'Xy7Kq2Lm9Pv4Tz1Bn8Wc',
  xoxb: 'xoxb-123456789012-1234567890123-' + 'Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7',
  slackHook: 'https://hooks.slack.com/services/T0ABC1234/B0DEF56789/' + 'Qw3Er5Ty7Ui9Op1As3Df5Gh7',
  googleKey: 'AIza' + 'SyD3fG5hJ7kL9mN1pQ3rS5tU7vW9xY1zA2b',
  ya29: 'ya29.a0' + rep('Af8Rt2Yp5Lm9Kq3W', 5),
  gocspx: 'GOCSPX-' + 'Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9S',
  stripe: 'sk_live_51' + rep('Hk3Lm5Np7Qr9', 8),
  whsec: 'whsec_' + rep('Tz4Bn8Wc1Yr6', 3),
  npm: 'npm_' + rep('Ab3Cd5Ef7Gh9', 3),
  jwt:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkZha2UifQ.' +
    'Qx7Lm2Pv9Tz4Bn8Wc1Yr6Hs5Jd0Fg3Ak7eRt2Yp5L',
  bearer: 'Xq7Lm2Pv9Tz4Bn8Wc1Yr6Hs5Jd0Fg3Ak7e',
  basic: 'Y2ktYm90OlBhNXN3MHJkIVg5',
  dbPw: 'S3cr3tPgPw-x9Z',
};
const PEM_LINES = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEowIBAAKCAQEA' + 'q7Lm2Pv9Tz4Bn8Wc1Yr6Hs5Jd0Fg3Ak7eRt2Yp5L+/q7Lm2Pv9Tz4B',
  rep('n8Wc1Yr6Hs5Jd0Fg', 4),
  'Ak7eRt2Yp5Lq9Zx3==',
  '-----END RSA PRIVATE KEY-----',
];
const PEM = PEM_LINES.join('\n');

let uuidCounter = 0;
const fakeUuid = (): string => `0b8f6c1e-2d3a-4b5c-8d9e-${String(100000000000 + uuidCounter++).padStart(12, '0')}`;

/** A Claude Code assistant line with one Bash tool_use. */
function bashLine(command: string): string {
  return JSON.stringify({
    parentUuid: fakeUuid(),
    isSidechain: false,
    type: 'assistant',
    message: {
      id: 'msg_01Xsmi8hB6RYP8JDkEhdJXBn',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [
        {
          type: 'tool_use',
          id: 'toolu_017oGEqTVtT3XyDHVdaaPp95',
          name: 'Bash',
          input: { command, description: 'Run it' },
        },
      ],
      usage: { input_tokens: 4, cache_creation_input_tokens: 16786, cache_read_input_tokens: 0, output_tokens: 3 },
    },
    requestId: 'req_011CR5iLetR2m4ajGxyCPrwB',
    uuid: fakeUuid(),
    timestamp: '2025-07-13T21:17:31.123Z',
  });
}

/** A Claude Code user line with a Bash tool_result whose stdout is `stdout`. */
function resultLine(stdout: string): string {
  return JSON.stringify({
    type: 'user',
    message: {
      role: 'user',
      content: [
        { tool_use_id: 'toolu_017oGEqTVtT3XyDHVdaaPp95', type: 'tool_result', content: stdout, is_error: false },
      ],
    },
    uuid: fakeUuid(),
    toolUseResult: { stdout, stderr: '', interrupted: false, isImage: false },
  });
}

const secretsOf = (matches: readonly SecretMatch[]): string[] => [...new Set(matches.map((m) => m.secret))];

describe('scanLines: detects each rule', () => {
  const cases: { name: string; text: string; ruleId: string; secret: string }[] = [
    {
      name: 'Anthropic API key in env',
      text: `ANTHROPIC_API_KEY=${FAKE.anthropic}`,
      ruleId: 'anthropic-key',
      secret: FAKE.anthropic,
    },
    {
      name: 'Anthropic admin key in x-api-key header',
      text: `curl -H "x-api-key: ${FAKE.anthropicAdmin}" https://api.anthropic.com/v1/organizations/users`,
      ruleId: 'anthropic-key',
      secret: FAKE.anthropicAdmin,
    },
    {
      name: 'Anthropic OAuth token',
      text: `token ${FAKE.anthropicOat} stored`,
      ruleId: 'anthropic-key',
      secret: FAKE.anthropicOat,
    },
    {
      name: 'OpenAI project key',
      text: `export OPENAI_API_KEY="${FAKE.openaiProj}"`,
      ruleId: 'openai-key',
      secret: FAKE.openaiProj,
    },
    {
      name: 'OpenAI legacy key',
      text: `openai.api_key = '${FAKE.openaiLegacy}'`,
      ruleId: 'openai-key',
      secret: FAKE.openaiLegacy,
    },
    {
      name: 'AWS access key id',
      text: `aws_access_key_id = ${FAKE.akia}`,
      ruleId: 'aws-access-key-id',
      secret: FAKE.akia,
    },
    {
      name: 'AWS temporary key id',
      text: `"AccessKeyId": "${FAKE.asia}",`,
      ruleId: 'aws-access-key-id',
      secret: FAKE.asia,
    },
    {
      name: 'AWS secret key in env',
      text: `AWS_SECRET_ACCESS_KEY=${FAKE.awsSecret}`,
      ruleId: 'aws-secret-key',
      secret: FAKE.awsSecret,
    },
    {
      name: 'AWS secret key in credentials file',
      text: `[prod]\naws_secret_access_key = ${FAKE.awsSecret}\n`,
      ruleId: 'aws-secret-key',
      secret: FAKE.awsSecret,
    },
    {
      name: 'AWS secret key in sts JSON',
      text: `{\n    "SecretAccessKey": "${FAKE.awsSecret}"\n}`,
      ruleId: 'aws-secret-key',
      secret: FAKE.awsSecret,
    },
    {
      name: 'AWS secret key next to its key id (CSV)',
      text: `Access key ID,Secret access key\n${FAKE.akia},${FAKE.awsSecret}`,
      ruleId: 'aws-secret-key',
      secret: FAKE.awsSecret,
    },
    { name: 'GitHub classic token', text: `GITHUB_TOKEN=${FAKE.ghp}`, ruleId: 'github-token', secret: FAKE.ghp },
    {
      name: 'GitHub token in a remote URL',
      text: `https://x-access-token:${FAKE.ghs}@github.com/acme/api.git`,
      ruleId: 'github-token',
      secret: FAKE.ghs,
    },
    {
      name: 'GitHub fine-grained PAT',
      text: `gh auth login --with-token <<< ${FAKE.githubPat}`,
      ruleId: 'github-pat',
      secret: FAKE.githubPat,
    },
    {
      name: 'GitLab PAT in clone URL',
      text: `git clone https://oauth2:${FAKE.glpat}@gitlab.com/acme/infra.git`,
      ruleId: 'gitlab-token',
      secret: FAKE.glpat,
    },
    { name: 'Slack bot token', text: `SLACK_BOT_TOKEN=${FAKE.xoxb}`, ruleId: 'slack-token', secret: FAKE.xoxb },
    {
      name: 'Slack token in Bearer header',
      text: `curl -H "Authorization: Bearer ${FAKE.xoxb}" https://slack.com/api/auth.test`,
      ruleId: 'slack-token',
      secret: FAKE.xoxb,
    },
    {
      name: 'Slack webhook',
      text: `curl -X POST ${FAKE.slackHook} -d @msg.json`,
      ruleId: 'slack-webhook',
      secret: FAKE.slackHook,
    },
    {
      name: 'Google API key in URL query',
      text: `https://maps.googleapis.com/maps/api/geocode/json?key=${FAKE.googleKey}&address=Berlin`,
      ruleId: 'google-api-key',
      secret: FAKE.googleKey,
    },
    {
      name: 'Google OAuth token',
      text: `{"access_token": "${FAKE.ya29}", "expires_in": 3599}`,
      ruleId: 'google-oauth-token',
      secret: FAKE.ya29,
    },
    {
      name: 'Google client secret',
      text: `"client_secret":"${FAKE.gocspx}"`,
      ruleId: 'google-client-secret',
      secret: FAKE.gocspx,
    },
    { name: 'Stripe live key', text: `stripe.api_key = "${FAKE.stripe}"`, ruleId: 'stripe-key', secret: FAKE.stripe },
    {
      name: 'Stripe webhook secret',
      text: `STRIPE_WEBHOOK_SECRET=${FAKE.whsec}`,
      ruleId: 'stripe-key',
      secret: FAKE.whsec,
    },
    {
      name: 'npm token in .npmrc',
      text: `//registry.npmjs.org/:_authToken=${FAKE.npm}`,
      ruleId: 'npm-token',
      secret: FAKE.npm,
    },
    { name: 'JWT in a Bearer header', text: `-H 'Authorization: Bearer ${FAKE.jwt}'`, ruleId: 'jwt', secret: FAKE.jwt },
    { name: 'PEM private key block', text: `$ cat key.pem\n${PEM}\n$ `, ruleId: 'private-key', secret: PEM },
    {
      name: 'PEM block with literal \\n (inside a JSON file)',
      text: `"private_key": "${PEM_LINES.join('\\n')}\\n",`,
      ruleId: 'private-key',
      secret: PEM_LINES.join('\\n'),
    },
    {
      name: 'Truncated PEM block (no END line)',
      text: `${PEM_LINES.slice(0, 3).join('\n')}`,
      ruleId: 'private-key',
      secret: PEM_LINES.slice(0, 3).join('\n'),
    },
    {
      name: 'OpenSSH private key',
      text: `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU${rep('Qx7Lm2Pv', 4)}\n-----END OPENSSH PRIVATE KEY-----`,
      ruleId: 'private-key',
      secret: `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU${rep('Qx7Lm2Pv', 4)}\n-----END OPENSSH PRIVATE KEY-----`,
    },
    {
      name: 'Opaque Bearer token (curl -H)',
      text: `curl -H "Authorization: Bearer ${FAKE.bearer}" https://api.acme.dev`,
      ruleId: 'bearer-token',
      secret: FAKE.bearer,
    },
    {
      name: 'Bearer token in JSON headers',
      text: `{"headers": {"Authorization": "Bearer ${FAKE.bearer}"}}`,
      ruleId: 'bearer-token',
      secret: FAKE.bearer,
    },
    {
      name: 'Authorization: Token …',
      text: `Authorization: Token ${FAKE.bearer}`,
      ruleId: 'bearer-token',
      secret: FAKE.bearer,
    },
    {
      name: 'Basic auth header',
      text: `curl -H 'Authorization: Basic ${FAKE.basic}' https://registry.acme.dev/v2/`,
      ruleId: 'basic-auth',
      secret: FAKE.basic,
    },
    {
      name: 'curl -u user:password',
      text: `curl -s -u deploy:Tr0ub4dor-3xQ https://ci.acme.dev/api`,
      ruleId: 'basic-auth',
      secret: 'Tr0ub4dor-3xQ',
    },
    {
      name: 'postgres URL',
      text: `DATABASE_URL=postgres://app:${FAKE.dbPw}@db.acme.dev:5432/acme`,
      ruleId: 'database-url',
      secret: FAKE.dbPw,
    },
    {
      name: 'postgresql+asyncpg URL',
      text: `url = "postgresql+asyncpg://svc:${FAKE.dbPw}@localhost/app"`,
      ruleId: 'database-url',
      secret: FAKE.dbPw,
    },
    {
      name: 'mysql URL',
      text: `mysql://root:${FAKE.dbPw}@127.0.0.1:3306/shop`,
      ruleId: 'database-url',
      secret: FAKE.dbPw,
    },
    {
      name: 'mongodb+srv URL',
      text: `MONGO_URL: mongodb+srv://worker:${FAKE.dbPw}@cluster0.ab1cd.mongodb.net/prod`,
      ruleId: 'database-url',
      secret: FAKE.dbPw,
    },
    {
      name: 'redis URL with empty user',
      text: `REDIS_URL=redis://:${FAKE.dbPw}@cache:6379/0`,
      ruleId: 'database-url',
      secret: FAKE.dbPw,
    },
    {
      name: 'amqps URL',
      text: `amqps://events:${FAKE.dbPw}@mq.acme.dev/vhost`,
      ruleId: 'database-url',
      secret: FAKE.dbPw,
    },
    {
      name: 'password with @ in a DB URL',
      text: `postgres://app:p@ss-W0rd-99@db:5432/x`,
      ruleId: 'database-url',
      secret: 'p@ss-W0rd-99',
    },
    {
      name: 'https URL credentials',
      text: `pip install --index-url https://ci-bot:Qm7vPz2LxW9k@pypi.acme.dev/simple pkg`,
      ruleId: 'url-password',
      secret: 'Qm7vPz2LxW9k',
    },
    {
      name: 'PASSWORD= in env',
      text: `PASSWORD=hunter2-Xq9 ./run.sh`,
      ruleId: 'secret-assignment',
      secret: 'hunter2-Xq9',
    },
    {
      name: 'export X_SECRET="…"',
      text: `export WEBHOOK_SECRET="q8ZtLm2Pv9Tz4Bn8"`,
      ruleId: 'secret-assignment',
      secret: 'q8ZtLm2Pv9Tz4Bn8',
    },
    {
      name: '*_TOKEN= in env',
      text: `CI_DEPLOY_TOKEN=dpl-7f3k2m9x1q`,
      ruleId: 'secret-assignment',
      secret: 'dpl-7f3k2m9x1q',
    },
    {
      name: '*_API_KEY= in env',
      text: `SENDGRID_API_KEY=SG.Xq7Lm2Pv9Tz4.Bn8Wc1Yr6Hs5Jd0Fg3`,
      ruleId: 'secret-assignment',
      secret: 'SG.Xq7Lm2Pv9Tz4.Bn8Wc1Yr6Hs5Jd0Fg3',
    },
    { name: 'DB_PASS= in env', text: `DB_PASS=Zk3-p9Lm`, ruleId: 'secret-assignment', secret: 'Zk3-p9Lm' },
    {
      name: 'YAML password:',
      text: `staging:\n  password: Db7Hq2Lm9Pv4#9\n`,
      ruleId: 'secret-assignment',
      secret: 'Db7Hq2Lm9Pv4#9',
    },
    {
      name: 'JSON-ish "password": "…" in text',
      text: `{"user": "app", "password": "Xk9-Lm2-Pv7"}`,
      ruleId: 'secret-assignment',
      secret: 'Xk9-Lm2-Pv7',
    },
    {
      name: 'escaped JSON inside text',
      text: `{\\"db_password\\": \\"Qq8Ww7Ee6\\"}`,
      ruleId: 'secret-assignment',
      secret: 'Qq8Ww7Ee6',
    },
    {
      name: 'Python settings',
      text: `SECRET_KEY = 'django-insecure-7x#k2m9!q1z'`,
      ruleId: 'secret-assignment',
      secret: 'django-insecure-7x#k2m9!q1z',
    },
    {
      name: 'URL query token',
      text: `https://api.acme.dev/export?format=csv&access_token=Zq7Lm2Pv9Tz4Bn8&limit=5`,
      ruleId: 'secret-assignment',
      secret: 'Zq7Lm2Pv9Tz4Bn8',
    },
    {
      name: 'CLI --password=',
      text: `psql --password=Kx8Lm2Pv9 -h db`,
      ruleId: 'secret-assignment',
      secret: 'Kx8Lm2Pv9',
    },
    {
      name: 'camelCase clientSecret',
      text: `clientSecret: "a8Kq2Lm9Pv4Tz1Bn8Wc"`,
      ruleId: 'secret-assignment',
      secret: 'a8Kq2Lm9Pv4Tz1Bn8Wc',
    },
    {
      name: 'CLI --password VALUE',
      text: `docker login registry.acme.dev --username ci --password Hq8zV3nLp2Ww`,
      ruleId: 'cli-secret-flag',
      secret: 'Hq8zV3nLp2Ww',
    },
    {
      name: 'mysql -pSECRET',
      text: `mysql -u root -pK9#mq2Lz! -h db.internal acme`,
      ruleId: 'cli-secret-flag',
      secret: 'K9#mq2Lz!',
    },
  ];
  it.each(cases)('$name', ({ text, ruleId, secret }) => {
    const matches = scanLines([bashLine(text)]);
    expect(matches.map((m) => [m.ruleId, m.secret])).toContainEqual([ruleId, secret]);
    // Reported exactly once under exactly that rule.
    expect(matches.filter((m) => m.secret === secret).map((m) => m.ruleId)).toEqual([ruleId]);
  });

  it('reports a secret-like JSON field (structural) by its key', () => {
    const line = JSON.stringify({
      type: 'assistant',
      message: {
        content: [
          {
            type: 'tool_use',
            id: 'toolu_01A',
            name: 'mcp__pg__connect',
            input: { host: 'db', port: 5432, password: 'Pg7Lm2Pv9Tz4%2' },
          },
        ],
      },
    });
    const m = scanLines([line]);
    expect(m.map((x) => [x.ruleId, x.secret, x.path])).toEqual([
      ['secret-field', 'Pg7Lm2Pv9Tz4%2', '/message/content/0/input/password'],
    ]);
  });
});

describe('scanLines: no false positives', () => {
  const nonSecrets: { name: string; text: string }[] = [
    { name: 'git SHAs', text: '9fceb02d0ae598e95dc970b74767f19372d61af8 and a1b2c3d (HEAD -> main)' },
    { name: 'UUIDs', text: 'session 326189cf-5676-4237-8cde-1ce80aae4a9f parent 1aca8a06-6e53-439b-b0cb-3ed7a6e23213' },
    {
      name: 'tool_use / message / request ids in text',
      text: 'toolu_017oGEqTVtT3XyDHVdaaPp95 msg_01Xsmi8hB6RYP8JDkEhdJXBn req_011CR5iLetR2m4ajGxyCPrwB srvtoolu_01AbCdEfGhIjKlMnOpQrStUv',
    },
    {
      name: 'sha256 hashes',
      text: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  dist/app.tgz\nsha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
    },
    {
      name: 'npm integrity',
      text: '"integrity": "sha512-7cUh7JqWlXWsE9N5PdkE1+o/BtQv1y9yRmV2pyMGqfZP8PhxzhgO9sN3g1Q8BsHdH2p2WkZt2f8+f1mPkGk3Bg=="',
    },
    {
      name: 'placeholder passwords',
      text: 'PASSWORD=$PASSWORD\nDB_PASS=${DB_PASS}\nMAILER_PASSWORD=<your-password>\nADMIN_PASSWORD=changeme\nSECRET=\nAPI_KEY=xxxx\nTOKEN=your_api_token_here\nOPENAI_API_KEY=sk-...\npassword: ********',
    },
    {
      name: 'env file references',
      text: 'DB_PASSWORD_FILE=/run/secrets/db\nTOKEN_URL=https://auth.acme.dev/token\nMAX_TOKENS=4096\nPWD=/Users/dev/app\nOLDPWD=/Users/dev\nGIT_ASKPASS=/usr/lib/git-core/git-gui--askpass',
    },
    {
      name: 'sk- in ordinary words',
      text: 'task-sk-1, risk-sketch.md, desk-sk-01, scikit-learn (sk-learn), the sk- prefix',
    },
    {
      name: 'code references',
      text: "const apiKey = process.env.OPENAI_API_KEY;\npassword=os.environ['DB_PASSWORD']\ntoken: string;\npassword?: string\npassword: str = Field(...)\napiKey: config.apiKey,\ntoken = getToken()\nsecret: newSecret,",
    },
    {
      name: 'template placeholders',
      text: "password: ${{ secrets.DOCKER_PASSWORD }}\ntoken: {{ csrf_token }}\n'password': '%(db_password)s'",
    },
    {
      name: 'auth header placeholders',
      text: 'Authorization: Bearer YOUR_TOKEN_HERE\n-H "Authorization: Bearer $TOKEN"\n`Bearer ${process.env.API_TOKEN}`\nAuthorization: Basic $(echo -n user:pass | base64)',
    },
    {
      name: 'AWS documentation example keys',
      text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    },
    {
      name: 'filler tokens',
      text: 'ANTHROPIC_API_KEY=sk-ant-api03-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nGITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
    },
    {
      name: 'URLs without credentials',
      text: 'postgres://localhost:5432/app https://github.com/org/repo.git git@github.com:org/repo.git http://[::1]:8080/x redis://cache:6379',
    },
    {
      name: 'public keys and certificates',
      text: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx dev@acme',
    },
    {
      name: 'prose about secrets',
      text: 'Set the password: it must be at least 12 chars. The token is rotated daily; the secret key lives in Vault. Use --password-stdin.',
    },
    {
      name: 'file paths',
      text: '/Users/dev/.ssh/id_rsa ~/.aws/credentials ./secrets/token.txt C:\\Users\\dev\\password.txt',
    },
  ];
  it.each(nonSecrets)('$name', ({ text }) => {
    expect(scanLines([bashLine(text), resultLine(text)]).map((m) => `${m.ruleId}: ${m.secret}`)).toEqual([]);
  });

  it('never scans ids, keys, signatures or base64 image data', () => {
    const line = JSON.stringify({
      uuid: fakeUuid(),
      sessionId: fakeUuid(),
      message: {
        id: 'msg_01Xsmi8hB6RYP8JDkEhdJXBn',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: `EqQBCkYIBxgCKkB${FAKE.anthropic}` },
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo' + rep('AKIAQ7W2E9R4T6Y1U3I8', 10) },
          },
        ],
      },
      // A secret-looking object *key* is not a value.
      toolUseResult: { [FAKE.ghp]: 1 },
    });
    expect(scanLines([line])).toEqual([]);
  });

  const realDir = new URL('../../test/fixtures/real/', import.meta.url);
  it.skipIf(!existsSync(realDir))('finds nothing in the real recorded sessions under test/fixtures/real', () => {
    const files = readdirSync(realDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const found = scanLines(readFileSync(new URL(f, realDir), 'utf8').split('\n'));
      expect(found.map((m) => `${f}:${m.line} ${m.ruleId} ${m.context}`)).toEqual([]);
    }
  });
});

describe('SecretMatch fields', () => {
  it('offsets: start/end index the raw (escaped) line, valueStart/valueEnd the decoded value, path points at it', () => {
    const command = `cat key.pem\necho "done"\n${PEM}`;
    const line = bashLine(command);
    const [m] = scanLines(['', line]);
    expect(m).toBeDefined();
    if (!m) return;
    expect(m.line).toBe(2);
    expect(m.path).toBe('/message/content/0/input/command');
    expect(m.secret).toBe(PEM);
    expect(line.slice(m.start, m.end)).toBe(JSON.stringify(PEM).slice(1, -1));
    expect(command.slice(m.valueStart, m.valueEnd)).toBe(PEM);
  });

  it('offsets handle \\u escapes and surrogate pairs before the secret', () => {
    const line = `{"type":"user","message":{"content":"\\u00e9t\\u00e9 \\ud83d\\ude00 \\"quoted\\" GITHUB_TOKEN=${FAKE.ghp}"}}`;
    const [m] = scanLines([line]);
    expect(m && line.slice(m.start, m.end)).toBe(FAKE.ghp);
    expect(m?.path).toBe('/message/content');
  });

  it('ids are stable ruleId:hash, shared by every occurrence', () => {
    const a = scanLines([bashLine(`GITHUB_TOKEN=${FAKE.ghp}`), resultLine(`token ${FAKE.ghp}`)]);
    const b = scanLines([resultLine(`x ${FAKE.ghp} y`)]);
    expect(new Set([...a, ...b].map((m) => m.id)).size).toBe(1);
    expect(a[0]?.id).toMatch(/^github-token:[0-9a-f]{16}$/);
  });

  it('context is one line, ~40 chars each side, and never contains a whole secret', () => {
    const text = `before ${'.'.repeat(60)} AWS_SECRET_ACCESS_KEY=${FAKE.awsSecret} and ${FAKE.akia}\nnext line ${'.'.repeat(60)}`;
    const matches = scanLines([resultLine(text)]);
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(m.context).not.toContain(FAKE.awsSecret);
      expect(m.context).not.toContain(FAKE.akia);
      expect(m.context).not.toContain('\n');
      expect(m.context.length).toBeLessThan(m.context.includes('…') ? 120 : 200);
    }
    expect(matches[0]?.context).toContain('AWS_SECRET_ACCESS_KEY=');
  });

  it('maskSecret keeps a recognisable prefix and the last 4 characters only', () => {
    expect(maskSecret(FAKE.anthropic)).toBe(`sk-ant-api03-…${FAKE.anthropic.slice(-4)}`);
    expect(maskSecret(PEM)).toBe('-----BEGIN RSA PRIVATE KEY-----…');
    expect(maskSecret('hunter2')).toBe('••••••');
    expect(maskSecret('Zq7Lm2Pv9Tz4Bn8Wc')).toBe('Zq…Wc');
  });
});

describe('lines that are not valid JSON', () => {
  it('scans and redacts a truncated last line and a plain-text line as raw text', () => {
    const truncated = bashLine(
      `export GITHUB_TOKEN=${FAKE.ghp}; PASSWORD=hunter2-Xq9 ./deploy.sh --with-a-long-tail`,
    ).slice(0, -40);
    const plain = `ANTHROPIC_API_KEY=${FAKE.anthropic} (pasted by hand)`;
    const lines = [truncated, plain];
    const matches = scanLines(lines);
    expect(secretsOf(matches).sort()).toEqual([FAKE.anthropic, FAKE.ghp, 'hunter2-Xq9'].sort());
    expect(matches.find((m) => m.secret === FAKE.anthropic)?.path).toBeNull();
    const out = redactLines(lines, defaultSelection(matches), { matches });
    expect(out).toHaveLength(2);
    expect(out[1]).toBe('ANTHROPIC_API_KEY=[REDACTED:anthropic-key] (pasted by hand)');
    expect(out[0]).toContain('GITHUB_TOKEN=[REDACTED:github-token]; PASSWORD=[REDACTED:secret-assignment]');
    expect(out[0]?.startsWith(truncated.slice(0, 100))).toBe(true);
  });
});

describe('redactLines', () => {
  it('replaces a secret in content, tool input and toolUseResult (and a stream delta)', () => {
    const key = FAKE.anthropic;
    const lines = [
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: `my key is ${key}, please check it` },
        uuid: fakeUuid(),
      }),
      bashLine(`ANTHROPIC_API_KEY=${key} npm test`),
      resultLine(`env:\nANTHROPIC_API_KEY=${key}\nNODE_ENV=test`),
      JSON.stringify({
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: key } },
        uuid: fakeUuid(),
      }),
    ];
    const matches = scanLines(lines);
    expect(matches.map((m) => m.path)).toEqual([
      '/message/content',
      '/message/content/0/input/command',
      '/message/content/0/content',
      '/toolUseResult/stdout',
      '/event/delta/text',
    ]);
    const out = redactLines(lines, new Set([key]));
    expect(out.join('\n')).not.toContain(key);
    const parsed = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(JSON.stringify(parsed[0])).toContain('my key is [REDACTED:anthropic-key], please');
    expect(JSON.stringify(parsed[2])).toContain(
      '"stdout":"env:\\nANTHROPIC_API_KEY=[REDACTED:anthropic-key]\\nNODE_ENV=test"',
    );
    expect(JSON.stringify(parsed[3])).toContain('"text":"[REDACTED:anthropic-key]"');
  });

  it('keeps every other byte of the line: number formats, escapes, whitespace and key order', () => {
    const line = `{"b": 1.0, "a":1e5,  "t":"caf\\u00e9 \\/ok", "cmd":"PASSWORD=hunter2-Xq9 \\u0041", "n":null, "x":[true,false]}`;
    const [out] = redactLines([line], new Set(['hunter2-Xq9']));
    expect(out).toBe(
      `{"b": 1.0, "a":1e5,  "t":"caf\\u00e9 \\/ok", "cmd":"PASSWORD=[REDACTED:secret-assignment] \\u0041", "n":null, "x":[true,false]}`,
    );
  });

  it('replaces secrets that JSON escapes (a PEM block) and leaves unselected secrets alone', () => {
    const lines = [resultLine(`${PEM}\nGITHUB_TOKEN=${FAKE.ghp}`)];
    const out = redactLines(lines, new Set([PEM]));
    const parsed = JSON.parse(out[0] ?? '') as { toolUseResult: { stdout: string } };
    expect(parsed.toolUseResult.stdout).toBe(`[REDACTED:private-key]\nGITHUB_TOKEN=${FAKE.ghp}`);
  });

  it('never touches keys, ids or signatures, even for a literal that occurs there', () => {
    const line = JSON.stringify({
      uuid: '326189cf-5676-4237-8cde-1ce80aae4a9f',
      message: {
        id: 'msg_01Xsmi8hB6RYP8JDkEhdJXBn',
        content: [{ type: 'thinking', thinking: 'about 5676', signature: 'Eq5676AbCd' }],
      },
      k5676: '5676',
    });
    const matches = scanLines([line], { literals: ['5676'] });
    expect(matches.map((m) => m.path)).toEqual(['/message/content/0/thinking', '/k5676']);
    const [out] = redactLines([line], new Set(['5676']), { literals: ['5676'] });
    expect(JSON.parse(out ?? '')).toEqual({
      uuid: '326189cf-5676-4237-8cde-1ce80aae4a9f',
      message: {
        id: 'msg_01Xsmi8hB6RYP8JDkEhdJXBn',
        content: [{ type: 'thinking', thinking: 'about [REDACTED:literal]', signature: 'Eq5676AbCd' }],
      },
      k5676: '[REDACTED:literal]',
    });
  });

  it('returns the lines unchanged (same strings) when nothing is selected or nothing matches', () => {
    const lines = [bashLine('ls -la'), '', 'not json'];
    expect(redactLines(lines, new Set())).toEqual(lines);
    expect(redactLines(lines, new Set([FAKE.ghp]))).toEqual(lines);
  });

  it('is idempotent: a redacted trace has nothing left to find', () => {
    const lines = [
      bashLine(`export GITHUB_TOKEN=${FAKE.ghp} DATABASE_URL=postgres://app:${FAKE.dbPw}@db/x PASSWORD="hunter2-Xq9"`),
      resultLine(PEM),
    ];
    const once = redactLines(lines, defaultSelection(scanLines(lines)));
    expect(scanLines(once)).toEqual([]);
  });
});

describe('custom patterns and literals', () => {
  it('reports literals and extra patterns (named group `secret` narrows the match)', () => {
    const lines = [
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: 'customer ACME-INTERNAL-4471 ordered; license LIC-9f8e7d6c-2b1a; build #77' },
      }),
    ];
    const opts = {
      literals: ['ACME-INTERNAL-4471'],
      extraPatterns: [
        { label: 'License key', pattern: 'license (?<secret>LIC-[0-9a-f-]+)' },
        { label: 'broken', pattern: '(' },
      ],
    };
    const matches = scanLines(lines, opts);
    expect(matches.map((m) => [m.ruleId, m.secret])).toEqual([
      ['literal', 'ACME-INTERNAL-4471'],
      ['custom-1', 'LIC-9f8e7d6c-2b1a'],
    ]);
    expect(listRules(opts).slice(-2)).toEqual([
      { id: 'custom-1', label: 'License key', group: 'Custom' },
      { id: 'literal', label: 'Literal string', group: 'Custom' },
    ]);
    const out = redactLines(lines, defaultSelection(matches), { ...opts, matches });
    expect(out[0]).toContain('customer [REDACTED:literal] ordered; license [REDACTED:custom-1]; build #77');
  });

  it('validatePattern explains unusable patterns', () => {
    expect(validatePattern('LIC-[0-9]+')).toBeNull();
    expect(validatePattern('(')).toMatch(/./);
    expect(validatePattern('a*')).toMatch(/empty/);
    expect(validatePattern('')).toMatch(/empty/);
  });

  it('a selected secret with no rule gets the literal placeholder', () => {
    const [out] = redactLines([resultLine('the code word is swordfish-42')], new Set(['swordfish-42']), {
      matches: [],
    });
    expect(out).toContain('the code word is [REDACTED:literal]');
  });
});

describe('rules, grouping and placeholders', () => {
  it('lists every built-in rule once, with a group', () => {
    const rules = listRules();
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    for (const g of [
      'Anthropic',
      'OpenAI',
      'AWS',
      'GitHub',
      'Slack',
      'Google',
      'JWT',
      'Private keys',
      'Auth headers',
      'Passwords & secrets',
      'Connection strings & URLs',
    ]) {
      expect(rules.some((r) => r.group === g)).toBe(true);
    }
  });

  it('groupMatches groups by rule, then by secret', () => {
    const matches = scanLines([
      bashLine(`GITHUB_TOKEN=${FAKE.ghp} GH2=${FAKE.ghs}`),
      resultLine(`${FAKE.ghp}\nPASSWORD=hunter2-Xq9`),
    ]);
    const groups = groupMatches(matches);
    expect(groups.map((g) => [g.rule.id, g.secrets.map((s) => [s.secret, s.occurrences.length])])).toEqual([
      [
        'github-token',
        [
          [FAKE.ghp, 3],
          [FAKE.ghs, 1],
        ],
      ],
      ['secret-assignment', [['hunter2-Xq9', 2]]],
    ]);
    expect(groups[0]?.secrets[0]?.masked).toBe(`ghp_…${FAKE.ghp.slice(-4)}`);
  });

  it('placeholders are plain JSON-safe strings', () => {
    expect(placeholderFor('anthropic-key', FAKE.anthropic)).toBe('[REDACTED:anthropic-key]');
    expect(placeholderFor('we"ird\\id', 'x')).toBe('[REDACTED:we-ird-id]');
  });

  it.each([
    ['$PASSWORD', true],
    ['${DB_PASS}', true],
    ['<your-password>', true],
    ['changeme', true],
    ['****', true],
    ['your_api_key_here', true],
    ['[REDACTED:secret-assignment]', true],
    ['{{ password }}', true],
    ['/run/secrets/db', true],
    ['1234', true],
    ['null', true],
    ['hunter2-Xq9', false],
    ['Zq7Lm2Pv9Tz4', false],
    ['correct-horse', false],
  ])('isPlaceholderValue(%j) = %s', (v, expected) => {
    expect(isPlaceholderValue(v)).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The redaction corpus
// ---------------------------------------------------------------------------------------------------------------

interface Corpus {
  secrets: { secret: string; ruleId: string }[];
  nonSecrets: string[];
}
const corpusLines = readFileSync(new URL('./fixtures/redaction-corpus.jsonl', import.meta.url), 'utf8').split('\n');
if (corpusLines[corpusLines.length - 1] === '') corpusLines.pop();
const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/redaction-corpus.expected.json', import.meta.url), 'utf8'),
) as Corpus;

/** Every decoded string value in a parsed JSON value. */
function stringsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

describe('redaction corpus', () => {
  const matches = scanLines(corpusLines);
  const decoded = corpusLines.flatMap((l) => stringsOf(JSON.parse(l)));
  const ruleIds = new Set(listRules().map((r) => r.id));

  it('is big enough and well-formed', () => {
    expect(corpus.secrets.length).toBeGreaterThanOrEqual(40);
    expect(corpus.nonSecrets.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.secrets.map((s) => s.secret)).size).toBe(corpus.secrets.length);
    for (const { ruleId } of corpus.secrets) expect(ruleIds.has(ruleId), ruleId).toBe(true);
    for (const n of corpus.nonSecrets)
      expect(
        decoded.some((s) => s.includes(n)),
        `non-secret present: ${n}`,
      ).toBe(true);
    // Every built-in rule except the generic JSON-field one is exercised by the corpus, plus that one.
    expect(new Set(corpus.secrets.map((s) => s.ruleId))).toEqual(ruleIds);
  });

  it('holds every secret where a reader sees it: in a string, or in a text the viewer rebuilds from pieces', async () => {
    const { trace } = await loadText(corpusLines.join('\n'));
    const rebuilt = trace.turns.flatMap((t) => [
      t.blocks.map((b) => (b.type === 'text' ? b.text : '')).join(''),
      ...(t.stream?.blocks.flatMap((b) => [b.text, JSON.stringify(b.input ?? '')]) ?? []),
    ]);
    const split = corpus.secrets.filter(({ secret }) => !decoded.some((s) => s.includes(secret)));
    for (const { secret, ruleId } of split)
      expect(
        rebuilt.some((t) => t.includes(secret)),
        `secret present: ${ruleId}`,
      ).toBe(true);
    // The split cases are there: a token in stream deltas, a password in tool input deltas, a token over two lines.
    expect(
      matches
        .filter((m) => (m.pieces?.length ?? 0) > 1)
        .map((m) => m.path)
        .sort(),
    ).toEqual(['/event/delta/partial_json', '/event/delta/text', '/message/content/0/text']);
  });

  it('catches 100% of the secrets, each with its rule', () => {
    const rulesBySecret = new Map<string, Set<string>>();
    for (const m of matches)
      rulesBySecret.set(m.secret, (rulesBySecret.get(m.secret) ?? new Set<string>()).add(m.ruleId));
    const missed = corpus.secrets.filter((s) => !rulesBySecret.has(s.secret)).map((s) => s.ruleId);
    expect(missed).toEqual([]);
    for (const { secret, ruleId } of corpus.secrets)
      expect([...(rulesBySecret.get(secret) ?? [])], ruleId).toEqual([ruleId]);
  });

  it('reports nothing else: no look-alike is ever reported as or inside a match', () => {
    const expected = new Set(corpus.secrets.map((s) => s.secret));
    expect(secretsOf(matches).filter((s) => !expected.has(s))).toEqual([]);
    for (const m of matches) {
      for (const n of corpus.nonSecrets) {
        expect(m.secret.includes(n), `${n} inside ${m.ruleId} match`).toBe(false);
        expect(n.includes(m.secret), `${m.ruleId} match inside ${n}`).toBe(false);
      }
    }
  });

  it('every match points at its secret in the raw line', () => {
    for (const m of matches) {
      if (m.pieces) {
        // In pieces: each piece is a slice of its line, in order.
        expect(m.pieces.length, m.secret).toBeGreaterThan(1);
        expect(m.pieces[0]).toEqual({ line: m.line, start: m.start, end: m.end });
        if (m.path !== '/event/delta/partial_json')
          expect(m.pieces.map((p) => corpusLines[p.line - 1]?.slice(p.start, p.end)).join('')).toBe(m.secret);
      } else {
        expect(corpusLines[m.line - 1]?.slice(m.start, m.end)).toBe(JSON.stringify(m.secret).slice(1, -1));
      }
    }
  });

  describe('redacted output', () => {
    const out = redactLines(corpusLines, defaultSelection(matches), { matches });
    const placeholderOf = new Map(corpus.secrets.map((s) => [s.secret, placeholderFor(s.ruleId, s.secret)]));
    const bySize = [...placeholderOf.keys()].sort((a, b) => b.length - a.length);
    const redactString = (s: string): string =>
      bySize.reduce((acc, secret) => acc.split(secret).join(placeholderOf.get(secret) ?? ''), s);

    it('has the same number of lines, all valid JSON', () => {
      expect(out).toHaveLength(corpusLines.length);
      for (const l of out) expect(() => JSON.parse(l)).not.toThrow();
    });

    it('contains no secret, decoded or JSON-escaped, and no piece of a secret that came in pieces', () => {
      const raw = out.join('\n');
      const strings = out.flatMap((l) => stringsOf(JSON.parse(l)));
      for (const { secret, ruleId } of corpus.secrets) {
        expect(raw.includes(secret) || raw.includes(JSON.stringify(secret).slice(1, -1)), ruleId).toBe(false);
        expect(
          strings.some((s) => s.includes(secret)),
          ruleId,
        ).toBe(false);
      }
      for (const m of matches) {
        for (const p of m.pieces ?? []) {
          const piece = corpusLines[p.line - 1]?.slice(p.start, p.end) ?? '';
          if (piece.length >= 5) expect(raw.includes(piece), `piece of ${m.ruleId}`).toBe(false);
        }
      }
    });

    it('leaves nothing for the check before sealing: not in the lines, not in anything the model rebuilds', async () => {
      expect(await residualSecrets([{ path: 'corpus.jsonl', text: out.join('\n') }], [], loadChecked)).toEqual([]);
      // While the unredacted corpus is refused, by both the line scan and the model.
      const before = await residualSecrets([{ path: 'corpus.jsonl', text: corpusLines.join('\n') }], [], loadChecked);
      expect(before.length).toBe(corpus.secrets.length);
    });

    it('keeps structure, keys, non-string values and ids; strings change only by the replacements', () => {
      const compare = (a: unknown, b: unknown, path: string): void => {
        if (typeof a === 'string') {
          // Id fields get a placeholder numbered per secret.
          const idField = /\/(?:id|request_id)$/.test(path);
          expect(idField && typeof b === 'string' ? b.replace(/(\[REDACTED:[a-z-]+):\d+\]/g, '$1]') : b, path).toBe(
            redactString(a),
          );
        } else if (Array.isArray(a)) {
          expect(Array.isArray(b), path).toBe(true);
          const bb = b as unknown[];
          expect(bb.length, path).toBe(a.length);
          a.forEach((x, i) => compare(x, bb[i], `${path}/${i}`));
        } else if (a !== null && typeof a === 'object') {
          const bo = b as Record<string, unknown>;
          expect(Object.keys(bo), path).toEqual(Object.keys(a));
          for (const [k, v] of Object.entries(a)) compare(v, bo[k], `${path}/${k}`);
        } else {
          expect(b, path).toBe(a);
        }
      };
      // Lines holding a piece of a split secret change by more than a replacement (the other pieces become empty).
      const pieceLines = new Set(matches.flatMap((m) => (m.pieces ?? []).map((p) => p.line - 1)));
      expect(pieceLines.size).toBeGreaterThan(10);
      corpusLines.forEach((l, i) => {
        if (!pieceLines.has(i)) compare(JSON.parse(l), JSON.parse(out[i] ?? ''), `line ${i + 1}`);
      });
      // Ids, look-alikes and unaffected lines are byte-identical.
      for (const n of corpus.nonSecrets) expect(out.join('\n').includes(JSON.stringify(n).slice(1, -1)), n).toBe(true);
      const untouched = corpusLines.filter(
        (l, i) => !pieceLines.has(i) && !corpus.secrets.some((s) => l.includes(JSON.stringify(s.secret).slice(1, -1))),
      );
      expect(untouched.length).toBeGreaterThan(0);
      for (const l of untouched) expect(out).toContain(l);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function mapStrings(v: Json, f: (s: string) => string, renameKey: (k: string) => string = (k) => k): Json {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f, renameKey));
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [renameKey(k), mapStrings(x, f, renameKey)]));
  return v;
}

describe('properties', () => {
  it('redacting any substring of any JSON line keeps it valid and changes only that substring in string values', () => {
    // Keys are prefixed so that none is one of the skipped id fields.
    const json = (fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }) as fc.Arbitrary<Json>).map((v) =>
      mapStrings(
        v,
        (x) => x,
        (k) => `k${k}`,
      ),
    );
    fc.assert(
      fc.property(json, fc.nat(), fc.nat(), fc.nat(), (v, i, x, y) => {
        const strings = stringsOf(v).filter((t) => t.length > 0);
        fc.pre(strings.length > 0);
        const t = strings[i % strings.length] ?? '';
        const a = x % t.length;
        const secret = t.slice(a, a + 1 + (y % (t.length - a)));
        const line = JSON.stringify(v);
        const [out] = redactLines([line], new Set([secret]), { matches: [] });
        const placeholder = placeholderFor('literal', secret);
        const expected = JSON.parse(JSON.stringify(mapStrings(v, (s) => s.split(secret).join(placeholder)))) as Json;
        expect(JSON.parse(out ?? '')).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('truncated corpus lines never throw, keep their count, and lose every whole secret they still contain', () => {
    const matches = scanLines(corpusLines);
    const selected = new Set(corpus.secrets.map((s) => s.secret));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: corpusLines.length - 1 }), fc.nat()), { minLength: 1, maxLength: 8 }),
        (cuts) => {
          const lines = cuts.map(([li, at]) => {
            const l = corpusLines[li] ?? '';
            return l.slice(0, at % (l.length + 1));
          });
          expect(() => scanLines(lines)).not.toThrow();
          const out = redactLines(lines, selected, { matches });
          expect(out).toHaveLength(lines.length);
          for (const l of out)
            for (const secret of selected) expect(l.includes(JSON.stringify(secret).slice(1, -1))).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
