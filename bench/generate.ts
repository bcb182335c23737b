/**
 * Deterministic generator of realistic transcripts for the parser benchmarks.
 *
 * Two dialects (shapes from /work/shared/spec/FORMATS.md and test/fixtures/real/):
 * - `claude-code`: a Claude Code session file (~/.claude/projects/<project>/<session>.jsonl, FORMATS §3), CC 2.1.39.
 * - `sdk-stream`: stdout of `claude -p --output-format stream-json --verbose --include-partial-messages`
 *   as a raw tee (so control frames are included), FORMATS §2.
 *
 * Everything comes from one seeded PRNG: the same options always give byte-identical output.
 *
 * CLI:
 *   node --import tsx bench/generate.ts --dialect claude-code --mb 100 --out bench/.cache/cc-100.jsonl \
 *     [--seed 1] [--huge-line-mb 20]
 *   node --import tsx bench/generate.ts --check bench/.cache/cc-100.jsonl
 * (1 MB = 1,000,000 bytes.)
 */
import { once } from 'node:events';
import { closeSync, createReadStream, createWriteStream, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export type Dialect = 'claude-code' | 'sdk-stream';

export interface GenerateOptions {
  dialect: Dialect;
  /** Wanted file size; the result lands within ±2% for targets of 1 MB and more. */
  targetBytes: number;
  seed?: number;
  /** When set, one tool_result line of about this many bytes is placed in the middle of the file. */
  hugeLineBytes?: number;
}

export interface GenerateResult {
  path: string;
  bytes: number;
  lines: number;
  /** Distinct API responses (message ids), subagent ones included. */
  apiMessages: number;
  /** tool_use blocks, subagent ones included. */
  toolCalls: number;
}

type Json = string | number | boolean | null | Json[] | JsonObject;
type JsonObject = { [key: string]: Json | undefined };
type Lines<R = void> = Generator<string, R, undefined>;

const CC_VERSION = '2.1.39';
const MAIN_MODEL = 'claude-opus-4-6';
const SMALL_MODEL = 'claude-haiku-4-5-20251001';
const MB = 1_000_000;

// ───────────────────────────────────────────────────────────────────────────── PRNG and ids

/** sfc32 seeded through splitmix32, so that seeds 1, 2, 3… give unrelated streams. */
class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const mix = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Inclusive on both ends. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Sizes in real transcripts are heavy-tailed; log-uniform gets many small and a few large. */
  logUniform(lo: number, hi: number): number {
    return Math.round(lo * Math.pow(hi / lo, this.next()));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  }

  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [item, w] of table) {
      r -= w;
      if (r < 0) return item;
    }
    const last = table[table.length - 1];
    if (last === undefined) throw new Error('weighted() from an empty table');
    return last[0];
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Table lookup: uuids are generated for every line, and toString(16)+padStart showed up in profiles. */
function hex8(n: number): string {
  return (BYTE_HEX[n >>> 24] ?? '') + (BYTE_HEX[(n >>> 16) & 255] ?? '') + (BYTE_HEX[(n >>> 8) & 255] ?? '') + (BYTE_HEX[n & 255] ?? '');
}

function hexString(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += HEX.charAt(rng.int(16));
  return s;
}

function uuidV4(rng: Rng): string {
  const a = hex8(rng.u32());
  const b = hex8(rng.u32());
  const c = hex8(rng.u32());
  const d = hex8(rng.u32());
  const variant = '89ab'.charAt(rng.int(4));
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

function base58(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += BASE58.charAt(rng.int(58));
  return s;
}

// Prefix lengths copied from real ids (msg_01 + 22, req_011C + 20, toolu_01 + 22).
const messageId = (rng: Rng): string => `msg_01${base58(rng, 22)}`;
const requestId = (rng: Rng): string => `req_011C${base58(rng, 20)}`;
const toolUseId = (rng: Rng): string => `toolu_01${base58(rng, 22)}`;

// ───────────────────────────────────────────────────────────────────────────── text corpora

const IDENT_HEADS = ['parse', 'build', 'read', 'split', 'merge', 'resolve', 'index', 'render', 'load', 'collect',
  'dedupe', 'format', 'compute', 'scan', 'flush', 'decode', 'emit', 'group', 'track', 'attach'] as const;
const IDENT_TAILS = ['Line', 'Usage', 'Session', 'Message', 'Chunk', 'Index', 'Tree', 'Event', 'Result', 'Block',
  'Offset', 'Cache', 'Stream', 'Turn', 'Payload', 'Cost', 'Timeline', 'Span', 'Record', 'Graph'] as const;
const TYPES = ['string', 'number', 'boolean', 'LineRecord', 'UsageTotals', 'TraceNode[]', 'Map<string, number>',
  'Promise<void>', 'ParsedLine | null', 'readonly Span[]'] as const;
const LITERALS = ['null', 'undefined', '0', '1', "''", "'assistant'", "'tool_result'", 'true', 'false', '[]', '{}',
  "'message_stop'", '1 << 20', "'→'"] as const;
const COMMENTS = [
  'Snapshot lines have no uuid — skip them here.',
  '“usage” repeats on every split line; keep the max output_tokens.',
  'Don’t trust stop_reason on the last split line.',
  'Offsets are byte offsets, not UTF‑16 indices → decode per line.',
  'TODO(josé): handle the ‘compact_boundary’ case',
  'Parallel tool results hang off their own tool_use line.',
  'Keep this cheap: it runs once per line.',
  'The last line may be cut off mid-write; drop it.',
  'Cumulative totals: overwrite, never add.',
  'See FORMATS.md §3.6 for the split-message rule.',
  'Über-long lines (20 MB+) must not be copied twice.',
  'Résumé of a subagent run arrives as agent_progress lines…',
] as const;
const WORDS = ['session', 'line', 'offset', 'parser', 'usage', 'token', 'cache', 'stream', 'result', 'message',
  'subagent', 'timeline', 'index', 'chunk', 'buffer', 'decoder', 'cost', 'turn', 'model', 'tool', 'request',
  'snapshot', 'branch', 'graph', 'node', 'edge', 'parent', 'child', 'event', 'delta', 'block', 'signature',
  'viewer', 'panel', 'filter', 'search', 'range', 'file', 'path', 'error'] as const;
const PEOPLE = ['Zoë Ångström', 'José Müller', 'Łukasz Nowak', 'Ana Lúcia', 'Søren Kierkegaard', 'Chloé Dubois',
  'Ren Tanaka', 'Mia Schäfer'] as const;

const TEXT_STEPS = [
  "I'll start by looking at `{file}` to see how `{ident}` is wired up.",
  'Let me check the current state of the tests first.',
  'Let me read `{file}` before changing anything.',
  "Now I'll update `{ident}` so it handles the empty case.",
  'The failure comes from `{ident}` assuming every line has a `uuid` — `file-history-snapshot` lines don’t.',
  'Good, that confirms it. Let me look at where `{ident2}` is called.',
  'Let me run the type checker to make sure nothing else broke.',
  'That test was flaky because `{ident}` depends on wall-clock time. I’ll inject the clock instead.',
  'Found {num} call sites. Let me update them one by one.',
  'The build passes. Let me also run the full suite.',
  'I see the issue: the offset is counted in UTF‑16 code units, but the index stores byte offsets.',
  'Let me search for other places that call `{ident}`.',
  'This is the “split message” case: several lines share `message.id`, and only the last one has the final `output_tokens`.',
  'I’ll add a regression test in `{file}` first.',
  'Let me explore the codebase to understand the structure before making changes.',
  'Two things are wrong here. First, `{ident}` is called once per chunk instead of once per line; second, the result is never cached.',
] as const;
const THINK_SENTENCES = [
  'The user wants me to {task}.',
  'Let me think about where `{ident}` is defined — probably in {file}.',
  'If I change the signature of {ident}, the callers in {file2} will need updating too.',
  'The error mentions line {num}, so the problem is likely in the loop that calls {ident}.',
  'I should check whether the test fixtures cover the empty-file case.',
  'Hmm, the usage numbers look doubled. That would happen if split lines were summed instead of deduplicated by message id.',
  'It might be simpler to stream the file in chunks and decode line by line.',
  'Before editing, I want to confirm the current behaviour with a quick test run.',
  'There are {num} places that construct this object; a helper would reduce duplication.',
  'Wait — the parentUuid of a tool result points at the tool_use line, not the previous line.',
  'I’ll keep the change minimal and focused on {ident}.',
  'The “result” line carries cumulative totals, so summing them across turns would be wrong.',
  'Let me reconsider: {ident2} is only called from {file2}, so inlining it is safe.',
] as const;
const TASKS = ['fix the crash when opening large transcripts', 'add cost totals per model',
  'make the timeline virtualised', 'rename a function across the codebase', 'add tests for the usage dedup',
  'figure out why the subagent rows are missing', 'speed up the initial parse', 'review the branch'] as const;
const PROMPTS = [
  'The viewer crashes when I open a 300 MB session file. Can you find out why?',
  'Add a test for the split-message usage dedup in {file}',
  'run the tests and fix whatever fails',
  'Why is the timeline so slow on big files? Profile `{ident}` and make it faster.',
  'Refactor {ident} so it doesn’t keep every parsed object in memory',
  'can you explain what {file} does?',
  'Rename {ident} to {ident2} everywhere and update the tests',
  'I’m seeing “Unexpected token” errors when loading the stream-json sample — please investigate',
  'Implement the cost breakdown panel: per model, per turn, cache reads vs writes',
  'Please review the changes on this branch and tell me what’s risky',
  'The subagent rows are missing from the tree view. Fix it.',
  'Make the Raw tab re-read the line from the file instead of keeping it in memory',
  'commit this',
  'ok, now do the same for {file2}',
  'looks good. can you also handle the case where the last line is truncated?',
] as const;
const CHANGES = ['split lines are now deduplicated by `message.id` + `requestId`',
  'the parser decodes per line instead of building one giant string', 'added a regression test for empty session files',
  '`{ident}` no longer keeps parsed objects alive', 'tool results are linked through `sourceToolAssistantUUID`',
  'the “Raw” tab re-reads the line by byte offset', 'renamed `{ident}` → `{ident2}` (all {num} call sites)',
  'fixed an off-by-one in the line-number gutter', 'costs use the 1h cache-write rate when the breakdown says so'] as const;
const READ_REMINDER = '\n\n<system-reminder>\nWhenever you read a file, you should consider whether it would be ' +
  'considered malware. You CAN and SHOULD provide analysis of malware, what it is doing. But you MUST refuse to ' +
  'improve or augment the code. You can still analyze existing code, write reports, or answer questions about the ' +
  'code behavior.\n</system-reminder>\n';
const REJECTION = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a " +
  'file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell ' +
  'you how to proceed.';
const HOOK_COMMANDS = ['cd ${CLAUDE_PLUGIN_ROOT}/hooks && bun run ./guardian.ts', '~/.claude/hooks/log-tool.sh',
  'npx prettier --check "$CLAUDE_FILE_PATHS"'] as const;

function ident(rng: Rng): string {
  return rng.pick(IDENT_HEADS) + rng.pick(IDENT_TAILS);
}

// ───────────────────────────────────────────────────────────────────────────── the fake repository

interface RepoFile {
  path: string;
  lines: string[];
  text: string;
}

const DIRS = ['lib/trace', 'lib/trace/model', 'lib/stats', 'components', 'components/timeline', 'app/api/sessions',
  'test', 'test/unit', 'scripts', 'lib/io'] as const;

function codeStatement(rng: Rng, ind: string): string {
  const id = ident(rng);
  switch (rng.int(8)) {
    case 0: return `${ind}const ${id} = ${ident(rng)}(${rng.pick(WORDS)}, ${rng.pick(LITERALS)});`;
    case 1: return `${ind}${id}.${rng.pick(WORDS)} += ${rng.range(1, 64)};`;
    case 2: return `${ind}return ${ident(rng)}(${rng.pick(WORDS)}Offset, ${rng.pick(LITERALS)});`;
    case 3: return `${ind}let ${rng.pick(WORDS)}: ${rng.pick(TYPES)} = ${rng.pick(LITERALS)};`;
    case 4: return `${ind}throw new Error(\`Unexpected “\${${rng.pick(WORDS)}}” at line \${lineNo}\`);`;
    case 5: return `${ind}${rng.pick(WORDS)}s.push({ ${rng.pick(WORDS)}, offset: ${rng.pick(WORDS)}Start + ${rng.range(1, 9)} });`;
    case 6: return `${ind}log.debug('${rng.pick(WORDS)} ${rng.pick(WORDS)} ✓', { ${rng.pick(WORDS)} });`;
    default: return `${ind}await ${ident(rng)}(${rng.pick(WORDS)}.${rng.pick(WORDS)});`;
  }
}

function codeTopLevel(rng: Rng, out: string[]): number {
  const r = rng.next();
  if (r < 0.15) out.push(`import { ${ident(rng)} } from './${rng.pick(WORDS)}-${rng.pick(WORDS)}';`);
  else if (r < 0.3) out.push(`// ${rng.pick(COMMENTS)}`);
  else if (r < 0.4) out.push(`export const ${rng.pick(WORDS).toUpperCase()}_LIMIT = ${rng.range(2, 4096)};`);
  else if (r < 0.5) out.push('');
  else {
    out.push(`export function ${ident(rng)}(${rng.pick(WORDS)}: ${rng.pick(TYPES)}): ${rng.pick(TYPES)} {`);
    return 1;
  }
  return 0;
}

/** TypeScript-looking lines with balanced braces, so Read/Edit outputs look like code. */
function codeLines(rng: Rng, count: number): string[] {
  const out: string[] = [];
  let depth = 0;
  while (out.length < count) {
    const ind = '  '.repeat(depth);
    const r = rng.next();
    if (depth === 0) depth += codeTopLevel(rng, out);
    else if (r < 0.12 && depth < 4) {
      out.push(`${ind}if (${rng.pick(WORDS)} === ${rng.pick(LITERALS)}) {`);
      depth++;
    } else if (r < 0.24) {
      depth--;
      out.push(`${'  '.repeat(depth)}}`);
    } else if (r < 0.32) out.push(`${ind}// ${rng.pick(COMMENTS)}`);
    else out.push(codeStatement(rng, ind));
  }
  return out;
}

/** Long JSON-ish rows (fixtures, exports): the big files that give 20-200 KB Read results. */
function dataLines(rng: Rng, count: number): string[] {
  const out: string[] = ['['];
  for (let i = 1; i < count - 1; i++) {
    out.push(`  { "id": "evt_${hexString(rng, 12)}", "ts": "2026-01-${String(rng.range(10, 28))}T${String(rng.range(10, 23))}:` +
      `${String(rng.range(10, 59))}:00Z", "user": "${rng.pick(PEOPLE)}", "amount": ${rng.range(1, 9999) / 100}, ` +
      `"note": "${rng.pick(WORDS)} — “${rng.pick(WORDS)}” …" },`);
  }
  out.push(']');
  return out;
}

class Repo {
  readonly files: RepoFile[] = [];
  readonly bigFiles: RepoFile[] = [];

  constructor(rng: Rng) {
    for (let i = 0; i < 48; i++) {
      const path = `${rng.pick(DIRS)}/${rng.pick(WORDS)}-${rng.pick(WORDS)}${i}.ts`;
      this.add(path, codeLines(rng, rng.logUniform(12, 900)), false);
    }
    for (let i = 0; i < 6; i++) {
      this.add(`test/fixtures/generated/events-${i}.json`, dataLines(rng, rng.range(900, 2400)), true);
      this.add(`lib/trace/generated/schema-${i}.ts`, codeLines(rng, rng.range(2500, 5000)), true);
    }
  }

  private add(path: string, lines: string[], big: boolean): void {
    const file = { path, lines, text: lines.join('\n') };
    (big ? this.bigFiles : this.files).push(file);
  }

  /** A normal file no longer than `maxChars` when possible (callers cap sizes near the end of a file). */
  smallFile(rng: Rng, maxChars: number): RepoFile {
    for (let i = 0; i < 6; i++) {
      const f = rng.pick(this.files);
      if (f.text.length <= maxChars) return f;
    }
    let best = rng.pick(this.files);
    for (const f of this.files) if (f.text.length < best.text.length) best = f;
    return best;
  }
}

// ───────────────────────────────────────────────────────────────────────────── tokens, usage, cost

interface UsageCounts {
  input: number;
  cacheCreate: number;
  cacheRead: number;
  output: number;
}

interface ModelTotals {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  costUSD: number;
}

/** $/MTok: input, output, cache write (5m / 1h), cache read. */
const PRICES: Record<string, readonly [number, number, number, number, number]> = {
  [MAIN_MODEL]: [5, 25, 6.25, 10, 0.5],
  [SMALL_MODEL]: [1, 5, 1.25, 2, 0.1],
};

function costOf(model: string, u: UsageCounts, oneHourCache: boolean): number {
  const p = PRICES[model] ?? [3, 15, 3.75, 6, 0.3];
  const write = oneHourCache ? p[3] : p[2];
  return (u.input * p[0] + u.output * p[1] + u.cacheCreate * write + u.cacheRead * p[4]) / 1e6;
}

const tokensOf = (chars: number): number => Math.ceil(chars / 3.7);

/** Prompt-cache bookkeeping for one conversation (main agent or a subagent). */
class Convo {
  private cached = 0;
  private pending: number;

  constructor(systemPromptTokens: number) {
    this.pending = systemPromptTokens;
  }

  add(tokens: number): void {
    this.pending += tokens;
  }

  /** One API call: everything new since the last call is written to the cache, the rest is read. */
  call(rng: Rng, output: number): UsageCounts {
    const usage = { input: rng.range(1, 9), cacheCreate: this.pending, cacheRead: this.cached, output };
    this.cached += this.pending;
    this.pending = output;
    // Auto-compaction would kick in before the 200k window; keep the numbers plausible.
    if (this.cached > 175_000) this.cached = rng.range(18_000, 32_000);
    return usage;
  }
}

// ───────────────────────────────────────────────────────────────────────────── the run state

interface Stats {
  bytes: number;
  lines: number;
  apiMessages: number;
  toolCalls: number;
}

class Gen {
  readonly rng: Rng;
  readonly dialect: Dialect;
  readonly stats: Stats = { bytes: 0, lines: 0, apiMessages: 0, toolCalls: 0 };
  readonly repo: Repo;
  readonly sessionId: string;
  readonly cwd: string;
  readonly gitBranch: string;
  readonly totals = new Map<string, ModelTotals>();
  turnUsage: UsageCounts = { input: 0, cacheCreate: 0, cacheRead: 0, output: 0 };
  todos: JsonObject[] = [];
  clock: number;
  private readonly stopAt: number;
  private readonly hugeAt: number;
  private hugeBytes: number;

  constructor(opts: GenerateOptions) {
    this.rng = new Rng(opts.seed ?? 1);
    this.dialect = opts.dialect;
    this.repo = new Repo(this.rng);
    this.sessionId = uuidV4(this.rng);
    this.cwd = `/home/dev/projects/${this.rng.pick(['loupe', 'acme-api', 'trace-kit', 'deep-manifest'])}`;
    this.gitBranch = this.rng.pick(['main', 'master', 'feat/timeline', 'fix/usage-dedup']);
    this.clock = Date.UTC(2026, 1, 10, 8, 0, 0) + this.rng.int(86_400_000);
    this.hugeBytes = Math.max(0, Math.floor(opts.hugeLineBytes ?? 0));
    // The closing turn (final answer, turn_duration / result) lands after the stop point; reserve room for it.
    this.stopAt = opts.targetBytes - Math.min(opts.targetBytes * 0.004, 24_000);
    this.hugeAt = Math.max(0, (opts.targetBytes - this.hugeBytes) / 2);
  }

  uuid(): string {
    return uuidV4(this.rng);
  }

  /** Advances the clock by a random amount and returns the ISO timestamp. */
  tick(lo: number, hi: number): string {
    this.clock += this.rng.range(lo, hi);
    return new Date(this.clock).toISOString();
  }

  remaining(): number {
    return this.stopAt - this.stats.bytes - this.hugeBytes;
  }

  /** A pending huge line must still be emitted even if it alone exceeds the target. */
  exhausted(): boolean {
    return this.hugeBytes === 0 && this.remaining() <= 0;
  }

  /** Upper bound for one tool output, so the file ends close to its target instead of far past it. */
  outputCap(): number {
    return Math.max(600, Math.floor(this.remaining() / 6));
  }

  /** Returns the huge line size once, when the middle of the file is reached. */
  takeHuge(): number {
    if (this.hugeBytes === 0 || this.stats.bytes < this.hugeAt) return 0;
    const size = this.hugeBytes;
    this.hugeBytes = 0;
    return size;
  }

  account(model: string, u: UsageCounts, mainLoop: boolean): void {
    let t = this.totals.get(model);
    if (t === undefined) {
      t = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUSD: 0 };
      this.totals.set(model, t);
    }
    t.inputTokens += u.input;
    t.outputTokens += u.output;
    t.cacheReadInputTokens += u.cacheRead;
    t.cacheCreationInputTokens += u.cacheCreate;
    t.costUSD += costOf(model, u, this.dialect === 'claude-code');
    if (!mainLoop) return;
    this.turnUsage.input += u.input;
    this.turnUsage.output += u.output;
    this.turnUsage.cacheRead += u.cacheRead;
    this.turnUsage.cacheCreate += u.cacheCreate;
  }

  fill(template: string): string {
    return template.replace(/\{(\w+)\}/g, (_m: string, slot: string) => this.slot(slot));
  }

  private slot(name: string): string {
    const r = this.rng;
    switch (name) {
      case 'file':
      case 'file2': return r.pick(this.repo.files).path;
      case 'ident':
      case 'ident2': return ident(r);
      case 'num': return String(r.range(2, 40));
      case 'task': return r.pick(TASKS);
      default: return name;
    }
  }
}

// ───────────────────────────────────────────────────────────────────────────── prose

function sentences(g: Gen, pool: readonly string[], n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(g.fill(g.rng.pick(pool)));
  return parts.join(' ');
}

function stepText(g: Gen): string {
  return sentences(g, TEXT_STEPS, g.rng.chance(0.7) ? 1 : g.rng.range(2, 4));
}

function thinkingText(g: Gen): string {
  const paragraphs: string[] = [];
  const n = g.rng.range(1, 4);
  for (let i = 0; i < n; i++) paragraphs.push(sentences(g, THINK_SENTENCES, g.rng.range(2, 6)));
  return paragraphs.join('\n\n');
}

function finalText(g: Gen): string {
  if (g.rng.chance(0.3)) return sentences(g, TEXT_STEPS, g.rng.range(1, 3));
  const bullets: string[] = [];
  const n = g.rng.range(3, 8);
  for (let i = 0; i < n; i++) bullets.push(`- **\`${g.rng.pick(g.repo.files).path}\`**: ${g.fill(g.rng.pick(CHANGES))}`);
  const closing = g.rng.chance(0.5)
    ? `All ${g.rng.range(40, 400)} tests pass and \`tsc --noEmit\` is clean.`
    : 'Let me know if you’d like me to also handle the “compact_boundary” case.';
  return `## Summary\n\n${bullets.join('\n')}\n\n${closing}`;
}

function promptText(g: Gen): string {
  const text = g.fill(g.rng.pick(PROMPTS));
  if (!g.rng.chance(0.08)) return text;
  // Users paste stack traces; these make the occasional long prompt line.
  const frames: string[] = [];
  for (let i = 0; i < g.rng.range(6, 30); i++) {
    frames.push(`    at ${ident(g.rng)} (${g.cwd}/${g.rng.pick(g.repo.files).path}:${g.rng.range(1, 900)}:${g.rng.range(1, 80)})`);
  }
  return `${text}\n\n\`\`\`\nTypeError: Cannot read properties of undefined (reading 'uuid')\n${frames.join('\n')}\n\`\`\``;
}

/** A pool of base64 noise; signatures are slices of it (generating each char is needlessly slow). */
class Signatures {
  private readonly pool: string;

  constructor(rng: Rng) {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    let s = '';
    for (let i = 0; i < 65_536; i++) s += alphabet.charAt(rng.int(64));
    this.pool = s;
  }

  next(rng: Rng): string {
    const len = rng.range(50, 300) * 4;
    const start = rng.int(this.pool.length - len);
    return `Eu${this.pool.slice(start, start + len - 4)}==`;
  }
}

// ───────────────────────────────────────────────────────────────────────────── tools

interface Outcome {
  /** tool_result.content */
  content: string | JsonObject[];
  /** undefined = the key is left out (as Claude Code does for most successful results). */
  isError?: boolean;
  /** toolUseResult / tool_use_result */
  structured: Json;
  /** Claude Code: the user rejected the call; the turn ends. */
  denied?: boolean;
  /** Partial stdout snapshots for bash_progress / tool_progress. */
  progress?: string[];
  /** Claude Code: an Edit/Write that triggers a file-history-snapshot update. */
  editedFile?: string;
}

interface TaskSpec {
  description: string;
  prompt: string;
  subagentType: string;
}

interface PlannedTool {
  id: string;
  name: string;
  input: JsonObject;
  /** null for Task: the outcome is only known after the subagent ran. */
  outcome: Outcome | null;
  task?: TaskSpec;
}

type ToolName = 'Read' | 'Bash' | 'Edit' | 'Grep' | 'Glob' | 'Write' | 'TodoWrite' | 'Task';

const MAIN_TOOLS: readonly (readonly [ToolName, number])[] = [
  ['Read', 30], ['Bash', 25], ['Edit', 15], ['Grep', 10], ['Glob', 5], ['Write', 4], ['TodoWrite', 5], ['Task', 3],
];
const SUB_TOOLS: readonly (readonly [ToolName, number])[] = [['Read', 45], ['Grep', 30], ['Glob', 15], ['Bash', 10]];

function planTool(g: Gen, sub: boolean): PlannedTool {
  g.stats.toolCalls++;
  const id = toolUseId(g.rng);
  const huge = sub ? 0 : g.takeHuge();
  if (huge > 0) return planHugeBash(g, id, huge);
  const name = g.rng.weighted(sub ? SUB_TOOLS : MAIN_TOOLS);
  const tool = planNamedTool(g, id, name, sub);
  const deniable = name === 'Bash' || name === 'Edit' || name === 'Write';
  if (deniable && !sub && g.dialect === 'claude-code' && g.rng.chance(0.012)) tool.outcome = rejection();
  return tool;
}

function planNamedTool(g: Gen, id: string, name: ToolName, sub: boolean): PlannedTool {
  switch (name) {
    case 'Read': return planRead(g, id, sub);
    case 'Bash': return planBash(g, id, sub);
    case 'Edit': return planEdit(g, id);
    case 'Grep': return planGrep(g, id);
    case 'Glob': return planGlob(g, id);
    case 'Write': return planWrite(g, id);
    case 'TodoWrite': return planTodo(g, id);
    case 'Task': return planTask(g, id);
  }
}

function rejection(): Outcome {
  return { content: REJECTION, isError: true, structured: 'User rejected tool use', denied: true };
}

function toolError(message: string): Outcome {
  return { content: `<tool_use_error>${message}</tool_use_error>`, isError: true, structured: `Error: ${message}` };
}

function numbered(lines: readonly string[], firstLine: number): string {
  const out: string[] = new Array<string>(lines.length);
  for (let i = 0; i < lines.length; i++) out[i] = `${String(firstLine + i).padStart(6, ' ')}→${lines[i] ?? ''}`;
  return out.join('\n');
}

/** How many lines from `start` fit into `maxChars`. */
function fitLines(lines: readonly string[], start: number, maxChars: number): number {
  let chars = 0;
  let n = 0;
  while (start + n < lines.length && chars < maxChars) {
    chars += (lines[start + n]?.length ?? 0) + 11;
    n++;
  }
  return Math.max(1, n);
}

function planRead(g: Gen, id: string, sub: boolean): PlannedTool {
  const r = g.rng;
  const cap = sub ? Math.min(g.outputCap(), 8_000) : g.outputCap();
  const big = !sub && cap > 20_000 && r.chance(0.15);
  const file = big ? r.pick(g.repo.bigFiles) : r.pick(g.repo.files);
  const filePath = `${g.cwd}/${file.path}`;
  if (!big && r.chance(0.03)) {
    return { id, name: 'Read', input: { file_path: `${g.cwd}/${file.path.replace('.ts', '.tsx')}` }, outcome: toolError('File does not exist.') };
  }
  const want = Math.min(cap, big ? r.logUniform(20_000, 200_000) : r.logUniform(600, 14_000));
  const whole = file.text.length + file.lines.length * 11 <= want;
  const start = whole || big ? 0 : r.int(Math.max(1, file.lines.length - 20));
  const count = whole ? file.lines.length : fitLines(file.lines, start, want);
  const slice = file.lines.slice(start, start + count);
  const input: JsonObject = whole ? { file_path: filePath } : { file_path: filePath, offset: start + 1, limit: count };
  const structured = { type: 'text', file: { filePath, content: slice.join('\n'), numLines: slice.length, startLine: start + 1, totalLines: file.lines.length } };
  return { id, name: 'Read', input, outcome: { content: numbered(slice, start + 1) + READ_REMINDER, structured } };
}

type BashKind = 'test' | 'status' | 'diff' | 'log' | 'tsc' | 'ls' | 'build' | 'tail';

const BASH_COMMANDS: Record<BashKind, readonly [string, string]> = {
  test: ['npx vitest run', 'Run unit tests'],
  status: ['git status', 'Show working tree status'],
  diff: ['git diff', 'Show unstaged changes'],
  log: ['git log --stat -40', 'Show recent commits'],
  tsc: ['npx tsc --noEmit -p .', 'Type-check the project'],
  ls: ['ls -la lib/trace', 'List parser sources'],
  build: ['npm run build', 'Build the app'],
  tail: ['tail -n 2000 logs/dev.log', 'Show recent dev server log'],
};

function bashLine(g: Gen, kind: BashKind): string {
  const r = g.rng;
  const file = r.pick(g.repo.files);
  switch (kind) {
    case 'test': return r.chance(0.1) ? ` ✓ ${file.path.replace('.ts', '.test.ts')} (${r.range(2, 40)} tests) ${r.range(5, 900)}ms`
      : `   ✓ ${ident(r)} > ${r.pick(WORDS)}s the ${r.pick(WORDS)} when “${r.pick(WORDS)}” is missing ${r.range(0, 40)}ms`;
    case 'status': return `\tmodified:   ${file.path}`;
    case 'diff': return `${r.pick(['+', '-', ' '])}${codeStatement(r, '  '.repeat(r.range(0, 3)))}`;
    case 'log': return r.chance(0.3) ? `commit ${hexString(r, 40)}\nAuthor: ${r.pick(PEOPLE)} <dev@example.com>\n\n    ${g.fill(r.pick(CHANGES))}\n`
      : ` ${file.path} | ${r.range(1, 120)} ${'+'.repeat(r.range(1, 20))}${'-'.repeat(r.range(0, 12))}`;
    case 'tsc': return `${file.path}(${r.range(1, 900)},${r.range(1, 60)}): error TS2322: Type '${r.pick(TYPES)}' is not assignable to type '${r.pick(TYPES)}'.`;
    case 'ls': return `-rw-r--r--  1 dev dev ${String(r.range(200, 90_000)).padStart(6)} Feb 10 09:${String(r.range(10, 59))} ${r.pick(WORDS)}-${r.pick(WORDS)}.ts`;
    case 'build': return `├ ○ /${r.pick(WORDS)}s/[${r.pick(WORDS)}]${' '.repeat(r.range(4, 20))}${r.range(1, 90)}.${r.range(0, 9)} kB  ${r.range(100, 300)} kB`;
    case 'tail': return `2026-02-10T09:${String(r.range(10, 59))}:${String(r.range(10, 59))}.${r.range(100, 999)}Z ${r.pick(['INFO ', 'DEBUG', 'WARN '])} [${r.pick(WORDS)}] ` +
      `parsed ${r.range(1, 99)},${r.range(100, 999)} lines in ${r.range(2, 400)} ms (${r.range(20, 400)}.${r.range(0, 9)} MB/s) — session “${hexString(r, 8)}”`;
  }
}

function bashOutput(g: Gen, kind: BashKind, targetChars: number): string {
  const lines: string[] = [];
  let chars = 0;
  if (kind === 'test') lines.push(`\n RUN  v4.1.12 ${g.cwd}\n`);
  if (kind === 'build') lines.push('> loupe@0.1.0 build\n> next build\n\n   ▲ Next.js 16.4.6\n   ✓ Compiled successfully in 4.2s');
  while (chars < targetChars) {
    const line = bashLine(g, kind);
    lines.push(line);
    chars += line.length + 1;
  }
  if (kind === 'test') lines.push(`\n Test Files  ${g.rng.range(8, 40)} passed\n      Tests  ${g.rng.range(40, 400)} passed\n   Duration  ${g.rng.range(1, 30)}.${g.rng.range(10, 99)}s`);
  return lines.join('\n');
}

/** Cumulative stdout snapshots: what bash_progress lines show while a long command runs. */
function progressSnapshots(g: Gen, stdout: string): string[] {
  const n = g.rng.range(1, 3);
  const out: string[] = [];
  for (let i = 1; i <= n; i++) {
    const cut = stdout.lastIndexOf('\n', Math.floor((stdout.length * i) / (n + 1)));
    if (cut > 0) out.push(stdout.slice(0, cut));
  }
  return out;
}

function planBash(g: Gen, id: string, sub: boolean): PlannedTool {
  const r = g.rng;
  const cap = sub ? Math.min(g.outputCap(), 6_000) : g.outputCap();
  const big = !sub && cap > 20_000 && r.chance(0.15);
  const kind: BashKind = big ? r.pick(['test', 'tail', 'log', 'diff'] as const)
    : r.pick(['test', 'status', 'diff', 'log', 'tsc', 'ls', 'build', 'status'] as const);
  const [command, description] = BASH_COMMANDS[kind];
  const input: JsonObject = r.chance(0.2) ? { command, description, timeout: 120000 } : { command, description };
  if (kind === 'tsc' || r.chance(0.06)) return { id, name: 'Bash', input, outcome: bashFailure(g, cap) };
  const size = Math.min(cap, big ? r.logUniform(20_000, 200_000) : r.logUniform(40, 4_000));
  const stdout = kind === 'status' ? `On branch ${g.gitBranch}\nChanges not staged for commit:\n${bashOutput(g, kind, Math.min(size, 600))}` : bashOutput(g, kind, size);
  const progress = (kind === 'test' || kind === 'build') && stdout.length < 30_000 && r.chance(0.6) ? progressSnapshots(g, stdout) : undefined;
  const structured = { stdout, stderr: '', interrupted: false, isImage: false };
  return { id, name: 'Bash', input, outcome: { content: stdout, isError: false, structured, progress } };
}

function bashFailure(g: Gen, cap: number): Outcome {
  const body = bashOutput(g, 'tsc', Math.min(cap, g.rng.logUniform(100, 3_000)));
  const text = `Exit code ${g.rng.pick([1, 1, 2, 127])}\n${body}`;
  return { content: text, isError: true, structured: `Error: ${text}` };
}

/** The huge line: `cat` of a big log, sized so the whole tool_result line is close to `lineBytes`. */
function planHugeBash(g: Gen, id: string, lineBytes: number): PlannedTool {
  const input = { command: 'cat logs/ingest-full.log', description: 'Dump the full ingest log' };
  // stdout appears twice in the line (content and toolUseResult.stdout), JSON-escaped.
  const wantEscaped = Math.max(1_000, (lineBytes - 1_200) / 2);
  let stdout = bashOutput(g, 'tail', wantEscaped);
  const escaped = Buffer.byteLength(JSON.stringify(stdout));
  const cut = stdout.lastIndexOf('\n', Math.floor((stdout.length * wantEscaped) / escaped));
  if (cut > 0) stdout = stdout.slice(0, cut);
  const structured = { stdout, stderr: '', interrupted: false, isImage: false };
  return { id, name: 'Bash', input, outcome: { content: stdout, isError: false, structured } };
}

function editPatch(file: RepoFile, start: number, oldLines: string[], newLines: string[]): JsonObject {
  const before = file.lines.slice(Math.max(0, start - 3), start);
  const after = file.lines.slice(start + oldLines.length, start + oldLines.length + 3);
  const first = start - before.length + 1;
  const lines = [...before.map((l) => ` ${l}`), ...oldLines.map((l) => `-${l}`), ...newLines.map((l) => `+${l}`), ...after.map((l) => ` ${l}`)];
  return { oldStart: first, oldLines: before.length + oldLines.length + after.length, newStart: first,
    newLines: before.length + newLines.length + after.length, lines };
}

function planEdit(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const file = g.repo.smallFile(r, g.outputCap());
  const filePath = `${g.cwd}/${file.path}`;
  const start = r.int(Math.max(1, file.lines.length - 4));
  const oldLines = file.lines.slice(start, start + r.range(1, 4));
  const indent = /^\s*/.exec(oldLines[0] ?? '')?.[0] ?? '';
  const newLines = [`${indent}// ${r.pick(COMMENTS)}`, ...oldLines.map((l) => l.replace(/;$/, ' ?? null;'))];
  const oldString = oldLines.join('\n');
  const newString = newLines.join('\n');
  const input = { file_path: filePath, old_string: oldString, new_string: newString };
  if (r.chance(0.05)) return { id, name: 'Edit', input, outcome: toolError(`String to replace not found in file.\nString: ${oldString}`) };
  const structured = { filePath, oldString, newString, originalFile: file.text,
    structuredPatch: [editPatch(file, start, oldLines, newLines)], userModified: false, replaceAll: false };
  const content = `The file ${filePath} has been updated successfully.`;
  return { id, name: 'Edit', input, outcome: { content, structured, editedFile: file.path } };
}

function planWrite(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const path = `${r.pick(DIRS)}/${ident(r)}.ts`;
  const filePath = `${g.cwd}/${path}`;
  const lines = codeLines(r, Math.max(5, Math.min(r.logUniform(15, 250), Math.floor(g.outputCap() / 60))));
  const content = lines.join('\n');
  const structured = { type: 'create', filePath, content, structuredPatch: [] };
  const outcome: Outcome = { content: `File created successfully at: ${filePath}`, structured, editedFile: path };
  return { id, name: 'Write', input: { file_path: filePath, content }, outcome };
}

function planGrep(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const pattern = ident(r);
  const hits: string[] = [];
  const n = r.logUniform(1, 60);
  for (let i = 0; i < n; i++) {
    const f = r.pick(g.repo.files);
    const lineNo = r.int(f.lines.length);
    hits.push(`${f.path}:${lineNo + 1}:${f.lines[lineNo] ?? ''}`);
  }
  if (r.chance(0.5)) {
    const files = [...new Set(hits.map((h) => h.slice(0, h.indexOf(':'))))];
    const structured = { mode: 'files_with_matches', filenames: files, numFiles: files.length };
    const content = `Found ${files.length} file${files.length === 1 ? '' : 's'}\n${files.join('\n')}`;
    return { id, name: 'Grep', input: { pattern, output_mode: 'files_with_matches' }, outcome: { content, structured } };
  }
  const content = hits.join('\n');
  const structured = { mode: 'content', numFiles: 0, filenames: [], content, numLines: hits.length };
  return { id, name: 'Grep', input: { pattern, path: g.cwd, output_mode: 'content', '-n': true }, outcome: { content, structured } };
}

function planGlob(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const dir = r.pick(DIRS);
  const filenames = g.repo.files.filter((f) => f.path.startsWith(dir)).map((f) => `${g.cwd}/${f.path}`);
  const structured = { filenames, durationMs: r.range(3, 120), numFiles: filenames.length, truncated: false };
  const content = filenames.length > 0 ? filenames.join('\n') : 'No files found';
  return { id, name: 'Glob', input: { pattern: `${dir}/**/*.ts` }, outcome: { content, structured } };
}

function planTodo(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const oldTodos = g.todos;
  const newTodos: JsonObject[] = [];
  const n = r.range(3, 7);
  for (let i = 0; i < n; i++) {
    const content = g.fill(r.pick(CHANGES)).replace(/^./, (c) => c.toUpperCase());
    newTodos.push({ content, status: r.pick(['pending', 'in_progress', 'completed']), activeForm: `Working on ${r.pick(WORDS)}s` });
  }
  g.todos = newTodos;
  const content = 'Todos have been modified successfully. Ensure that you continue to use the todo list to track ' +
    'your progress. Please proceed with the current tasks if applicable';
  return { id, name: 'TodoWrite', input: { todos: newTodos }, outcome: { content, structured: { oldTodos, newTodos } } };
}

function planTask(g: Gen, id: string): PlannedTool {
  const r = g.rng;
  const description = `Explore ${r.pick(WORDS)} ${r.pick(WORDS)} handling`;
  const prompt = `Explore the codebase to understand how ${ident(r)} and ${ident(r)} work. Focus on:\n\n` +
    `1. Where ${r.pick(WORDS)}s are parsed\n2. How ${r.pick(WORDS)} offsets are tracked\n3. Any tests covering it\n\n` +
    'Return a summary of the key functions, with file paths and line numbers.';
  const task = { description, prompt, subagentType: 'Explore' };
  return { id, name: 'Task', input: { description, prompt, subagent_type: 'Explore' }, outcome: null, task };
}

function outcomeChars(o: Outcome): number {
  if (typeof o.content === 'string') return o.content.length;
  let n = 0;
  for (const b of o.content) n += typeof b.text === 'string' ? b.text.length : 0;
  return n;
}

// ───────────────────────────────────────────────────────────────────────────── API messages

type Block =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: JsonObject };

interface ApiMsg {
  id: string;
  requestId: string;
  model: string;
  blocks: Block[];
  usage: UsageCounts;
  /** The message_start output_tokens that early split lines / assistant frames carry. */
  placeholder: number;
  stopReason: string;
}

interface Step {
  msg: ApiMsg;
  tools: PlannedTool[];
}

const signatures = new WeakMap<Gen, Signatures>();

function signatureFor(g: Gen): string {
  let s = signatures.get(g);
  if (s === undefined) {
    s = new Signatures(g.rng);
    signatures.set(g, s);
  }
  return s.next(g.rng);
}

function blockChars(b: Block): number {
  if (b.type === 'text') return b.text.length;
  if (b.type === 'thinking') return b.thinking.length;
  return JSON.stringify(b.input).length;
}

/** One API round trip. `final` = the answer that ends the turn (no tool calls). */
function planStep(g: Gen, convo: Convo, model: string, final: boolean, sub: boolean): Step {
  g.stats.apiMessages++;
  const blocks: Block[] = [];
  const tools: PlannedTool[] = [];
  if (g.rng.chance(sub ? 0.15 : 0.55)) blocks.push({ type: 'thinking', thinking: thinkingText(g), signature: signatureFor(g) });
  if (final) blocks.push({ type: 'text', text: finalText(g) });
  else {
    if (g.rng.chance(0.65)) blocks.push({ type: 'text', text: stepText(g) });
    const n = g.rng.chance(0.25) ? g.rng.range(2, 4) : 1;
    for (let i = 0; i < n; i++) tools.push(planTool(g, sub));
    for (const t of tools) blocks.push({ type: 'tool_use', id: t.id, name: t.name, input: t.input });
  }
  let chars = 0;
  for (const b of blocks) chars += blockChars(b);
  const usage = convo.call(g.rng, tokensOf(chars) + g.rng.range(5, 40));
  for (const t of tools) if (t.outcome !== null) convo.add(tokensOf(outcomeChars(t.outcome)));
  g.account(model, usage, !sub);
  const msg = { id: messageId(g.rng), requestId: requestId(g.rng), model, blocks, usage,
    placeholder: g.rng.range(1, 5), stopReason: tools.length > 0 ? 'tool_use' : 'end_turn' };
  return { msg, tools };
}

function blockJson(b: Block, withCaller: boolean): JsonObject {
  if (b.type === 'text') return { type: 'text', text: b.text };
  if (b.type === 'thinking') return { type: 'thinking', thinking: b.thinking, signature: b.signature };
  // Claude Code 2.1.3x writes `caller` on tool_use blocks (real spotter sample).
  return withCaller ? { type: 'tool_use', id: b.id, name: b.name, input: b.input, caller: { type: 'direct' } }
    : { type: 'tool_use', id: b.id, name: b.name, input: b.input };
}

function usageJson(u: UsageCounts, output: number, oneHourCache: boolean): JsonObject {
  return {
    input_tokens: u.input,
    cache_creation_input_tokens: u.cacheCreate,
    cache_read_input_tokens: u.cacheRead,
    cache_creation: { ephemeral_5m_input_tokens: oneHourCache ? 0 : u.cacheCreate, ephemeral_1h_input_tokens: oneHourCache ? u.cacheCreate : 0 },
    output_tokens: output,
    service_tier: 'standard',
    ...(oneHourCache ? { inference_geo: 'not_available' } : {}),
  };
}

function resultBlock(toolId: string, o: Outcome): JsonObject {
  return { tool_use_id: toolId, type: 'tool_result', content: o.content, is_error: o.isError };
}

// ───────────────────────────────────────────────────────────────────────────── subagent runs (both dialects)

class SubagentRun {
  readonly agentId: string;
  readonly convo: Convo;
  readonly startedAt: number;
  toolUses = 0;
  tokens = 0;
  lastUsage: UsageCounts = { input: 0, cacheCreate: 0, cacheRead: 0, output: 0 };
  finalText = '';

  constructor(readonly g: Gen, readonly tool: PlannedTool, readonly spec: TaskSpec) {
    this.agentId = `a${hexString(g.rng, 6)}`;
    this.convo = new Convo(g.rng.range(9_000, 15_000) + tokensOf(spec.prompt.length));
    this.startedAt = g.clock;
  }

  *steps(): Generator<Step, void, undefined> {
    const n = this.g.rng.range(2, 6);
    for (let i = 0; i < n; i++) {
      const final = i === n - 1 || this.g.exhausted();
      const step = planStep(this.g, this.convo, SMALL_MODEL, final, true);
      this.record(step);
      yield step;
      if (final) return;
    }
  }

  private record(step: Step): void {
    const u = step.msg.usage;
    this.toolUses += step.tools.length;
    this.tokens = u.input + u.cacheCreate + u.cacheRead + u.output;
    this.lastUsage = u;
    for (const b of step.msg.blocks) if (b.type === 'text') this.finalText = b.text;
  }

  outcome(oneHourCache: boolean): Outcome {
    const text = [{ type: 'text', text: this.finalText }];
    const structured = { status: 'completed', prompt: this.spec.prompt, agentId: this.agentId, content: text,
      totalDurationMs: this.g.clock - this.startedAt, totalTokens: this.tokens, totalToolUseCount: this.toolUses,
      usage: usageJson(this.lastUsage, this.lastUsage.output, oneHourCache) };
    const content = [...text, { type: 'text', text: `agentId: ${this.agentId} (for resuming to continue this agent's work if needed)` }];
    return { content, structured };
  }
}

function settled(t: PlannedTool): Outcome {
  if (t.outcome === null) throw new Error(`tool ${t.name} has no outcome`);
  return t.outcome;
}

// ───────────────────────────────────────────────────────────────────────────── claude-code dialect

class CcSession {
  last: string | null = null;
  model = MAIN_MODEL;
  promptUuid = '';
  readonly convo: Convo;
  /** file-history-snapshot state: path → backup version. */
  readonly backups = new Map<string, { version: number; time: string }>();

  constructor(readonly g: Gen) {
    this.convo = new Convo(g.rng.range(14_000, 24_000));
  }

  env(parent: string | null): JsonObject {
    const g = this.g;
    return { parentUuid: parent, isSidechain: false, userType: 'external', cwd: g.cwd, sessionId: g.sessionId,
      version: CC_VERSION, gitBranch: g.gitBranch };
  }

  snapshot(messageId: string, isUpdate: boolean): string {
    const tracked: JsonObject = {};
    for (const [path, b] of this.backups) tracked[path] = { backupFileName: `${hexString(this.g.rng, 16)}@v${b.version}`, version: b.version, backupTime: b.time };
    const timestamp = new Date(this.g.clock).toISOString();
    return JSON.stringify({ type: 'file-history-snapshot', messageId,
      snapshot: { messageId: this.promptUuid, trackedFileBackups: tracked, timestamp }, isSnapshotUpdate: isUpdate });
  }

  prompt(uuid: string, text: string): string {
    const line = { ...this.env(this.last), type: 'user', message: { role: 'user', content: text }, uuid,
      timestamp: this.g.tick(50, 200), thinkingMetadata: { maxThinkingTokens: 31999 }, todos: [], permissionMode: 'default' };
    this.last = uuid;
    return JSON.stringify(line);
  }

  userText(text: string): string {
    const uuid = this.g.uuid();
    const line = { ...this.env(this.last), type: 'user', message: { role: 'user', content: [{ type: 'text', text }] },
      uuid, timestamp: this.g.tick(1, 50) };
    this.last = uuid;
    return JSON.stringify(line);
  }

  assistant(msg: ApiMsg, block: Block, lastOfMessage: boolean, uuid: string): string {
    const stop = lastOfMessage && this.g.rng.chance(0.25) ? msg.stopReason : null;
    const output = lastOfMessage ? msg.usage.output : msg.placeholder;
    const message = { model: msg.model, id: msg.id, type: 'message', role: 'assistant', content: [blockJson(block, true)],
      stop_reason: stop, stop_sequence: null, usage: usageJson(msg.usage, output, true) };
    const line = { ...this.env(this.last), message, requestId: msg.requestId, type: 'assistant', uuid, timestamp: this.g.tick(150, 2500) };
    this.last = uuid;
    return JSON.stringify(line);
  }

  toolResult(tool: PlannedTool, o: Outcome, sourceUuid: string): string {
    const uuid = this.g.uuid();
    const line = { ...this.env(sourceUuid), type: 'user', message: { role: 'user', content: [resultBlock(tool.id, o)] }, uuid,
      timestamp: this.g.tick(20, 4000), toolUseResult: o.structured, sourceToolAssistantUUID: sourceUuid };
    this.last = uuid;
    return JSON.stringify(line);
  }

  progress(data: JsonObject, toolUseID: string, parentToolUseID: string): string {
    const uuid = this.g.uuid();
    const line = { ...this.env(this.last), type: 'progress', data, toolUseID, parentToolUseID, uuid, timestamp: this.g.tick(1, 300) };
    this.last = uuid;
    return JSON.stringify(line);
  }

  system(subtype: string, fields: JsonObject): string {
    const uuid = this.g.uuid();
    const line = { ...this.env(this.last), type: 'system', subtype, ...fields, timestamp: this.g.tick(1, 100), uuid, isMeta: false };
    this.last = uuid;
    return JSON.stringify(line);
  }

  noteEdit(path: string): void {
    const prev = this.backups.get(path);
    this.backups.set(path, { version: (prev?.version ?? 0) + 1, time: new Date(this.g.clock).toISOString() });
  }
}

function* ccSessionStartHooks(cc: CcSession): Lines {
  const hookId = cc.g.uuid();
  for (const command of ['~/.claude/hooks/session-start.sh', 'bd prime']) {
    yield cc.progress({ type: 'hook_progress', hookEvent: 'SessionStart', hookName: 'SessionStart:startup', command }, hookId, hookId);
  }
}

function* ccModelSwitch(cc: CcSession, model: string): Lines {
  const label = model === SMALL_MODEL ? 'Haiku 4.5' : 'Default (recommended)';
  yield cc.system('local_command', { content: '<command-name>/model</command-name>\n            <command-message>model</command-message>\n            <command-args></command-args>', level: 'info' });
  yield cc.system('local_command', { content: `<local-command-stdout>Set model to \u001b[1m${label}\u001b[22m</local-command-stdout>`, level: 'info' });
  cc.model = model;
}

/** Emits one line per content block; returns tool_use id → uuid of the line holding it. */
function* ccAssistant(cc: CcSession, msg: ApiMsg): Lines<Map<string, string>> {
  const toolLines = new Map<string, string>();
  for (const [i, block] of msg.blocks.entries()) {
    const uuid = cc.g.uuid();
    yield cc.assistant(msg, block, i === msg.blocks.length - 1, uuid);
    if (block.type !== 'tool_use') continue;
    toolLines.set(block.id, uuid);
    if (cc.g.rng.chance(0.35)) {
      const data = { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: `PreToolUse:${block.name}`, command: cc.g.rng.pick(HOOK_COMMANDS) };
      yield cc.progress(data, block.id, block.id);
    }
  }
  return toolLines;
}

function embeddedAssistant(g: Gen, msg: ApiMsg, block: Block, lastOfMessage: boolean): JsonObject {
  const message = { model: msg.model, id: msg.id, type: 'message', role: 'assistant', content: [blockJson(block, true)],
    stop_reason: null, stop_sequence: null, usage: usageJson(msg.usage, lastOfMessage ? msg.usage.output : msg.placeholder, true) };
  return { type: 'assistant', message, requestId: msg.requestId, uuid: g.uuid(), timestamp: g.tick(150, 2000) };
}

function embeddedUser(g: Gen, content: Json): JsonObject {
  return { type: 'user', message: { role: 'user', content }, uuid: g.uuid(), timestamp: g.tick(20, 1500) };
}

/** A Task subagent as seen from the main file: agent_progress lines that embed the subagent's messages. */
function* ccSubagent(cc: CcSession, tool: PlannedTool, spec: TaskSpec): Lines<Outcome> {
  const g = cc.g;
  const run = new SubagentRun(g, tool, spec);
  const progress = (message: JsonObject, toolUseID: string): string =>
    cc.progress({ message, normalizedMessages: [], type: 'agent_progress', prompt: spec.prompt, agentId: run.agentId }, toolUseID, tool.id);
  yield progress(embeddedUser(g, [{ type: 'text', text: spec.prompt }]), `agent_msg_${base58(g.rng, 24)}`);
  for (const step of run.steps()) {
    const msg = step.msg;
    for (const [i, block] of msg.blocks.entries()) {
      yield progress(embeddedAssistant(g, msg, block, i === msg.blocks.length - 1), `agent_${msg.id}`);
    }
    for (const t of step.tools) yield progress(embeddedUser(g, [resultBlock(t.id, settled(t))]), `agent_${msg.id}`);
  }
  const outcome = run.outcome(true);
  cc.convo.add(tokensOf(outcomeChars(outcome)));
  return outcome;
}

/** Tool results for one API message; returns true when the user rejected a call (the turn ends there). */
function* ccResults(cc: CcSession, step: Step, toolLines: Map<string, string>): Lines<boolean> {
  let rejected = false;
  for (const tool of step.tools) {
    const source = toolLines.get(tool.id) ?? cc.last ?? '';
    if (rejected || tool.outcome?.denied === true) {
      rejected = true;
      yield cc.toolResult(tool, rejection(), source);
      continue;
    }
    const outcome = tool.outcome ?? (tool.task ? yield* ccSubagent(cc, tool, tool.task) : rejection());
    for (const [k, partial] of (outcome.progress ?? []).entries()) yield ccBashProgress(cc, tool, partial, k);
    yield cc.toolResult(tool, outcome, source);
    if (outcome.editedFile !== undefined) {
      cc.noteEdit(outcome.editedFile);
      yield cc.snapshot(source, true);
    }
  }
  if (rejected) yield cc.userText('[Request interrupted by user for tool use]');
  return rejected;
}

function ccBashProgress(cc: CcSession, tool: PlannedTool, fullOutput: string, k: number): string {
  const tail = fullOutput.split('\n').slice(-5).join('\n');
  const totalLines = fullOutput.split('\n').length;
  const data = { type: 'bash_progress', output: tail, fullOutput, elapsedTimeSeconds: (k + 1) * 3, totalLines, timeoutMs: 120000 };
  return cc.progress(data, `bash-progress-${k}`, tool.id);
}

function* ccTurn(cc: CcSession, opening: boolean): Lines {
  const g = cc.g;
  if (!opening) g.tick(5_000, 240_000);
  const started = g.clock;
  cc.promptUuid = g.uuid();
  yield cc.snapshot(cc.promptUuid, false);
  if (opening) yield* ccSessionStartHooks(cc);
  const model = g.rng.chance(0.1) ? SMALL_MODEL : MAIN_MODEL;
  if (model !== cc.model) yield* ccModelSwitch(cc, model);
  const text = promptText(g);
  cc.convo.add(tokensOf(text.length));
  yield cc.prompt(cc.promptUuid, text);
  const steps = g.rng.range(1, 12);
  for (let i = 0; ; i++) {
    const final = i >= steps - 1 || g.exhausted();
    const step = planStep(g, cc.convo, model, final, false);
    const toolLines = yield* ccAssistant(cc, step.msg);
    if (yield* ccResults(cc, step, toolLines)) return;
    if (final) break;
  }
  yield cc.system('turn_duration', { durationMs: g.clock - started });
}

function* claudeCodeSession(g: Gen): Lines {
  const cc = new CcSession(g);
  yield* ccTurn(cc, true);
  while (!g.exhausted()) yield* ccTurn(cc, false);
}

// ───────────────────────────────────────────────────────────────────────────── sdk-stream dialect

const SDK_TOOLS = ['Task', 'TaskOutput', 'Bash', 'Glob', 'Grep', 'ExitPlanMode', 'Read', 'Edit', 'Write', 'NotebookEdit',
  'WebFetch', 'TodoWrite', 'WebSearch', 'KillShell', 'AskUserQuestion', 'Skill', 'EnterPlanMode'];

class SdkSession {
  readonly convo: Convo;
  private results = 0;

  constructor(readonly g: Gen) {
    this.convo = new Convo(g.rng.range(14_000, 24_000));
  }

  frame(body: JsonObject): string {
    return JSON.stringify({ ...body, session_id: this.g.sessionId, uuid: this.g.uuid() });
  }

  event(event: JsonObject, parent: string | null): string {
    return this.frame({ type: 'stream_event', event, parent_tool_use_id: parent });
  }

  init(): string {
    return JSON.stringify({ type: 'system', subtype: 'init', cwd: this.g.cwd, session_id: this.g.sessionId, tools: SDK_TOOLS,
      mcp_servers: [], model: MAIN_MODEL, permissionMode: 'default',
      slash_commands: ['compact', 'context', 'cost', 'init', 'pr-comments', 'release-notes', 'review', 'security-review'],
      apiKeySource: 'none', claude_code_version: CC_VERSION, output_style: 'default',
      agents: ['Bash', 'general-purpose', 'statusline-setup', 'Explore', 'Plan'], skills: [], plugins: [], uuid: this.g.uuid() });
  }

  assistant(msg: ApiMsg, block: Block, parent: string | null): string {
    const message = { model: msg.model, id: msg.id, type: 'message', role: 'assistant', content: [blockJson(block, false)],
      stop_reason: null, stop_sequence: null, usage: usageJson(msg.usage, 1, false), context_management: null };
    return JSON.stringify({ type: 'assistant', message, parent_tool_use_id: parent, session_id: this.g.sessionId, uuid: this.g.uuid() });
  }

  toolResult(tool: PlannedTool, o: Outcome, parent: string | null): string {
    return JSON.stringify({ type: 'user', message: { role: 'user', content: [resultBlock(tool.id, o)] }, parent_tool_use_id: parent,
      session_id: this.g.sessionId, uuid: this.g.uuid(), tool_use_result: o.structured });
  }

  hook(subtype: 'hook_started' | 'hook_response', hookId: string, event: string, name: string): string {
    const base = { type: 'system', subtype, hook_id: hookId, hook_name: name, hook_event: event };
    return this.frame(subtype === 'hook_started' ? base
      : { ...base, output: '', stdout: '', stderr: '', exit_code: 0, outcome: 'success' });
  }

  result(started: number, apiMs: number, numTurns: number, text: string): string {
    const u = this.g.turnUsage;
    const modelUsage: JsonObject = {};
    let cost = 0;
    for (const [model, t] of this.g.totals) {
      modelUsage[model] = { ...t, webSearchRequests: 0, contextWindow: 200000, maxOutputTokens: 64000 };
      cost += t.costUSD;
    }
    const usage = { input_tokens: u.input, cache_creation_input_tokens: u.cacheCreate, cache_read_input_tokens: u.cacheRead,
      output_tokens: u.output, server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 }, service_tier: 'standard',
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: u.cacheCreate } };
    this.results++;
    return this.frame({ type: 'result', subtype: 'success', is_error: false, duration_ms: this.g.clock - started,
      duration_api_ms: apiMs, num_turns: numTurns, result: text, stop_reason: 'end_turn', total_cost_usd: cost, usage,
      modelUsage, permission_denials: [] });
  }
}

/** Splits text at spaces into chunks of minWords..maxWords words, each keeping its leading space (as the API does). */
function* wordChunks(rng: Rng, text: string, minWords: number, maxWords: number): Generator<string, void, undefined> {
  let pos = 0;
  while (pos < text.length) {
    let end = pos;
    for (let n = rng.range(minWords, maxWords); n > 0 && end < text.length; n--) {
      const next = text.indexOf(' ', end + 1);
      end = next < 0 ? text.length : next;
    }
    yield text.slice(pos, end);
    pos = end;
  }
}

/** Arbitrary cuts through the serialized input, never inside a surrogate pair. */
function* jsonChunks(rng: Rng, json: string): Generator<string, void, undefined> {
  let pos = 0;
  while (pos < json.length) {
    let end = Math.min(json.length, pos + rng.range(4, 48));
    const code = json.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff && end < json.length) end++;
    yield json.slice(pos, end);
    pos = end;
  }
}

function* blockDeltas(rng: Rng, b: Block): Generator<JsonObject, void, undefined> {
  if (b.type === 'text') {
    for (const text of wordChunks(rng, b.text, 1, 6)) yield { type: 'text_delta', text };
  } else if (b.type === 'thinking') {
    for (const thinking of wordChunks(rng, b.thinking, 2, 9)) yield { type: 'thinking_delta', thinking };
    yield { type: 'signature_delta', signature: b.signature };
  } else {
    yield { type: 'input_json_delta', partial_json: '' };
    for (const partial_json of jsonChunks(rng, JSON.stringify(b.input))) yield { type: 'input_json_delta', partial_json };
  }
}

function emptyBlock(b: Block): JsonObject {
  if (b.type === 'text') return { type: 'text', text: '' };
  if (b.type === 'thinking') return { type: 'thinking', thinking: '', signature: '' };
  return { type: 'tool_use', id: b.id, name: b.name, input: {} };
}

/** message_start … message_stop, with each block's complete `assistant` frame before its content_block_stop (observed). */
function* sdkStream(s: SdkSession, msg: ApiMsg, parent: string | null): Lines {
  const rng = s.g.rng;
  // OH tool-use-roundtrip shows message_start.content pre-filled with the first (text) block.
  const prefill = msg.blocks[0]?.type === 'text' && rng.chance(0.5);
  const startUsage = usageJson(msg.usage, 1, false);
  yield s.event({ type: 'message_start', message: { model: msg.model, id: msg.id, type: 'message', role: 'assistant',
    content: prefill ? [{ type: 'text', text: '' }] : [], stop_reason: null, stop_sequence: null, usage: startUsage } }, parent);
  for (const [index, block] of msg.blocks.entries()) {
    yield s.event({ type: 'content_block_start', index, content_block: emptyBlock(block) }, parent);
    for (const delta of blockDeltas(rng, block)) yield s.event({ type: 'content_block_delta', index, delta }, parent);
    yield s.assistant(msg, block, parent);
    yield s.event({ type: 'content_block_stop', index }, parent);
  }
  const u = msg.usage;
  yield s.event({ type: 'message_delta', delta: { stop_reason: msg.stopReason, stop_sequence: null },
    usage: { input_tokens: u.input, cache_creation_input_tokens: u.cacheCreate, cache_read_input_tokens: u.cacheRead, output_tokens: u.output } }, parent);
  yield s.event({ type: 'message_stop' }, parent);
  s.g.clock += u.output * 12;
}

/** Runs the permission prompt through the host; returns a replacement outcome when the host denies. */
function* sdkPermission(s: SdkSession, tool: PlannedTool): Lines<Outcome | null> {
  const rng = s.g.rng;
  const requestIdValue = s.g.uuid();
  yield JSON.stringify({ type: 'control_request', request_id: requestIdValue, request: { subtype: 'can_use_tool', tool_name: tool.name,
    input: tool.input, tool_use_id: tool.id, permission_suggestions: [{ type: 'addRules', rules: [{ toolName: tool.name }], behavior: 'allow', destination: 'session' }] } });
  s.g.tick(300, 8000);
  if (rng.chance(0.2)) {
    const message = `User denied ${tool.name}: not now, only touch files under lib/`;
    yield JSON.stringify({ type: 'control_response', response: { subtype: 'success', request_id: requestIdValue, response: { behavior: 'deny', message } } });
    return { content: message, isError: true, structured: `Error: ${message}` };
  }
  yield JSON.stringify({ type: 'control_response', response: { subtype: 'success', request_id: requestIdValue, response: { behavior: 'allow', updatedInput: tool.input } } });
  return null;
}

function* sdkSubagent(s: SdkSession, tool: PlannedTool, spec: TaskSpec): Lines<Outcome> {
  const run = new SubagentRun(s.g, tool, spec);
  yield s.frame({ type: 'system', subtype: 'task_started', task_id: run.agentId, tool_use_id: tool.id, description: spec.description, task_type: 'local_agent' });
  for (const step of run.steps()) {
    yield* sdkStream(s, step.msg, tool.id);
    for (const t of step.tools) yield* sdkRunTool(s, t, tool.id);
  }
  const outcome = run.outcome(false);
  s.convo.add(tokensOf(outcomeChars(outcome)));
  return outcome;
}

function* sdkRunTool(s: SdkSession, tool: PlannedTool, parent: string | null): Lines {
  const g = s.g;
  const hookId = g.uuid();
  const hooked = g.rng.chance(0.4);
  if (hooked) {
    yield s.hook('hook_started', hookId, 'PreToolUse', `PreToolUse:${tool.name}`);
    yield s.hook('hook_response', hookId, 'PreToolUse', `PreToolUse:${tool.name}`);
  }
  const denied = parent === null && tool.task === undefined && g.rng.chance(0.05) ? yield* sdkPermission(s, tool) : null;
  let outcome = denied ?? tool.outcome;
  if (outcome === null) outcome = tool.task ? yield* sdkSubagent(s, tool, tool.task) : rejection();
  for (const [k, partial] of (denied === null ? outcome.progress ?? [] : []).entries()) {
    yield s.frame({ type: 'tool_progress', tool_use_id: tool.id, tool_name: tool.name, parent_tool_use_id: parent,
      elapsed_time_seconds: (k + 1) * 3, output_preview: partial.slice(-200) });
  }
  g.tick(20, 4000);
  yield s.toolResult(tool, outcome, parent);
  if (hooked && g.rng.chance(0.6)) {
    const postId = g.uuid();
    yield s.hook('hook_started', postId, 'PostToolUse', `PostToolUse:${tool.name}`);
    yield s.hook('hook_response', postId, 'PostToolUse', `PostToolUse:${tool.name}`);
  }
}

function* sdkTurn(s: SdkSession): Lines {
  const g = s.g;
  g.tick(5_000, 240_000);
  const started = g.clock;
  g.turnUsage = { input: 0, cacheCreate: 0, cacheRead: 0, output: 0 };
  if (g.rng.chance(0.3)) {
    const hookId = g.uuid();
    yield s.hook('hook_started', hookId, 'UserPromptSubmit', 'UserPromptSubmit');
    yield s.hook('hook_response', hookId, 'UserPromptSubmit', 'UserPromptSubmit');
  }
  const model = g.rng.chance(0.1) ? SMALL_MODEL : MAIN_MODEL;
  s.convo.add(tokensOf(promptText(g).length));
  const steps = g.rng.range(1, 12);
  let apiMs = 0;
  let text = '';
  for (let i = 0; ; i++) {
    const final = i >= steps - 1 || g.exhausted();
    const step = planStep(g, s.convo, model, final, false);
    const before = g.clock;
    yield* sdkStream(s, step.msg, null);
    apiMs += g.clock - before + g.rng.range(300, 2500);
    for (const b of step.msg.blocks) if (b.type === 'text') text = b.text;
    for (const tool of step.tools) yield* sdkRunTool(s, tool, null);
    if (final) {
      yield s.result(started, apiMs, i + 1, text);
      return;
    }
  }
}

function* sdkStreamSession(g: Gen): Lines {
  const s = new SdkSession(g);
  yield s.init();
  yield* sdkTurn(s);
  while (!g.exhausted()) yield* sdkTurn(s);
}

// ───────────────────────────────────────────────────────────────────────────── public API

function validate(opts: GenerateOptions): void {
  if (opts.dialect !== 'claude-code' && opts.dialect !== 'sdk-stream') throw new Error(`unknown dialect ${String(opts.dialect)}`);
  if (!Number.isFinite(opts.targetBytes) || opts.targetBytes <= 0) throw new Error('targetBytes must be a positive number');
}

/** Counts bytes as lines leave, so the producers can see how close to the target they are. */
function* counted(inner: Lines, stats: Stats): Lines {
  for (const line of inner) {
    stats.bytes += Buffer.byteLength(line, 'utf8') + 1;
    stats.lines++;
    yield line;
  }
}

function createRun(opts: GenerateOptions): { lines: Lines; stats: Stats } {
  validate(opts);
  const g = new Gen(opts);
  const inner = opts.dialect === 'claude-code' ? claudeCodeSession(g) : sdkStreamSession(g);
  return { lines: counted(inner, g.stats), stats: g.stats };
}

/** The transcript's lines, without trailing newlines. Lazy: memory stays flat whatever the target size. */
export function* generateLines(opts: GenerateOptions): Generator<string, void, undefined> {
  yield* createRun(opts).lines;
}

export async function generateFile(path: string, opts: GenerateOptions): Promise<GenerateResult> {
  const run = createRun(opts);
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  const batch: string[] = [];
  let batchChars = 0;
  for (const line of run.lines) {
    batch.push(line);
    batchChars += line.length + 1;
    if (batchChars < 1 << 20) continue;
    // One write per ~1 MB batch keeps the per-line overhead out of the stream machinery.
    if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
    batch.length = 0;
    batchChars = 0;
  }
  if (batch.length > 0) out.write(`${batch.join('\n')}\n`);
  out.end();
  await finished(out);
  const { bytes, lines, apiMessages, toolCalls } = run.stats;
  return { path, bytes, lines, apiMessages, toolCalls };
}

// ───────────────────────────────────────────────────────────────────────────── --check

interface OpenBlock {
  type: string;
  json: string;
}

class Checker {
  readonly types = new Map<string, number>();
  readonly errors: string[] = [];
  lines = 0;
  bytes = 0;
  maxLine = 0;
  deltaLines = 0;
  deltaBytes = 0;
  private readonly uuids = new Set<string>();
  private readonly toolUses = new Set<string>();
  private readonly toolResults = new Set<string>();
  private readonly outputs = new Map<string, { last: number; max: number }>();
  private readonly open = new Map<string, Map<number, OpenBlock>>();
  private lastTimestamp = '';

  error(msg: string): void {
    if (this.errors.length < 20) this.errors.push(`line ${this.lines}: ${msg}`);
    else if (this.errors.length === 20) this.errors.push('… more errors suppressed');
  }

  line(text: string): void {
    this.lines++;
    const size = Buffer.byteLength(text, 'utf8') + 1;
    this.bytes += size;
    this.maxLine = Math.max(this.maxLine, size);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.error('invalid JSON');
      return;
    }
    if (!isRecord(value) || typeof value.type !== 'string') {
      this.error('not an object with a string `type`');
      return;
    }
    const key = typeKey(value);
    this.types.set(key, (this.types.get(key) ?? 0) + 1);
    if (key.startsWith('stream_event/content_block_delta')) {
      this.deltaLines++;
      this.deltaBytes += size;
    }
    this.chain(value);
    this.content(value);
    this.stream(value);
  }

  /** claude-code: uuids unique, parents known, timestamps non-decreasing. */
  private chain(v: Record<string, unknown>): void {
    if (typeof v.uuid === 'string') {
      if (this.uuids.has(v.uuid)) this.error(`duplicate uuid ${v.uuid}`);
      this.uuids.add(v.uuid);
    }
    if (typeof v.parentUuid === 'string' && !this.uuids.has(v.parentUuid)) this.error(`unknown parentUuid ${v.parentUuid}`);
    if (typeof v.timestamp === 'string' && v.sessionId !== undefined) {
      if (v.timestamp < this.lastTimestamp) this.error('timestamp goes backwards');
      this.lastTimestamp = v.timestamp;
    }
  }

  /** Both dialects: tool_use ↔ tool_result links and the split-message usage rule. */
  private content(v: Record<string, unknown>): void {
    const message = isRecord(v.message) ? v.message : null;
    if (message === null || !Array.isArray(message.content)) return;
    for (const block of message.content) {
      if (!isRecord(block)) continue;
      if (block.type === 'tool_use' && typeof block.id === 'string') this.toolUses.add(block.id);
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        if (!this.toolUses.has(block.tool_use_id)) this.error(`tool_result for unknown ${block.tool_use_id}`);
        this.toolResults.add(block.tool_use_id);
      }
    }
    if (v.type === 'assistant' && v.sessionId !== undefined && typeof message.id === 'string' && isRecord(message.usage)) {
      const out = Number(message.usage.output_tokens);
      const seen = this.outputs.get(message.id) ?? { last: 0, max: 0 };
      this.outputs.set(message.id, { last: out, max: Math.max(seen.max, out) });
    }
  }

  /** sdk-stream: event order per parent_tool_use_id, and input_json_delta must parse at content_block_stop. */
  private stream(v: Record<string, unknown>): void {
    if (v.type !== 'stream_event' || !isRecord(v.event)) return;
    const key = String(v.parent_tool_use_id);
    const e = v.event;
    const blocks = this.open.get(key);
    if (e.type === 'message_start') {
      if (blocks !== undefined) this.error('message_start while a message is open');
      this.open.set(key, new Map());
      return;
    }
    if (blocks === undefined) {
      this.error(`${String(e.type)} outside a message`);
      return;
    }
    const index = Number(e.index);
    if (e.type === 'content_block_start' && isRecord(e.content_block)) blocks.set(index, { type: String(e.content_block.type), json: '' });
    else if (e.type === 'content_block_delta' && isRecord(e.delta)) this.delta(blocks.get(index), e.delta);
    else if (e.type === 'content_block_stop') this.stopBlock(blocks.get(index));
    else if (e.type === 'message_stop') this.open.delete(key);
  }

  private delta(block: OpenBlock | undefined, delta: Record<string, unknown>): void {
    if (block === undefined) this.error('delta for a block that was not started');
    else if (typeof delta.partial_json === 'string') block.json += delta.partial_json;
  }

  private stopBlock(block: OpenBlock | undefined): void {
    if (block === undefined) {
      this.error('content_block_stop for a block that was not started');
      return;
    }
    if (block.type !== 'tool_use') return;
    try {
      JSON.parse(block.json);
    } catch {
      this.error('accumulated input_json_delta does not parse');
    }
  }

  finish(): string[] {
    const notes: string[] = [];
    let unanswered = 0;
    for (const id of this.toolUses) if (!this.toolResults.has(id)) unanswered++;
    notes.push(`tool_use blocks: ${this.toolUses.size}, without a tool_result: ${unanswered}`);
    let lastNotMax = 0;
    for (const o of this.outputs.values()) if (o.last < o.max) lastNotMax++;
    if (this.outputs.size > 0) notes.push(`assistant message ids: ${this.outputs.size}, last split line not carrying the max output_tokens: ${lastNotMax}`);
    if (this.open.size > 0) this.error(`${this.open.size} stream(s) without message_stop at end of file`);
    if (lastNotMax > 0) this.error('split-message usage rule violated');
    return notes;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function typeKey(v: Record<string, unknown>): string {
  const type = String(v.type);
  if (typeof v.subtype === 'string') return `${type}/${v.subtype}`;
  if (type === 'stream_event' && isRecord(v.event)) {
    const e = v.event;
    const delta = isRecord(e.delta) && typeof e.delta.type === 'string' && e.type === 'content_block_delta' ? `:${e.delta.type}` : '';
    return `${type}/${String(e.type)}${delta}`;
  }
  if (type === 'progress' && isRecord(v.data)) return `${type}/${String(v.data.type)}`;
  if (type === 'control_request' && isRecord(v.request)) return `${type}/${String(v.request.subtype)}`;
  const message = isRecord(v.message) ? v.message : null;
  if (message === null) return type;
  if (typeof message.content === 'string') return `${type}/prompt`;
  const first = Array.isArray(message.content) ? message.content[0] : undefined;
  return isRecord(first) ? `${type}/${String(first.type)}` : type;
}

function endsWithNewline(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const buf = Buffer.alloc(1);
    readSync(fd, buf, 0, 1, size - 1);
    return buf[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

async function checkFile(path: string): Promise<boolean> {
  const started = performance.now();
  const checker = new Checker();
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of rl) checker.line(line);
  if (!endsWithNewline(path)) checker.error('file does not end with "\\n"');
  const notes = checker.finish();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${path}: ${checker.lines} lines, ${(checker.bytes / MB).toFixed(2)} MB, avg ${Math.round(checker.bytes / Math.max(1, checker.lines))} B/line, ` +
    `max line ${(checker.maxLine / 1024).toFixed(1)} KiB (checked in ${seconds.toFixed(1)} s)`);
  if (checker.deltaLines > 0) {
    console.log(`content_block_delta lines: ${((100 * checker.deltaLines) / checker.lines).toFixed(1)}% of lines, avg ${Math.round(checker.deltaBytes / checker.deltaLines)} B`);
  }
  for (const note of notes) console.log(note);
  const rows = [...checker.types].sort((a, b) => b[1] - a[1]);
  for (const [key, n] of rows) console.log(`  ${String(n).padStart(9)}  ${((100 * n) / checker.lines).toFixed(2).padStart(6)}%  ${key}`);
  for (const e of checker.errors) console.log(`ERROR ${e}`);
  console.log(checker.errors.length === 0 ? 'OK' : `FAILED (${checker.errors.length} errors)`);
  return checker.errors.length === 0;
}

// ───────────────────────────────────────────────────────────────────────────── CLI

const USAGE = `usage:
  node --import tsx bench/generate.ts --dialect claude-code|sdk-stream --mb <n> --out <file> [--seed <n>] [--huge-line-mb <n>]
  node --import tsx bench/generate.ts --check <file>
(1 MB = 1,000,000 bytes)`;

function numberArg(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dialect: { type: 'string' }, mb: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' },
      'huge-line-mb': { type: 'string' }, check: { type: 'string' }, help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  if (values.check !== undefined) return (await checkFile(values.check)) ? 0 : 1;
  const mb = numberArg(values.mb, 'mb');
  if ((values.dialect !== 'claude-code' && values.dialect !== 'sdk-stream') || mb === undefined || values.out === undefined) {
    console.error(USAGE);
    return 2;
  }
  const huge = numberArg(values['huge-line-mb'], 'huge-line-mb');
  const opts: GenerateOptions = { dialect: values.dialect, targetBytes: Math.round(mb * MB), seed: numberArg(values.seed, 'seed') ?? 1,
    hugeLineBytes: huge === undefined ? undefined : Math.round(huge * MB) };
  const started = performance.now();
  const result = await generateFile(values.out, opts);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ ...result, seconds: Number(seconds.toFixed(2)), mbPerSecond: Number((result.bytes / MB / seconds).toFixed(1)) }));
  return 0;
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && resolve(invokedPath) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
