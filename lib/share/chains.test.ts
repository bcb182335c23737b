// Secrets a reader rebuilds from several strings: stream deltas (text and tool input JSON), text blocks of one message
// over two lines or two strings, plain-text lines. Each is found, every piece is replaced, every line stays JSON, and
// the trace loaded through the real parser and model keeps its stats and stream verdicts while no piece is left.
import { describe, expect, it } from 'vitest';
import { loadText } from '../trace/testing/load';
import { cc, jsonl, sdk, text, toolUse, type Line } from '../trace/testing/builders';
import { defaultSelection, redactLines, scanLines } from './redact';

// Fake secrets: random-looking, never real credentials.
const GHP = 'ghp_R7kq2Vx9Lm4Pz8Tn3Wb6Yc1Hd5Jf0Gs2Ue4A';
const PW = 'Hx7-qLp2Zr9vWm4T';
const PEM = [
  '-----BEGIN OPENSSH PRIVATE KEY-----',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  'QyNTUxOQAAACDx7Lm2Pv9Tz4Bn8Wc1Yr6Hs5Jd0Fg3Ak7eRt2Yp5Lq9AAAAJgZ8vYd',
  '-----END OPENSSH PRIVATE KEY-----',
].join('\n');

/** Cuts `s` into `n` pieces of nearly equal length. */
function cut(s: string, n: number): string[] {
  const size = Math.ceil(s.length / n);
  return Array.from({ length: n }, (_, i) => s.slice(i * size, (i + 1) * size)).filter((p) => p !== '');
}

/** An SDK stream of one message: a text block and a Bash tool_use streamed in the given pieces, then the completed message. */
function streamed(textPieces: readonly string[], inputPieces: readonly string[]): Line[] {
  const full = textPieces.join('');
  const input = JSON.parse(inputPieces.join('')) as Line;
  return [
    sdk.init(),
    sdk.messageStart('msg_01StreamSplit0000000001', { input: 10, output: 1 }),
    sdk.blockStart(0, { type: 'text', text: '' }),
    ...textPieces.map((p) => sdk.textDelta(0, p)),
    sdk.blockStop(0),
    sdk.blockStart(1, { type: 'tool_use', id: 'toolu_01SplitInput000000001', name: 'Bash', input: {} }),
    ...inputPieces.map((p) => sdk.jsonDelta(1, p)),
    sdk.blockStop(1),
    sdk.messageDelta('tool_use', { output: 42 }),
    sdk.messageStop(),
    sdk.assistant(
      'msg_01StreamSplit0000000001',
      [text(full), toolUse('toolu_01SplitInput000000001', 'Bash', input)],
      { input: 10, output: 42 },
      { stop: 'tool_use' },
    ),
    sdk.toolResult('toolu_01SplitInput000000001', 'Login Succeeded'),
    sdk.result({ cost: 0.0123 }),
  ];
}

const linesOf = (t: string): string[] => t.split('\n');

/** Every piece a reader could still see: the pieces of `secret` as cut, and the secret itself. */
function expectNoPiece(haystack: string, secret: string, pieces: readonly string[]): void {
  expect(haystack).not.toContain(secret);
  for (const p of pieces) if (p.length >= 5) expect(haystack, `piece ${p}`).not.toContain(p);
}

describe('secrets split across stream deltas', () => {
  const textPieces = ['The token is ', ...cut(GHP, 8), ' — rotate it.'];
  const command = JSON.stringify({
    command: `echo ${PW} | docker login registry.acme.dev -u ci --password-stdin`,
    description: 'Log in',
  });
  const inputPieces = cut(command, 9);
  const original = jsonl(streamed(textPieces, inputPieces));
  const lines = linesOf(original);

  it('finds the token in the joined text_deltas with all its pieces, and the password in the joined input_json_delta', () => {
    const matches = scanLines(lines);
    // Nothing else: a piece alone (`echo Hx7-q…` in one fragment) is not reported as a shorter secret of its own.
    expect(new Set(matches.map((m) => m.secret))).toEqual(new Set([GHP, PW]));
    const token = matches.filter((m) => m.secret === GHP);
    const split = token.find((m) => m.pieces !== undefined);
    expect(split?.ruleId).toBe('github-token');
    expect(split?.pieces).toHaveLength(cut(GHP, 8).length);
    expect(split?.path).toBe('/event/delta/text');
    // The completed message has it whole too: one secret, two occurrences.
    expect(new Set(token.map((m) => m.id)).size).toBe(1);
    expect(token.length).toBeGreaterThanOrEqual(2);
    const pw = matches.filter((m) => m.secret === PW);
    expect(pw.some((m) => m.path === '/event/delta/partial_json' && (m.pieces?.length ?? 0) >= 2)).toBe(true);
    expect(pw.some((m) => m.path === '/message/content/1/input/command')).toBe(true);
  });

  it('redacts every piece, keeps each line valid JSON, and the model rebuilds the placeholder with the same stats', async () => {
    const matches = scanLines(lines);
    const out = redactLines(lines, defaultSelection(matches), { matches });
    expect(out).toHaveLength(lines.length);
    for (const l of out) if (l !== '') expect(() => JSON.parse(l)).not.toThrow();
    const redacted = out.join('\n');
    expectNoPiece(redacted, GHP, cut(GHP, 8));
    expectNoPiece(redacted, PW, cut(PW, 3));

    const before = await loadText(original);
    const after = await loadText(redacted);
    expect(after.stats).toEqual(before.stats);
    expect(after.trace.events.length).toBe(before.trace.events.length);
    const stream = after.trace.turns.find((t) => t.stream)?.stream;
    expect(stream?.verdict).toBe('match');
    expect(stream?.deltaCount).toBe(before.trace.turns.find((t) => t.stream)?.stream?.deltaCount);
    expect(stream?.blocks[0]?.text).toBe('The token is [REDACTED:github-token] — rotate it.');
    expect(stream?.blocks[1]?.input).toEqual({
      command: 'echo [REDACTED:piped-password] | docker login registry.acme.dev -u ci --password-stdin',
      description: 'Log in',
    });
    expect(scanLines(out)).toEqual([]);
  });

  it('keeps pieces that JSON escapes whole: a key block whose line breaks are cut between deltas', async () => {
    const input = JSON.stringify({ command: `cat > key <<'EOF'\n${PEM}\nEOF`, description: 'Write key' });
    // Cut so that a piece ends between the backslash and the `n` of an escaped line break.
    const at = input.indexOf('\\n', input.indexOf('BEGIN')) + 1;
    const pieces = [input.slice(0, at), input.slice(at, at + 30), input.slice(at + 30)];
    const l = linesOf(jsonl(streamed(['ok'], pieces)));
    const matches = scanLines(l);
    expect(matches.filter((m) => m.secret === PEM).map((m) => m.ruleId)).toContain('private-key');
    const out = redactLines(l, defaultSelection(matches), { matches });
    const after = await loadText(out.join('\n'));
    const stream = after.trace.turns.find((t) => t.stream)?.stream;
    expect(stream?.verdict).toBe('match');
    expect(stream?.blocks[1]?.input).toEqual({
      command: "cat > key <<'EOF'\n[REDACTED:private-key]\nEOF",
      description: 'Write key',
    });
  });

  it('follows streams by session and parent: a subagent stream interleaved with the main one is joined on its own', () => {
    const half = cut(GHP, 2);
    const l = linesOf(
      jsonl([
        sdk.messageStart('msg_01Main00000000000000001', {}),
        sdk.messageStart('msg_01Sub000000000000000001', {}, [], { parent: 'toolu_01Parent000000000001' }),
        sdk.blockStart(0, { type: 'text', text: '' }),
        sdk.blockStart(0, { type: 'text', text: '' }, { parent: 'toolu_01Parent000000000001' }),
        sdk.textDelta(0, `main ${half[0] ?? ''}`),
        sdk.textDelta(0, 'subagent text, nothing secret', { parent: 'toolu_01Parent000000000001' }),
        sdk.textDelta(0, `${half[1] ?? ''} end`),
      ]),
    );
    const m = scanLines(l).find((x) => x.secret === GHP);
    expect(m?.pieces?.map((p) => p.line)).toEqual([5, 7]);
  });
});

describe('secrets cut across two lines or two strings', () => {
  it('text blocks of one message over two Claude Code lines (same message id)', async () => {
    const [a = '', b = ''] = cut(GHP, 2);
    const original = jsonl([
      cc.prompt('show me'),
      cc.assistant('msg_01TwoLines00000000000001', [text(`Use ${a}`)], { input: 5, output: 9 }),
      cc.assistant('msg_01TwoLines00000000000001', [text(`${b} to log in.`)], { input: 5, output: 9 }),
    ]);
    const lines = linesOf(original);
    const m = scanLines(lines).find((x) => x.secret === GHP);
    expect(m?.pieces?.map((p) => p.line)).toEqual([2, 3]);
    const out = redactLines(lines, new Set([GHP])).join('\n');
    expectNoPiece(out, GHP, [a, b]);
    expect(out).toContain('Use [REDACTED:github-token]');
    expect((await loadText(out)).stats).toEqual((await loadText(original)).stats);
  });

  it('two text blocks in one content array', () => {
    const [a = '', b = ''] = cut(GHP, 2);
    const line = JSON.stringify({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'text', text: `token ${a}` },
          { type: 'text', text: b },
        ],
      },
    });
    const m = scanLines([line]).find((x) => x.secret === GHP);
    expect(m?.pieces).toHaveLength(2);
    const [out = ''] = redactLines([line], new Set([GHP]));
    expect(JSON.parse(out)).toEqual({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'text', text: 'token [REDACTED:github-token]' },
          { type: 'text', text: '' },
        ],
      },
    });
  });

  it('a key block over several lines of a plain-text file', () => {
    const lines = ['notes from the deploy', ...PEM.split('\n'), 'done'];
    const m = scanLines(lines).find((x) => x.secret === PEM);
    expect(m?.ruleId).toBe('private-key');
    expect(m?.pieces).toHaveLength(4);
    const out = redactLines(lines, new Set([PEM]));
    expect(out).toEqual(['notes from the deploy', '[REDACTED:private-key]', '', '', '', 'done']);
  });

  it('a token cut by terminal colour codes, which the viewer strips', async () => {
    const [a = '', b = ''] = cut(GHP, 2);
    const stdout = `token: \u001b[1;32m${a}\u001b[0m${b}\n`;
    const original = jsonl([
      cc.assistant(
        'msg_01Ansi000000000000000001',
        [toolUse('toolu_01Ansi00000000000000001', 'Bash', { command: 'gh auth token' })],
        {},
      ),
      cc.result('toolu_01Ansi00000000000000001', stdout, { toolUseResult: { stdout, stderr: '', interrupted: false } }),
    ]);
    const lines = linesOf(original);
    const found = scanLines(lines).filter((x) => x.secret === GHP);
    expect(found.map((m) => m.path)).toEqual(['/message/content/0/content', '/toolUseResult/stdout']);
    const out = redactLines(lines, new Set([GHP])).join('\n');
    expectNoPiece(out, GHP, [a, b]);
    const { trace } = await loadText(out);
    expect(trace.toolCalls[0]?.result?.text).toBe('token: [REDACTED:github-token]\n');
  });

  it('does not join strings that no reader joins: two fields of one object', () => {
    const [a = '', b = ''] = cut(GHP, 2);
    expect(
      scanLines([JSON.stringify({ type: 'user', cwd: `/x/${a}`, message: { role: 'user', content: b } })]),
    ).toEqual([]);
  });
});

describe('id fields', () => {
  it('a token in an id field is found, and a secret found elsewhere is replaced there with a numbered placeholder', () => {
    const other = 'ghp_Q2wE4rT6yU8iO0pA1sD3fG5hJ7kL9zX1cV3b';
    const lines = [
      JSON.stringify({
        type: 'user',
        toolUseResult: {
          items: [
            { id: GHP, name: 'deploy token' },
            { id: other, name: 'ci token' },
          ],
          request_id: 'req-7f3a',
        },
      }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: `the deploy token is ${GHP}` } }),
    ];
    const matches = scanLines(lines);
    expect(matches.filter((m) => m.path?.endsWith('/id')).map((m) => m.secret)).toEqual([GHP, other]);
    const out = redactLines(lines, defaultSelection(matches), { matches });
    const first = JSON.parse(out[0] ?? '') as { toolUseResult: { items: { id: string }[]; request_id: string } };
    const ids = first.toolUseResult.items.map((i) => i.id);
    expect(ids[0]).toMatch(/^\[REDACTED:github-token:\d+\]$/);
    expect(ids[1]).toMatch(/^\[REDACTED:github-token:\d+\]$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(first.toolUseResult.request_id).toBe('req-7f3a');
    expect(out[1]).toContain('the deploy token is [REDACTED:github-token]');
  });
});
