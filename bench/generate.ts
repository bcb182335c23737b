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
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { claudeCodeSession } from './gen/claude-code';
import { type GenerateOptions, type GenerateResult, type Lines, MB } from './gen/common';
import { Gen, type Stats } from './gen/run';
import { sdkStreamSession } from './gen/sdk-stream';
import { checkFile } from './gen/check';

export type { Dialect, GenerateOptions, GenerateResult } from './gen/common';

function validate(opts: GenerateOptions): void {
  if (opts.dialect !== 'claude-code' && opts.dialect !== 'sdk-stream')
    throw new Error(`unknown dialect ${String(opts.dialect)}`);
  if (!Number.isFinite(opts.targetBytes) || opts.targetBytes <= 0)
    throw new Error('targetBytes must be a positive number');
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
      dialect: { type: 'string' },
      mb: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      'huge-line-mb': { type: 'string' },
      check: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    console.log(USAGE);
    return 0;
  }
  if (values.check !== undefined) return (await checkFile(values.check)) ? 0 : 1;
  const mb = numberArg(values.mb, 'mb');
  if (
    (values.dialect !== 'claude-code' && values.dialect !== 'sdk-stream') ||
    mb === undefined ||
    values.out === undefined
  ) {
    console.error(USAGE);
    return 2;
  }
  const huge = numberArg(values['huge-line-mb'], 'huge-line-mb');
  const opts: GenerateOptions = {
    dialect: values.dialect,
    targetBytes: Math.round(mb * MB),
    seed: numberArg(values.seed, 'seed') ?? 1,
    hugeLineBytes: huge === undefined ? undefined : Math.round(huge * MB),
  };
  const started = performance.now();
  const result = await generateFile(values.out, opts);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      ...result,
      seconds: Number(seconds.toFixed(2)),
      mbPerSecond: Number((result.bytes / MB / seconds).toFixed(1)),
    }),
  );
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
