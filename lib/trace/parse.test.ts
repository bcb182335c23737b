import { describe, expect, it } from 'vitest';
import { cc, jsonl, sdk, text, toolUse } from './testing/builders';
import { codes, loadFiles, loadText } from './testing/load';

const accounted = (s: { lines: { total: number }; events: number }, lineDiags: number): boolean =>
  s.lines.total === s.events + lineDiags;

describe('parsing and line accounting', () => {
  it('turns a malformed line into a diagnostic with its line number and loads the rest', async () => {
    const { trace, stats } = await loadText(
      jsonl([sdk.init(), '{"type":"assistant", oops', sdk.result(), '', 'not json at all', '[1,2]']),
    );
    expect(stats.lines).toEqual({ total: 5, parsed: 2, invalid: 3, blank: 1, sidecars: 0 });
    expect(trace.events.map((e) => e.kind)).toEqual(['system', 'result']);
    const lineDiags = trace.diagnostics.filter((d) => d.consumesLine);
    expect(lineDiags.map((d) => [d.code, d.src?.line])).toEqual([
      ['malformed-json', 2],
      ['non-json-line', 5],
      ['not-an-object', 6],
    ]);
    // A line that produced no event has nothing else to show it by: its diagnostic quotes it.
    expect(lineDiags[0]?.message).toMatch(/^line 2: .+: "\{\\"type\\":\\"assistant\\", oops"$/);
    expect(accounted(stats, lineDiags.length)).toBe(true);
  });

  it('quotes a record of a JSON document that is not an object, since its line shows only the document start', async () => {
    const doc = JSON.stringify([sdk.init(), 42, sdk.result()], null, 2);
    const { trace, stats } = await loadFiles({ 'run.json': doc });
    expect(trace.events.map((e) => e.kind)).toEqual(['system', 'result']);
    const d = trace.diagnostics.find((x) => x.code === 'invalid-document');
    expect(d?.message).toBe('[1]: not an object: "42"');
    expect(accounted(stats, 1)).toBe(true);
  });

  it('reports a cut-off last line as truncated, not as an event', async () => {
    const { trace } = await loadText(jsonl([sdk.init()]) + '{"type":"result","subtype":"succ');
    expect(trace.diagnostics.find((d) => d.consumesLine)).toMatchObject({
      code: 'truncated-last-line',
      src: { line: 2 },
    });
  });

  it('accepts a last line without newline when it is complete', async () => {
    const { stats } = await loadText(JSON.stringify(sdk.init()));
    expect(stats.lines).toMatchObject({ total: 1, invalid: 0 });
  });

  it('detects the dialect of each file', async () => {
    const { trace } = await loadFiles({
      'a.jsonl': jsonl([cc.prompt('hi')]),
      'b.jsonl': jsonl([sdk.init(), sdk.result()]),
      'c.jsonl': '',
      'd.jsonl': jsonl([sdk.init()]),
    });
    expect(trace.sources.map((s) => [s.name, s.format])).toEqual([
      ['a.jsonl', 'claude-code'],
      ['b.jsonl', 'sdk-stream'],
      ['c.jsonl', 'empty'],
      // One SDK frame type alone does not make a stream: two different ones do.
      ['d.jsonl', 'unknown'],
    ]);
  });

  it('keeps unknown types and unknown subtypes as unknown events with their raw JSON', async () => {
    const { trace } = await loadText(
      jsonl([
        { type: 'hologram', session_id: 's', x: 1 },
        { type: 'system', subtype: 'teleport', session_id: 's', uuid: 'u' },
        sdk.init(),
        sdk.result(),
      ]),
    );
    expect(trace.events.map((e) => (e.kind === 'unknown' ? `${e.kind}:${e.type}/${e.subtype ?? ''}` : e.kind))).toEqual(
      ['unknown:hologram/', 'unknown:system/teleport', 'system', 'result'],
    );
    expect(codes(trace).filter((c) => c === 'unknown-type')).toHaveLength(2);
  });

  it('keeps a known type whose required fields are missing as an unknown event, with the reason', async () => {
    const { trace } = await loadText(
      jsonl([sdk.init(), { type: 'assistant', message: { content: 'not a list' }, session_id: 's' }]),
    );
    const e = trace.events[1];
    expect(e?.kind).toBe('unknown');
    expect(e?.kind === 'unknown' && e.reason).toMatch(
      /assistant line without the fields the model needs \(message\.content/,
    );
  });

  it('reads hook frames before the generic system case', async () => {
    const { trace } = await loadText(
      jsonl([
        sdk.result(),
        {
          type: 'system',
          subtype: 'hook_response',
          hook_id: 'h',
          hook_name: 'PreToolUse:Bash',
          hook_event: 'PreToolUse',
          output: JSON.stringify({
            hookSpecificOutput: {
              hookEventName: 'PreToolUse',
              permissionDecision: 'deny',
              permissionDecisionReason: 'no network',
            },
          }),
          exit_code: 0,
          outcome: 'success',
          session_id: 's',
          uuid: 'u1',
        },
      ]),
    );
    const e = trace.events[1];
    expect(e?.kind).toBe('hook');
    expect(e?.kind === 'hook' && [e.hookEvent, e.decision, e.decisionReason]).toEqual([
      'PreToolUse',
      'deny',
      'no network',
    ]);
  });

  it('reads a JSON array of SDK messages, one record per message', async () => {
    const doc = JSON.stringify(
      [sdk.init(), sdk.assistant('msg_1', [text('hi')], { output: 3 }), sdk.result({ cost: 0.01 })],
      null,
      2,
    );
    const { trace, stats } = await loadText(doc, 'run.json');
    expect(trace.sources[0]?.format).toBe('json-array');
    expect(stats.lines.total).toBe(3);
    expect(trace.events.map((e) => [e.kind, e.path])).toEqual([
      ['system', '[0]'],
      ['assistant', '[1]'],
      ['result', '[2]'],
    ]);
  });

  it('reads an evaluation artifact with its verdict as one more record', async () => {
    const artifact = {
      sessionId: 'sess-1',
      messages: [
        sdk.assistant('msg_1', [toolUse('toolu_1', 'Edit', { file_path: 'a.py' })], { output: 3 }),
        sdk.toolResult('toolu_1', 'ok'),
        sdk.result(),
      ],
      toolCalls: [{ id: 'toolu_1', name: 'Edit' }],
      results: [],
      transportError: null,
      workspaceDiff: 'diff --git a/a.py b/a.py\n-x\n+y\n',
      testResult: { passed: false, summary: '1 failed' },
    };
    const { trace, stats } = await loadText(JSON.stringify(artifact), 'eval.json');
    expect(trace.sources[0]?.format).toBe('eval-artifact');
    expect(stats.lines.total).toBe(4);
    const ev = trace.events.find((e) => e.kind === 'eval');
    expect(ev?.kind === 'eval' && [ev.passed, ev.testSummary, ev.toolCallCount]).toEqual([false, '1 failed', 1]);
  });

  it('reads a recording of {message, relativeTimestamp} items with times from its start', async () => {
    const rec = {
      metadata: { recordedAt: '2026-01-01T00:00:00.000Z' },
      prompt: 'do it',
      messages: [
        { message: sdk.init(), relativeTimestamp: 0 },
        { message: sdk.result(), relativeTimestamp: 1500 },
      ],
    };
    const { trace } = await loadText(JSON.stringify(rec), 'rec.json');
    expect(trace.sources[0]?.format).toBe('recording');
    expect(trace.events.map((e) => [e.kind, e.time])).toEqual([
      ['meta', Date.parse('2026-01-01T00:00:00.000Z')],
      ['system', Date.parse('2026-01-01T00:00:00.000Z')],
      ['result', Date.parse('2026-01-01T00:00:01.500Z')],
    ]);
  });

  it('orders recording items by their explicit index, not by where the file put them', async () => {
    const rec = {
      metadata: { recordedAt: '2026-01-01T00:00:00.000Z' },
      messages: [
        { message: sdk.result(), relativeTimestamp: 1500, index: 2 },
        { message: sdk.init(), relativeTimestamp: 0, index: 0 },
        { message: sdk.assistant('msg_1', [text('hi')], { input: 10, output: 5 }), relativeTimestamp: 900, index: 1 },
      ],
    };
    const { trace } = await loadText(JSON.stringify(rec), 'rec.json');
    expect(trace.events.map((e) => [e.kind, e.path])).toEqual([
      ['meta', '$'],
      ['system', 'messages[1].message'],
      ['assistant', 'messages[2].message'],
      ['result', 'messages[0].message'],
    ]);
    // One response, ended by its result, with the model call inside it.
    expect(trace.responses.map((r) => [r.end, r.turns.length])).toEqual([['result', 1]]);
  });

  it('keeps the document order when indexes are missing or repeated', async () => {
    const items = [
      { message: sdk.init(), index: 1 },
      { message: sdk.result(), index: 1 },
    ];
    const { trace } = await loadText(JSON.stringify(items), 'run.json');
    expect(trace.events.map((e) => e.kind)).toEqual(['system', 'result']);
  });

  it('falls back to line-by-line when a .json file is really JSONL, losing nothing', async () => {
    const { trace, stats } = await loadText(jsonl([sdk.init(), sdk.result()]), 'oops.json');
    expect(stats.lines).toMatchObject({ total: 2, invalid: 0 });
    expect(trace.events.map((e) => e.kind)).toEqual(['system', 'result']);
  });

  it('reads gzip input whatever its name', async () => {
    const plain = new TextEncoder().encode(jsonl([sdk.init(), sdk.result()]));
    const gz = new Uint8Array(
      await new Response(new Blob([plain]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
    );
    const { stats } = await loadFiles({ 'trace.jsonl.gz': gz });
    expect(stats.lines.total).toBe(2);
    expect(stats.results).toBe(1);
  });

  it('gives a file that is not a transcript a clear diagnostic per line instead of failing', async () => {
    const { trace, stats } = await loadText('name,age\nbob,3\n', 'people.csv');
    expect(stats.lines).toMatchObject({ total: 2, invalid: 2 });
    expect(trace.diagnostics[0]?.message).toMatch(/line 1 is not JSON/);
  });
});
