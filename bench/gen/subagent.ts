import { SMALL_MODEL } from './common';
import { type Step, planStep, usageJson } from './messages';
import type { Outcome, PlannedTool, TaskSpec } from './outcome';
import { hexString } from './rng';
import { Gen } from './run';
import { Convo, type UsageCounts, tokensOf } from './usage';

// Subagent runs, shared by both dialects.

export class SubagentRun {
  readonly agentId: string;
  readonly convo: Convo;
  readonly startedAt: number;
  toolUses = 0;
  tokens = 0;
  lastUsage: UsageCounts = { input: 0, cacheCreate: 0, cacheRead: 0, output: 0 };
  finalText = '';

  constructor(
    readonly g: Gen,
    readonly tool: PlannedTool,
    readonly spec: TaskSpec,
  ) {
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
    const structured = {
      status: 'completed',
      prompt: this.spec.prompt,
      agentId: this.agentId,
      content: text,
      totalDurationMs: this.g.clock - this.startedAt,
      totalTokens: this.tokens,
      totalToolUseCount: this.toolUses,
      usage: usageJson(this.lastUsage, this.lastUsage.output, oneHourCache),
    };
    const content = [
      ...text,
      { type: 'text', text: `agentId: ${this.agentId} (for resuming to continue this agent's work if needed)` },
    ];
    return { content, structured };
  }
}

export function settled(t: PlannedTool): Outcome {
  if (t.outcome === null) throw new Error(`tool ${t.name} has no outcome`);
  return t.outcome;
}
