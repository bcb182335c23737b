import { memorySource } from './source';
import { TraceSession, type SessionHooks } from './session';

// The parse of a file's first lines runs code no one has run yet: V8 compiles each function as it is first called and
// learns its shapes over the next calls, so the first dozen lines of a load took 10-30 ms where later ones take a few
// microseconds each, and the first rows waited for it. A worker that loads these few made lines of each dialect while
// the user picks a file has that done before the file comes.

const SESSION = 'c0ffee00-0000-4000-8000-000000000001';
const AT = '2026-01-01T00:00:0';
/** Longer than the 16,384 characters the model keeps of a tool output. */
const LONG_FILE = 'export const value = 1;\n'.repeat(800);
const USAGE = { input_tokens: 3, cache_creation_input_tokens: 10, cache_read_input_tokens: 20, output_tokens: 5 };

/** A Claude Code session: a prompt, a tool call and its result, an answer, a snapshot. */
const CLAUDE_CODE = [
  { type: 'file-history-snapshot', messageId: 'u1', snapshot: { messageId: 'u1', trackedFileBackups: {} } },
  {
    type: 'user',
    uuid: 'u1',
    parentUuid: null,
    sessionId: SESSION,
    timestamp: `${AT}0.000Z`,
    cwd: '/w',
    version: '2.1.0',
    isSidechain: false,
    userType: 'external',
    message: { role: 'user', content: 'Warm up' },
  },
  {
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    sessionId: SESSION,
    timestamp: `${AT}1.000Z`,
    requestId: 'req_1',
    isSidechain: false,
    message: {
      id: 'msg_1',
      model: 'claude-opus-4-6',
      role: 'assistant',
      type: 'message',
      stop_reason: 'tool_use',
      usage: USAGE,
      content: [
        { type: 'thinking', thinking: 'Read it.', signature: 'x' },
        { type: 'text', text: 'Reading.' },
        { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/w/a.ts' } },
      ],
    },
  },
  {
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a1',
    sessionId: SESSION,
    timestamp: `${AT}2.000Z`,
    isSidechain: false,
    // A file read longer than the model keeps: its line goes through the clip (SessionHooks.clip).
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: LONG_FILE }] },
    toolUseResult: { type: 'text', file: { filePath: '/w/a.ts', content: LONG_FILE } },
  },
  {
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'u2',
    sessionId: SESSION,
    timestamp: `${AT}3.000Z`,
    requestId: 'req_2',
    isSidechain: false,
    message: {
      id: 'msg_2',
      model: 'claude-opus-4-6',
      role: 'assistant',
      type: 'message',
      stop_reason: 'end_turn',
      usage: USAGE,
      content: [{ type: 'text', text: 'Done.' }],
    },
  },
];

const frame = (event: object) => ({ type: 'stream_event', event, session_id: SESSION, parent_tool_use_id: null });

/** An Agent SDK stream with partial messages: init, a streamed answer, its completed message, the result. */
const SDK = [
  { type: 'system', subtype: 'init', cwd: '/w', session_id: SESSION, model: 'claude-opus-4-6', tools: ['Read'] },
  { type: 'user', message: { role: 'user', content: 'Warm up' }, parent_tool_use_id: null, session_id: SESSION },
  frame({ type: 'message_start', message: { id: 'msg_3', model: 'claude-opus-4-6', usage: USAGE, content: [] } }),
  frame({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  frame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Do' } }),
  frame({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ne.' } }),
  frame({ type: 'content_block_stop', index: 0 }),
  frame({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 5 } }),
  frame({ type: 'message_stop' }),
  {
    type: 'assistant',
    message: {
      id: 'msg_3',
      model: 'claude-opus-4-6',
      role: 'assistant',
      stop_reason: 'end_turn',
      usage: USAGE,
      content: [{ type: 'text', text: 'Done.' }],
    },
    parent_tool_use_id: null,
    session_id: SESSION,
  },
  {
    type: 'result',
    subtype: 'success',
    is_error: false,
    num_turns: 1,
    total_cost_usd: 0.001,
    usage: USAGE,
    session_id: SESSION,
  },
];

const lines = (records: readonly object[]): string => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

/**
 * Loads the made lines of each dialect in a session of their own (with the worker's `clip`), asking for their rows as
 * they parse and once loaded, as the page does; resolves to what each was read as. Nothing of it is kept.
 */
export async function warmUp(
  hooks: Pick<SessionHooks, 'clip' | 'frames'> = {},
): Promise<{ format: string | undefined; parsed: number; invalid: number }[]> {
  const made: { format: string | undefined; parsed: number; invalid: number }[] = [];
  for (const [name, text] of [
    ['warm-up.jsonl', lines(CLAUDE_CODE)],
    ['warm-up-sdk.jsonl', lines(SDK)],
  ] as const) {
    const session: TraceSession = new TraceSession({ ...hooks, onProgress: () => void session.parsedRows(100) });
    const summary = await session.load([memorySource(name, text)]);
    session.rows(0, summary.rowCount);
    const { parsed, invalid } = summary.stats.lines;
    made.push({ format: summary.sources[0]?.format, parsed, invalid });
  }
  return made;
}
