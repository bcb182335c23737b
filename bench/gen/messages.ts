import type { JsonObject } from './common';
import { type Outcome, type PlannedTool, outcomeChars } from './outcome';
import { Signatures, finalText, stepText, thinkingText } from './prose';
import { messageId, requestId } from './rng';
import { Gen } from './run';
import { planTool } from './tools';
import { Convo, type UsageCounts, tokensOf } from './usage';

// API messages: planned steps of text, thinking and tool_use blocks, and their JSON.

export type Block =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: JsonObject };

export interface ApiMsg {
  id: string;
  requestId: string;
  model: string;
  blocks: Block[];
  usage: UsageCounts;
  /** The message_start output_tokens that early split lines / assistant frames carry. */
  placeholder: number;
  stopReason: string;
}

export interface Step {
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
export function planStep(g: Gen, convo: Convo, model: string, final: boolean, sub: boolean): Step {
  g.stats.apiMessages++;
  const blocks: Block[] = [];
  const tools: PlannedTool[] = [];
  if (g.rng.chance(sub ? 0.15 : 0.55))
    blocks.push({ type: 'thinking', thinking: thinkingText(g), signature: signatureFor(g) });
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
  const msg = {
    id: messageId(g.rng),
    requestId: requestId(g.rng),
    model,
    blocks,
    usage,
    placeholder: g.rng.range(1, 5),
    stopReason: tools.length > 0 ? 'tool_use' : 'end_turn',
  };
  return { msg, tools };
}

export function blockJson(b: Block, withCaller: boolean): JsonObject {
  if (b.type === 'text') return { type: 'text', text: b.text };
  if (b.type === 'thinking') return { type: 'thinking', thinking: b.thinking, signature: b.signature };
  // Claude Code 2.1.3x writes `caller` on tool_use blocks (real spotter sample).
  return withCaller
    ? { type: 'tool_use', id: b.id, name: b.name, input: b.input, caller: { type: 'direct' } }
    : { type: 'tool_use', id: b.id, name: b.name, input: b.input };
}

export function usageJson(u: UsageCounts, output: number, oneHourCache: boolean): JsonObject {
  return {
    input_tokens: u.input,
    cache_creation_input_tokens: u.cacheCreate,
    cache_read_input_tokens: u.cacheRead,
    cache_creation: {
      ephemeral_5m_input_tokens: oneHourCache ? 0 : u.cacheCreate,
      ephemeral_1h_input_tokens: oneHourCache ? u.cacheCreate : 0,
    },
    output_tokens: output,
    service_tier: 'standard',
    ...(oneHourCache ? { inference_geo: 'not_available' } : {}),
  };
}

export function resultBlock(toolId: string, o: Outcome): JsonObject {
  return { tool_use_id: toolId, type: 'tool_result', content: o.content, is_error: o.isError };
}
