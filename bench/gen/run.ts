import type { Dialect, GenerateOptions, JsonObject } from './common';
import { TASKS, ident } from './corpus';
import { Repo } from './repo';
import { Rng, uuidV4 } from './rng';
import { type ModelTotals, type UsageCounts, costOf } from './usage';

// The run state: one generation's PRNG, repository, clock and counters.

export interface Stats {
  bytes: number;
  lines: number;
  apiMessages: number;
  toolCalls: number;
}

export class Gen {
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
      case 'file2':
        return r.pick(this.repo.files).path;
      case 'ident':
      case 'ident2':
        return ident(r);
      case 'num':
        return String(r.range(2, 40));
      case 'task':
        return r.pick(TASKS);
      default:
        return name;
    }
  }
}
