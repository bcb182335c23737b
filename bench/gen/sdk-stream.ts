import { CC_VERSION, type JsonObject, type Lines, MAIN_MODEL, SMALL_MODEL } from './common';
import { blockDeltas, emptyBlock } from './deltas';
import { type ApiMsg, type Block, blockJson, planStep, resultBlock, usageJson } from './messages';
import { type Outcome, type PlannedTool, type TaskSpec, outcomeChars, rejection } from './outcome';
import { promptText } from './prose';
import { Gen } from './run';
import { SubagentRun } from './subagent';
import { Convo, tokensOf } from './usage';

// The sdk-stream dialect: stdout of `claude -p --output-format stream-json --verbose --include-partial-messages`.

const SDK_TOOLS = [
  'Task',
  'TaskOutput',
  'Bash',
  'Glob',
  'Grep',
  'ExitPlanMode',
  'Read',
  'Edit',
  'Write',
  'NotebookEdit',
  'WebFetch',
  'TodoWrite',
  'WebSearch',
  'KillShell',
  'AskUserQuestion',
  'Skill',
  'EnterPlanMode',
];

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
    return JSON.stringify({
      type: 'system',
      subtype: 'init',
      cwd: this.g.cwd,
      session_id: this.g.sessionId,
      tools: SDK_TOOLS,
      mcp_servers: [],
      model: MAIN_MODEL,
      permissionMode: 'default',
      slash_commands: [
        'compact',
        'context',
        'cost',
        'init',
        'pr-comments',
        'release-notes',
        'review',
        'security-review',
      ],
      apiKeySource: 'none',
      claude_code_version: CC_VERSION,
      output_style: 'default',
      agents: ['Bash', 'general-purpose', 'statusline-setup', 'Explore', 'Plan'],
      skills: [],
      plugins: [],
      uuid: this.g.uuid(),
    });
  }

  assistant(msg: ApiMsg, block: Block, parent: string | null): string {
    const message = {
      model: msg.model,
      id: msg.id,
      type: 'message',
      role: 'assistant',
      content: [blockJson(block, false)],
      stop_reason: null,
      stop_sequence: null,
      usage: usageJson(msg.usage, 1, false),
      context_management: null,
    };
    return JSON.stringify({
      type: 'assistant',
      message,
      parent_tool_use_id: parent,
      session_id: this.g.sessionId,
      uuid: this.g.uuid(),
    });
  }

  toolResult(tool: PlannedTool, o: Outcome, parent: string | null): string {
    return JSON.stringify({
      type: 'user',
      message: { role: 'user', content: [resultBlock(tool.id, o)] },
      parent_tool_use_id: parent,
      session_id: this.g.sessionId,
      uuid: this.g.uuid(),
      tool_use_result: o.structured,
    });
  }

  hook(subtype: 'hook_started' | 'hook_response', hookId: string, event: string, name: string): string {
    const base = { type: 'system', subtype, hook_id: hookId, hook_name: name, hook_event: event };
    return this.frame(
      subtype === 'hook_started'
        ? base
        : { ...base, output: '', stdout: '', stderr: '', exit_code: 0, outcome: 'success' },
    );
  }

  result(started: number, apiMs: number, numTurns: number, text: string): string {
    const u = this.g.turnUsage;
    const modelUsage: JsonObject = {};
    let cost = 0;
    for (const [model, t] of this.g.totals) {
      modelUsage[model] = { ...t, webSearchRequests: 0, contextWindow: 200000, maxOutputTokens: 64000 };
      cost += t.costUSD;
    }
    const usage = {
      input_tokens: u.input,
      cache_creation_input_tokens: u.cacheCreate,
      cache_read_input_tokens: u.cacheRead,
      output_tokens: u.output,
      server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
      service_tier: 'standard',
      cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: u.cacheCreate },
    };
    this.results++;
    return this.frame({
      type: 'result',
      subtype: 'success',
      is_error: false,
      duration_ms: this.g.clock - started,
      duration_api_ms: apiMs,
      num_turns: numTurns,
      result: text,
      stop_reason: 'end_turn',
      total_cost_usd: cost,
      usage,
      modelUsage,
      permission_denials: [],
    });
  }
}

/** message_start … message_stop, with each block's complete `assistant` frame before its content_block_stop (observed). */
function* sdkStream(s: SdkSession, msg: ApiMsg, parent: string | null): Lines {
  const rng = s.g.rng;
  // OH tool-use-roundtrip shows message_start.content pre-filled with the first (text) block.
  const prefill = msg.blocks[0]?.type === 'text' && rng.chance(0.5);
  const startUsage = usageJson(msg.usage, 1, false);
  yield s.event(
    {
      type: 'message_start',
      message: {
        model: msg.model,
        id: msg.id,
        type: 'message',
        role: 'assistant',
        content: prefill ? [{ type: 'text', text: '' }] : [],
        stop_reason: null,
        stop_sequence: null,
        usage: startUsage,
      },
    },
    parent,
  );
  for (const [index, block] of msg.blocks.entries()) {
    yield s.event({ type: 'content_block_start', index, content_block: emptyBlock(block) }, parent);
    for (const delta of blockDeltas(rng, block)) yield s.event({ type: 'content_block_delta', index, delta }, parent);
    yield s.assistant(msg, block, parent);
    yield s.event({ type: 'content_block_stop', index }, parent);
  }
  const u = msg.usage;
  yield s.event(
    {
      type: 'message_delta',
      delta: { stop_reason: msg.stopReason, stop_sequence: null },
      usage: {
        input_tokens: u.input,
        cache_creation_input_tokens: u.cacheCreate,
        cache_read_input_tokens: u.cacheRead,
        output_tokens: u.output,
      },
    },
    parent,
  );
  yield s.event({ type: 'message_stop' }, parent);
  s.g.clock += u.output * 12;
}

/** Runs the permission prompt through the host; returns a replacement outcome when the host denies. */
function* sdkPermission(s: SdkSession, tool: PlannedTool): Lines<Outcome | null> {
  const rng = s.g.rng;
  const requestIdValue = s.g.uuid();
  yield JSON.stringify({
    type: 'control_request',
    request_id: requestIdValue,
    request: {
      subtype: 'can_use_tool',
      tool_name: tool.name,
      input: tool.input,
      tool_use_id: tool.id,
      permission_suggestions: [
        { type: 'addRules', rules: [{ toolName: tool.name }], behavior: 'allow', destination: 'session' },
      ],
    },
  });
  s.g.tick(300, 8000);
  if (rng.chance(0.2)) {
    const message = `User denied ${tool.name}: not now, only touch files under lib/`;
    yield JSON.stringify({
      type: 'control_response',
      response: { subtype: 'success', request_id: requestIdValue, response: { behavior: 'deny', message } },
    });
    return { content: message, isError: true, structured: `Error: ${message}` };
  }
  yield JSON.stringify({
    type: 'control_response',
    response: {
      subtype: 'success',
      request_id: requestIdValue,
      response: { behavior: 'allow', updatedInput: tool.input },
    },
  });
  return null;
}

function* sdkSubagent(s: SdkSession, tool: PlannedTool, spec: TaskSpec): Lines<Outcome> {
  const run = new SubagentRun(s.g, tool, spec);
  yield s.frame({
    type: 'system',
    subtype: 'task_started',
    task_id: run.agentId,
    tool_use_id: tool.id,
    description: spec.description,
    task_type: 'local_agent',
  });
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
  const denied =
    parent === null && tool.task === undefined && g.rng.chance(0.05) ? yield* sdkPermission(s, tool) : null;
  let outcome = denied ?? tool.outcome;
  if (outcome === null) outcome = tool.task ? yield* sdkSubagent(s, tool, tool.task) : rejection();
  for (const [k, partial] of (denied === null ? (outcome.progress ?? []) : []).entries()) {
    yield s.frame({
      type: 'tool_progress',
      tool_use_id: tool.id,
      tool_name: tool.name,
      parent_tool_use_id: parent,
      elapsed_time_seconds: (k + 1) * 3,
      output_preview: partial.slice(-200),
    });
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

export function* sdkStreamSession(g: Gen): Lines {
  const s = new SdkSession(g);
  yield s.init();
  yield* sdkTurn(s);
  while (!g.exhausted()) yield* sdkTurn(s);
}
