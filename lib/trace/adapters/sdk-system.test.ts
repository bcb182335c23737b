import { describe, expect, it } from 'vitest';
import { DEFAULT_NORMALIZE, withInterner } from './common';
import { forTests } from './sdk-system';
import { uuidApart } from './messages';

const head = (seq: number) => ({ seq, src: { source: 0, line: seq + 1, offset: 0, length: 0 }, path: undefined });

describe('the tiny system frame path', () => {
  const { tinySystem, schemaSystem } = forTests;
  const t = '2026-01-01T00:00:00.010Z';

  it("leaves a frame's uuid to a sink that keeps uuids apart, with no slot for it on the event", () => {
    const frame = {
      type: 'system',
      subtype: 'status',
      status: 'requesting',
      session_id: 's',
      uuid: 'r-1',
      timestamp: t,
    };
    const apart = uuidApart();
    const e = tinySystem(frame, DEFAULT_NORMALIZE, { ...head(0), apart });
    expect(e && Object.keys(e)).not.toContain('uuid');
    expect(apart.uuid).toBe('r-1');
    // Without a place to leave it (the CLI's sink, the model builder), the event holds it.
    expect(tinySystem(frame, DEFAULT_NORMALIZE, head(0))?.uuid).toBe('r-1');
    // An empty uuid is not one a sink keeps: it stays on the event, as it was.
    const empty = uuidApart();
    expect(tinySystem({ ...frame, uuid: '' }, DEFAULT_NORMALIZE, { ...head(0), apart: empty })?.uuid).toBe('');
    expect(empty.uuid).toBeUndefined();
  });

  it('gives exactly the event the schema path gives, for every frame it takes', () => {
    const frames: Record<string, unknown>[] = [
      { type: 'system', subtype: 'status', status: 'requesting', session_id: 'rows', uuid: 'r-1', timestamp: t },
      { type: 'system', subtype: 'status', status: 'compacting' },
      { type: 'system', subtype: 'status', status: null, session_id: null, uuid: null, timestamp: null },
      { type: 'system', subtype: 'status', status: { phase: 'x' }, session_id: 's', timestamp: 'not a date' },
      { type: 'system', subtype: 'task_progress', uuid: 'u', timestamp: t },
      { type: 'system', subtype: 'init', session_id: 's' },
    ];
    for (const [i, obj] of frames.entries()) {
      const tiny = tinySystem(obj, withInterner(DEFAULT_NORMALIZE), head(i));
      expect(tiny, JSON.stringify(obj)).toBeDefined();
      expect(tiny).toStrictEqual(schemaSystem(obj, withInterner(DEFAULT_NORMALIZE), head(i)));
    }
  });

  it('leaves every other frame to the schema path', () => {
    const odd: Record<string, unknown>[] = [
      // A key it does not know, even one the schema ignores.
      { type: 'system', subtype: 'status', status: 'requesting', session_id: 's', extra: 1 },
      { type: 'system', subtype: 'status', sessionId: 's' },
      // Fields of the wrong type (the schema rejects them: an unknown row).
      { type: 'system', subtype: 'status', session_id: 42 },
      { type: 'system', subtype: 'status', uuid: ['u'] },
      { type: 'system', subtype: 'status', timestamp: 1767225600000 },
      // Subtypes that are not a plain frame.
      { type: 'system', subtype: 'hook_started' },
      { type: 'system', subtype: 'permission_denied' },
      { type: 'system', subtype: 'no_such_subtype' },
      { type: 'system', subtype: 'constructor' },
      { type: 'system', status: 'requesting' },
      JSON.parse('{"type":"system","subtype":"status","__proto__":{"x":1}}') as Record<string, unknown>,
    ];
    for (const [i, obj] of odd.entries())
      expect(tinySystem(obj, DEFAULT_NORMALIZE, head(i)), JSON.stringify(obj)).toBeUndefined();
    // A frame at a path inside a JSON document keeps its path: the schema path makes it.
    const inDoc = { ...head(0), path: '$[3]' };
    expect(tinySystem({ type: 'system', subtype: 'status' }, DEFAULT_NORMALIZE, inDoc)).toBeUndefined();
  });

  it("shares a status frame's short word through the load's interner, on both paths", () => {
    const asked: string[] = [];
    const opts = { ...DEFAULT_NORMALIZE, intern: (s: string) => (asked.push(s), s) };
    const long = 'x'.repeat(33);
    for (const status of ['requesting', long]) {
      tinySystem({ type: 'system', subtype: 'status', status }, opts, head(0));
      schemaSystem({ type: 'system', subtype: 'status', status, model: 'm' }, opts, head(1));
    }
    // A long word (no status is) is kept as it came: interning it would only grow the interner.
    expect(asked.filter((s) => s === 'requesting')).toHaveLength(2);
    expect(asked).not.toContain(long);
  });
});
