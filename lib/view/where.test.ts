import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceSession } from '../engine/session';
import { memorySource } from '../engine/source';
import { sdk } from '../trace/testing/builders';
import { detailsOf } from './details';
import { explain } from './explain';

const RECORDING = path.resolve(
  import.meta.dirname,
  '../../test/fixtures/real/open-harness/golden/structured-output.json',
);

async function load(name: string, text: string) {
  const session = new TraceSession();
  await session.load([memorySource(name, new TextEncoder().encode(text))]);
  return session.trace();
}

describe('links to a record of a JSON document', () => {
  it('name it by its path, since every record shares line 1', async () => {
    const trace = await load('structured-output.json', readFileSync(RECORDING, 'utf8'));
    const seq = trace.events.findIndex((e) => e.kind === 'assistant' && e.blocks.some((b) => b.type === 'tool_use'));
    const call = detailsOf(trace, seq)?.toolCalls[0];
    expect(call?.name).toBe('StructuredOutput');
    expect(call?.requestPath).toBe('messages[24].message');
    expect(call?.result?.path).toBe('messages[28].message');
    expect(detailsOf(trace, seq)?.turn?.lines.map((l) => l.path)).toContain('messages[24].message');
    const rows = explain(trace, { metric: 'output' }).rows;
    // One model call, its first record the text before the call.
    expect(rows.map((r) => r.path)).toEqual(['messages[14].message']);
  });

  it('of a JSONL file have no path: the line names them', async () => {
    const trace = await load('s.jsonl', [sdk.init(), sdk.result()].map((m) => JSON.stringify(m)).join('\n'));
    const rows = explain(trace, { metric: 'output' }).rows;
    expect(rows.every((r) => r.path === undefined)).toBe(true);
    expect(
      trace.events.every((e) => detailsOf(trace, e.seq)?.turn?.lines.every((l) => l.path === undefined) ?? true),
    ).toBe(true);
  });
});
