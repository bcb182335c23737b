import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { MB } from './common';

// `--check`: reads a generated file back and reports its shape (line types, sizes, unanswered tool calls).

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
    if (typeof v.parentUuid === 'string' && !this.uuids.has(v.parentUuid))
      this.error(`unknown parentUuid ${v.parentUuid}`);
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
    if (
      v.type === 'assistant' &&
      v.sessionId !== undefined &&
      typeof message.id === 'string' &&
      isRecord(message.usage)
    ) {
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
    if (e.type === 'content_block_start' && isRecord(e.content_block))
      blocks.set(index, { type: String(e.content_block.type), json: '' });
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
    if (this.outputs.size > 0)
      notes.push(
        `assistant message ids: ${this.outputs.size}, last split line not carrying the max output_tokens: ${lastNotMax}`,
      );
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
    const delta =
      isRecord(e.delta) && typeof e.delta.type === 'string' && e.type === 'content_block_delta'
        ? `:${e.delta.type}`
        : '';
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

export async function checkFile(path: string): Promise<boolean> {
  const started = performance.now();
  const checker = new Checker();
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of rl) checker.line(line);
  if (!endsWithNewline(path)) checker.error('file does not end with "\\n"');
  const notes = checker.finish();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${path}: ${checker.lines} lines, ${(checker.bytes / MB).toFixed(2)} MB, avg ${Math.round(checker.bytes / Math.max(1, checker.lines))} B/line, ` +
      `max line ${(checker.maxLine / 1024).toFixed(1)} KiB (checked in ${seconds.toFixed(1)} s)`,
  );
  if (checker.deltaLines > 0) {
    console.log(
      `content_block_delta lines: ${((100 * checker.deltaLines) / checker.lines).toFixed(1)}% of lines, avg ${Math.round(checker.deltaBytes / checker.deltaLines)} B`,
    );
  }
  for (const note of notes) console.log(note);
  const rows = [...checker.types].sort((a, b) => b[1] - a[1]);
  for (const [key, n] of rows)
    console.log(`  ${String(n).padStart(9)}  ${((100 * n) / checker.lines).toFixed(2).padStart(6)}%  ${key}`);
  for (const e of checker.errors) console.log(`ERROR ${e}`);
  console.log(checker.errors.length === 0 ? 'OK' : `FAILED (${checker.errors.length} errors)`);
  return checker.errors.length === 0;
}
