import { describe, expect, it } from 'vitest';
import { loadText } from './testing/load';
import { responseRows, turnRows } from './turns';

const line = (o: object) => JSON.stringify(o);
const S = 'a1b2c3d4-0000-4000-8000-000000000000';
const assistant = (id: string, at: string, stop: string) =>
  line({
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: stop,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
    session_id: S,
    timestamp: at,
  });

describe('turnRows: a model call lasts from the line it answered to its own last line', () => {
  it('takes the prompt or tool result before it as the start', async () => {
    const text = [
      line({
        type: 'user',
        message: { role: 'user', content: 'hi' },
        session_id: S,
        timestamp: '2026-01-01T00:00:00.000Z',
      }),
      assistant('msg_01A', '2026-01-01T00:00:02.500Z', 'end_turn'),
      line({
        type: 'user',
        message: { role: 'user', content: 'again' },
        session_id: S,
        timestamp: '2026-01-01T00:00:10.000Z',
      }),
      assistant('msg_01B', '2026-01-01T00:00:10.750Z', 'end_turn'),
    ].join('\n');
    const { trace } = await loadText(text);
    expect(turnRows(trace).map((r) => r.durationMs)).toEqual([2500, 750]);
  });

  it('is unknown for a lone line with nothing before it (never a made-up 0 ms)', async () => {
    const { trace } = await loadText(assistant('msg_01C', '2026-01-01T00:00:02.000Z', 'end_turn'));
    expect(turnRows(trace)[0]?.durationMs).toBeUndefined();
  });
});

describe('responseRows: a response lasts from its first to its last line with a time', () => {
  it('passes over lines Claude Code writes without a timestamp at either end', async () => {
    const cc = (o: object) => line({ sessionId: S, ...o });
    const text = [
      cc({ type: 'permission-mode', permissionMode: 'default' }),
      cc({ type: 'user', uuid: 'u1', message: { role: 'user', content: 'hi' }, timestamp: '2026-01-01T00:00:00.000Z' }),
      cc({
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        message: {
          id: 'msg_01A',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5-20250929',
          content: [{ type: 'text', text: 'ok' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: 1, output_tokens: 1 },
        },
        timestamp: '2026-01-01T00:00:04.000Z',
      }),
      cc({ type: 'ai-title', aiTitle: 'Say hi' }),
    ].join('\n');
    const { trace } = await loadText(text);
    const rows = responseRows(trace);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.durationMs).toBe(4000);
  });
});

describe('the trace span: from its first to its last timestamp', () => {
  it('is the time between them, and none for a single instant (never a made-up 0 ms)', async () => {
    const two = [
      line({
        type: 'user',
        message: { role: 'user', content: 'hi' },
        session_id: S,
        timestamp: '2026-01-01T00:00:00.000Z',
      }),
      assistant('msg_01D', '2026-01-01T00:01:30.250Z', 'end_turn'),
    ].join('\n');
    expect((await loadText(two)).stats.durationMs).toBe(90_250);
    const one = line({
      type: 'user',
      message: { role: 'user', content: 'hi' },
      session_id: S,
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    expect((await loadText(one)).stats.durationMs).toBeUndefined();
  });
});
