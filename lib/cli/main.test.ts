// `loupe stats` per response and per model call, run through the CLI entry point on real transcripts. The numbers are
// checked against the CLI's own totals, against test/fixtures/expected (derived by an independent script), and
// against the raw lines the rows point at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../view/rowview';
import { duration, TURN_TABLE_CAP } from './format';
import { runCli } from './main';

const ROOT = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const DEEP = path.join(ROOT, 'claude-code-log/projects/-src-deep-manifest');
const STREAM = path.join(ROOT, 'open-harness/golden/structured-output.stream.jsonl');
const EXPECTED = JSON.parse(readFileSync(path.resolve(ROOT, '../expected/real-stats.json'), 'utf8')) as Record<
  string,
  { apiMessages: number; tokens: Record<string, number> }
>;

const TOKEN_KINDS = ['input', 'output', 'cacheCreation', 'cache5m', 'cache1h', 'cacheRead'] as const;

interface PerTurn {
  response: number;
  turn: number;
  agent: string;
  model: string;
  stopReason: string;
  tokens: Record<(typeof TOKEN_KINDS)[number], number>;
  costUsd: number;
  toolCalls: number;
  durationMs?: number;
  line: string;
}

interface ResponseJson {
  index: number;
  end: string;
  turns: number;
  mainAgentTurns: number;
  numTurns: number | null;
  resultSubtype: string | null;
  isError: boolean | null;
  costUsd: number;
  reportedCostUsd: number | null;
}

interface StatsOut {
  apiMessages: number;
  tokens: Record<(typeof TOKEN_KINDS)[number], number>;
  toolCalls: { requested: number };
  cost: { computedUsd: number; reportedUsd: number | null };
  byModel: unknown[];
  byAgent: { label: string }[];
  perTurn: PerTurn[];
  responses: ResponseJson[];
}

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (out += s) });
  return { code, out };
}

async function statsJson(p: string): Promise<StatsOut> {
  const { code, out } = await run('stats', p, '--json');
  expect(code).toBe(0);
  return JSON.parse(out) as StatsOut;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** The per-call costs add up to the computed total, which is itself rounded to 6 decimals: off by at most half of 1e-6. */
function expectCostSums(rows: readonly { costUsd: number }[], totalUsd: number): void {
  expect(Math.abs(sum(rows.map((r) => r.costUsd)) - totalUsd)).toBeLessThanOrEqual(5e-7 + 1e-12);
}

/** The raw line a `file:line` reference points at, parsed. */
function rawLine(folderOrFile: string, ref: string): Record<string, unknown> {
  const [name, line] = [ref.slice(0, ref.lastIndexOf(':')), Number(ref.slice(ref.lastIndexOf(':') + 1))];
  const file = folderOrFile.endsWith('.jsonl') ? folderOrFile : path.join(path.dirname(folderOrFile), name);
  const text = readFileSync(file, 'utf8').split('\n')[line - 1];
  return JSON.parse(text ?? 'null') as Record<string, unknown>;
}

describe('loupe stats --json: perTurn and responses', () => {
  it('deep-manifest folder: one perTurn row per counted model call, summing exactly to the totals', async () => {
    const s = await statsJson(DEEP);
    const want = EXPECTED['claude-code-log/projects/-src-deep-manifest'];
    expect(s.perTurn).toHaveLength(s.apiMessages);
    expect(s.perTurn).toHaveLength(want?.apiMessages ?? -1);
    for (const k of TOKEN_KINDS) expect(sum(s.perTurn.map((t) => t.tokens[k])), k).toBe(s.tokens[k]);
    for (const k of TOKEN_KINDS)
      expect(sum(s.perTurn.map((t) => t.tokens[k])), `${k} (independent)`).toBe(want?.tokens[k]);
    expectCostSums(s.perTurn, s.cost.computedUsd);
    expect(sum(s.perTurn.map((t) => t.toolCalls))).toBe(s.toolCalls.requested);
    // Both agents appear, in trace order (model call indices increase), each row pointing at an assistant line of its message.
    expect(new Set(s.perTurn.map((t) => t.agent))).toEqual(
      new Set(['main', 'Explore · Explore ZIP processing implementation']),
    );
    expect(s.perTurn.map((t) => t.turn)).toEqual([...s.perTurn.map((t) => t.turn)].sort((a, b) => a - b));
    for (const t of s.perTurn) {
      const raw = rawLine(DEEP, t.line);
      expect(raw.type, t.line).toBe('assistant');
      expect((raw.message as { model?: string }).model, t.line).toBe(t.model);
    }
    // Existing fields are still there.
    expect(s.byModel).toHaveLength(2);
    expect(s.byAgent).toHaveLength(2);
  });

  it('deep-manifest folder: responses hold every counted call, each costing the sum of its rows; no results, so no num_turns', async () => {
    const s = await statsJson(DEEP);
    expect(s.responses.map((r) => r.turns)).toEqual([0, 8, 5, 3, 62, 6, 24, 1]);
    expect(sum(s.responses.map((r) => r.turns))).toBe(s.apiMessages);
    for (const r of s.responses) {
      const rows = s.perTurn.filter((t) => t.response === r.index);
      expect(rows).toHaveLength(r.turns);
      expectCostSums(rows, r.costUsd);
      expect(r).toMatchObject({ numTurns: null, resultSubtype: null, isError: null, reportedCostUsd: null });
    }
  });

  it("structured-output stream: the response carries the result's num_turns beside the model calls counted", async () => {
    const s = await statsJson(STREAM);
    const lines = readFileSync(STREAM, 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    const results = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((o) => o.type === 'result');
    expect(results).toHaveLength(1);
    const result = results[0] ?? {};
    expect(s.responses).toHaveLength(1);
    expect(s.responses[0]).toMatchObject({
      index: 0,
      end: 'result',
      turns: 1,
      numTurns: result.num_turns,
      resultSubtype: result.subtype,
      isError: result.is_error,
      reportedCostUsd: result.total_cost_usd,
    });
    expect(s.responses[0]?.numTurns).toBe(2);
    expect(s.perTurn).toHaveLength(s.apiMessages);
    expect(s.perTurn).toHaveLength(1);
    for (const k of TOKEN_KINDS) expect(sum(s.perTurn.map((t) => t.tokens[k])), k).toBe(s.tokens[k]);
    expectCostSums(s.perTurn, s.cost.computedUsd);
    expect(s.perTurn[0]).toMatchObject({
      response: 0,
      agent: 'main',
      model: 'claude-sonnet-4-20250514',
      stopReason: 'tool_use',
      toolCalls: 1,
      line: 'structured-output.stream.jsonl:15',
    });
    expect(s.perTurn[0]?.tokens).toEqual({
      input: 3,
      output: 118,
      cacheCreation: 1960,
      cache5m: 1960,
      cache1h: 0,
      cacheRead: 13205,
    });
  });
});

describe('loupe stats on a Claude Code 2.1.1xx session folder (cc-2-1 sample)', () => {
  it('names the subagent by its Agent call, in the JSON and in the tables', async () => {
    const dir = path.resolve(import.meta.dirname, '../../public/samples/cc-2-1');
    const s = await statsJson(dir);
    expect(s.byAgent.map((b) => b.label)).toContain('alice · Refactor greeting helpers');
    expect(s.perTurn.filter((t) => t.agent === 'alice · Refactor greeting helpers')).toHaveLength(8);
    const { out } = await run('stats', dir);
    expect(out).toContain('alice · Refactor greeting helpers');
  });

  it('prints dollars as the workbench does: three significant digits under a dollar, no trailing zeros', async () => {
    const dir = path.resolve(import.meta.dirname, '../../public/samples/cc-2-1');
    const s = await statsJson(dir);
    const { out } = await run('stats', dir);
    const computed = s.cost.computedUsd;
    expect(computed).toBeLessThan(1);
    expect(out).toMatch(
      new RegExp(`^cost {7}computed \\$${computed.toPrecision(3).replace(/0+$/, '').replace('.', '\\.')} `, 'm'),
    );
    // Each call's cost has three significant digits (`$0.0379`, `$0.00776`), never two decimals (`$0.04`) or six.
    const costs = out.match(/\$0\.\d+/g) ?? [];
    expect(costs.length).toBeGreaterThan(10);
    for (const c of costs) expect(c).toMatch(/^\$0\.(?:0*[1-9]\d{0,2}|\d{2})$/);
  });
});

describe('loupe stats: per-response and per-call tables', () => {
  const HEADER = /^turn\s+resp\s+model\s+agent\s+in\s+out\s+cache w\s+cache r\s+cost\s+tools\s+duration\s+stop$/m;
  /** The rows of the per-call table: the lines after its header up to the cap line or the end. */
  const callRows = (out: string): string[] => {
    const lines = out.split('\n');
    const start = lines.findIndex((l) => HEADER.test(l));
    const rest = lines.slice(start + 1);
    const end = rest.findIndex((l) => l.startsWith('…') || l === '');
    return end < 0 ? rest : rest.slice(0, end);
  };

  it('deep-manifest: a per-response summary, then the first 50 model calls and a line for the rest', async () => {
    const { code, out } = await run('stats', DEEP);
    expect(code).toBe(0);
    // The by-model and by-agent tables are still there, before the new ones.
    expect(out.indexOf('model                      calls')).toBeGreaterThan(-1);
    expect(out.indexOf('agent             calls')).toBeLessThan(out.indexOf('per response (8)'));
    expect(out).toMatch(
      /^response\s+ended by\s+num_turns\s+model calls\s+main calls\s+output\s+cost\s+reported\s+duration\s+result$/m,
    );
    expect(out).toContain('per model call (109)');
    expect(out).toMatch(HEADER);
    const rows = callRows(out);
    expect(rows).toHaveLength(TURN_TABLE_CAP);
    expect(out).toContain(`… ${109 - TURN_TABLE_CAP} more model calls (use --turns or --json for all)`);
    // Aligned: numbers padded on the left to their header's width, text on the right.
    // The subagent's calls are among the first 50 (numbered by start time), so the agent column is as wide as its name.
    expect(rows[0]).toMatch(/^ {3}1 {5}2 {2}claude-opus-4-5-20251101 {3}main {49}3 {4}278 /);
  });

  it('--turns prints every model call and no cap line', async () => {
    const { out } = await run('stats', DEEP, '--turns');
    expect(callRows(out)).toHaveLength(109);
    expect(out).not.toContain('more model calls');
  });

  it('structured-output stream: the response row shows num_turns 2 beside 1 model call counted', async () => {
    const { out } = await run('stats', STREAM);
    expect(out).toMatch(/^\s+1\s+result\s+2\s+1\s+1\s+118\s+\$0\.0131\s+\$0\.0167\s+4\.0 s\s+error_max_turns$/m);
    expect(callRows(out)).toHaveLength(1);
    expect(out).not.toContain('more model calls');
  });
});

describe('loupe stats: model calls in no response', () => {
  // The made old-layout folder: three one-line warm-up agents, dated before and after the session's two responses.
  const OLD = path.resolve(import.meta.dirname, '../../test/fixtures/made/cc-2.0.44-old-layout/-home-dev-recorder');

  it('says them under the per-response table, so that its rows and that line add up to the totals', async () => {
    const s = await statsJson(OLD);
    const loose = s.perTurn.filter((t) => t.response < 0);
    expect(loose.map((t) => t.tokens.output)).toEqual([31, 44, 31]);
    // The responses' rows and the calls in none add up to the total cost.
    expect(sum(s.responses.map((r) => r.costUsd)) + sum(loose.map((t) => t.costUsd))).toBeCloseTo(
      s.cost.computedUsd,
      5,
    );
    const { out } = await run('stats', OLD);
    const usd = sum(loose.map((t) => t.costUsd));
    expect(out).toContain(`not in a response: 3 model calls, output 106, $${usd.toPrecision(3)} (resp — below)`);
    // Their rows show no response number (responses count from 1: a 0 there read as one).
    const rows = out.split('\n').filter((l) => /^ +\d+ +\S+ +claude-/.test(l));
    expect(rows.filter((l) => /^ +\d+ +— +/.test(l))).toHaveLength(3);
    expect(rows.some((l) => /^ +\d+ +0 +/.test(l))).toBe(false);
  });
});

describe('loupe --version', () => {
  it('prints the package\'s version and exits 0, as it did "unknown command" before', async () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(await run('--version')).toEqual({ code: 0, out: `loupe ${pkg.version}` });
  });
});

describe('loupe stats: the header', () => {
  it("prints the trace's duration, the span the workbench shows beside cost and tokens", async () => {
    const { out } = await run('stats', STREAM.replace('.stream.jsonl', '.json'));
    expect(out).toMatch(/^cost {7}computed \$0\.0131 {3}reported \$0\.0167\nduration {3}5\.4 s\n/m);
    // The stream of the same run has no timestamps: no span, said so, never a made-up 0 ms.
    expect((await run('stats', STREAM)).out).toMatch(/^duration {3}— \(fewer than two distinct timestamps\)$/m);
    expect((await run('stats', DEEP)).out).toMatch(/^duration {3}1h 55m$/m);
  });

  it('a trace with no model call: no empty per-model, per-agent or per-call tables, only their zero counts', async () => {
    const { code, out } = await run('stats', path.join(ROOT, 'claude-code-log/projects/-experiments-ideas'));
    expect(code).toBe(0);
    expect(out).toMatch(/^model calls 0 /m);
    expect(out).toMatch(/^duration {3}— \(fewer than two distinct timestamps\)$/m);
    expect(out).not.toMatch(/^model {2,}calls {2}input/m);
    expect(out).not.toMatch(/^agent {2,}calls {2}input/m);
    expect(out).not.toMatch(/^turn\s+resp/m);
    expect(out.trimEnd().endsWith('per model call (0)')).toBe(true);
  });
});

describe('loupe stats in a narrow terminal', () => {
  const CC21 = path.resolve(import.meta.dirname, '../../public/samples/cc-2-1');
  async function stats(p: string, columns?: number): Promise<string> {
    let out = '';
    const code = await runCli(
      ['stats', p, '--turns'],
      { out: (s) => (out += s), err: () => undefined },
      columns ? { columns } : {},
    );
    expect(code).toBe(0);
    return out;
  }
  const words = (s: string): string => s.replace(/\s+/g, ' ').trim();

  it('fits every line to the width: long header lines break under their text, tables lose columns', async () => {
    for (const p of [CC21, DEEP, STREAM]) {
      for (const columns of [80, 72]) {
        const out = await stats(p, columns);
        for (const line of out.split('\n'))
          expect(line.length, `${p} at ${columns}: ${line}`).toBeLessThanOrEqual(columns);
      }
    }
    const wide = await stats(CC21);
    const at80 = await stats(CC21, 80);
    const head = (out: string): string[] => out.split('\n\n')[0]?.split('\n') ?? [];
    // The header says the same words, the cache write's split by lifetime aside; what wraps hangs under the text.
    expect(words(head(at80).join(' '))).toBe(
      words(
        head(wide)
          .join(' ')
          .replace(/ \(5m [\d,]+, 1h [\d,]+\)/, ''),
      ),
    );
    expect(
      head(at80)
        .filter((l) => l.startsWith(' '))
        .every((l) => /^ {11}\S/.test(l)),
    ).toBe(true);
    expect(head(at80)).toContain('tokens     input 68  output 3,613  cache write 19,166  cache read 399,996');
    expect(head(at80)[1]).toBe('           their subagents, not counted as lines');
    // Every model call is still a row, cut to the width; the model, the cost and how the call stopped stay.
    const calls = at80.slice(at80.indexOf('per model call (17)')).split('\n');
    expect(calls[1]).toMatch(/^turn\s+model\s+agent\s+.*cost\s+duration\s+stop$/);
    expect(calls.slice(2)).toHaveLength(17);
    expect(at80).toContain('alice · Refactor …');
  });

  it('prints the whole lines when the output is piped (no width)', async () => {
    const out = await stats(CC21);
    expect(out).toContain(
      'tokens     input 68  output 3,613  cache write 19,166 (5m 0, 1h 19,166)  cache read 399,996',
    );
    expect(out).toMatch(
      /^turn\s+resp\s+model\s+agent\s+in\s+out\s+cache w\s+cache r\s+cost\s+tools\s+duration\s+stop$/m,
    );
    expect(out.split('\n').some((l) => l.length > 120)).toBe(true);
  });
});

describe('loupe stats --by session: durations read as in the library and the workbench', () => {
  it('rounds a session of 1h 54m 32s to 1h 55m, as formatDuration does, and never prints 60.0 s', async () => {
    const json = await run('stats', DEEP, '--by', 'session', '--json');
    const row = (JSON.parse(json.out) as { rows: { durationMs: number }[] }).rows[0];
    expect(row?.durationMs).toBe(6_872_097);
    const { out } = await run('stats', DEEP, '--by', 'session');
    expect(out).toContain(` ${formatDuration(6_872_097)} `);
    expect(out).toContain(' 1h 55m ');
    expect(duration(59_960)).toBe('1m 0s');
    expect(duration(999.6)).toBe('1.0 s');
  });
});
