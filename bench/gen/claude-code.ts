import { CC_VERSION, type Json, type JsonObject, type Lines, MAIN_MODEL, SMALL_MODEL } from './common';
import { HOOK_COMMANDS } from './corpus';
import { type ApiMsg, type Block, type Step, blockJson, planStep, resultBlock, usageJson } from './messages';
import { type Outcome, type PlannedTool, type TaskSpec, outcomeChars, rejection } from './outcome';
import { promptText } from './prose';
import { base58, hexString } from './rng';
import { Gen } from './run';
import { SubagentRun, settled } from './subagent';
import { Convo, tokensOf } from './usage';

// The claude-code dialect: a Claude Code session file (~/.claude/projects/<project>/<session>.jsonl).

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
    return {
      parentUuid: parent,
      isSidechain: false,
      userType: 'external',
      cwd: g.cwd,
      sessionId: g.sessionId,
      version: CC_VERSION,
      gitBranch: g.gitBranch,
    };
  }

  snapshot(messageId: string, isUpdate: boolean): string {
    const tracked: JsonObject = {};
    for (const [path, b] of this.backups)
      tracked[path] = {
        backupFileName: `${hexString(this.g.rng, 16)}@v${b.version}`,
        version: b.version,
        backupTime: b.time,
      };
    const timestamp = new Date(this.g.clock).toISOString();
    return JSON.stringify({
      type: 'file-history-snapshot',
      messageId,
      snapshot: { messageId: this.promptUuid, trackedFileBackups: tracked, timestamp },
      isSnapshotUpdate: isUpdate,
    });
  }

  prompt(uuid: string, text: string): string {
    const line = {
      ...this.env(this.last),
      type: 'user',
      message: { role: 'user', content: text },
      uuid,
      timestamp: this.g.tick(50, 200),
      thinkingMetadata: { maxThinkingTokens: 31999 },
      todos: [],
      permissionMode: 'default',
    };
    this.last = uuid;
    return JSON.stringify(line);
  }

  userText(text: string): string {
    const uuid = this.g.uuid();
    const line = {
      ...this.env(this.last),
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text }] },
      uuid,
      timestamp: this.g.tick(1, 50),
    };
    this.last = uuid;
    return JSON.stringify(line);
  }

  assistant(msg: ApiMsg, block: Block, lastOfMessage: boolean, uuid: string): string {
    const stop = lastOfMessage && this.g.rng.chance(0.25) ? msg.stopReason : null;
    const output = lastOfMessage ? msg.usage.output : msg.placeholder;
    const message = {
      model: msg.model,
      id: msg.id,
      type: 'message',
      role: 'assistant',
      content: [blockJson(block, true)],
      stop_reason: stop,
      stop_sequence: null,
      usage: usageJson(msg.usage, output, true),
    };
    const line = {
      ...this.env(this.last),
      message,
      requestId: msg.requestId,
      type: 'assistant',
      uuid,
      timestamp: this.g.tick(150, 2500),
    };
    this.last = uuid;
    return JSON.stringify(line);
  }

  toolResult(tool: PlannedTool, o: Outcome, sourceUuid: string): string {
    const uuid = this.g.uuid();
    const line = {
      ...this.env(sourceUuid),
      type: 'user',
      message: { role: 'user', content: [resultBlock(tool.id, o)] },
      uuid,
      timestamp: this.g.tick(20, 4000),
      toolUseResult: o.structured,
      sourceToolAssistantUUID: sourceUuid,
    };
    this.last = uuid;
    return JSON.stringify(line);
  }

  progress(data: JsonObject, toolUseID: string, parentToolUseID: string): string {
    const uuid = this.g.uuid();
    const line = {
      ...this.env(this.last),
      type: 'progress',
      data,
      toolUseID,
      parentToolUseID,
      uuid,
      timestamp: this.g.tick(1, 300),
    };
    this.last = uuid;
    return JSON.stringify(line);
  }

  system(subtype: string, fields: JsonObject): string {
    const uuid = this.g.uuid();
    const line = {
      ...this.env(this.last),
      type: 'system',
      subtype,
      ...fields,
      timestamp: this.g.tick(1, 100),
      uuid,
      isMeta: false,
    };
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
    yield cc.progress(
      { type: 'hook_progress', hookEvent: 'SessionStart', hookName: 'SessionStart:startup', command },
      hookId,
      hookId,
    );
  }
}

function* ccModelSwitch(cc: CcSession, model: string): Lines {
  const label = model === SMALL_MODEL ? 'Haiku 4.5' : 'Default (recommended)';
  yield cc.system('local_command', {
    content:
      '<command-name>/model</command-name>\n            <command-message>model</command-message>\n            <command-args></command-args>',
    level: 'info',
  });
  yield cc.system('local_command', {
    content: `<local-command-stdout>Set model to \u001b[1m${label}\u001b[22m</local-command-stdout>`,
    level: 'info',
  });
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
      const data = {
        type: 'hook_progress',
        hookEvent: 'PreToolUse',
        hookName: `PreToolUse:${block.name}`,
        command: cc.g.rng.pick(HOOK_COMMANDS),
      };
      yield cc.progress(data, block.id, block.id);
    }
  }
  return toolLines;
}

function embeddedAssistant(g: Gen, msg: ApiMsg, block: Block, lastOfMessage: boolean): JsonObject {
  const message = {
    model: msg.model,
    id: msg.id,
    type: 'message',
    role: 'assistant',
    content: [blockJson(block, true)],
    stop_reason: null,
    stop_sequence: null,
    usage: usageJson(msg.usage, lastOfMessage ? msg.usage.output : msg.placeholder, true),
  };
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
    cc.progress(
      { message, normalizedMessages: [], type: 'agent_progress', prompt: spec.prompt, agentId: run.agentId },
      toolUseID,
      tool.id,
    );
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
  const data = {
    type: 'bash_progress',
    output: tail,
    fullOutput,
    elapsedTimeSeconds: (k + 1) * 3,
    totalLines,
    timeoutMs: 120000,
  };
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

export function* claudeCodeSession(g: Gen): Lines {
  const cc = new CcSession(g);
  yield* ccTurn(cc, true);
  while (!g.exhausted()) yield* ccTurn(cc, false);
}
