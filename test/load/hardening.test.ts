// Parser hardening under load: a 100 MB generated transcript cut at random points, and a file with one 20 MB line.
// None may throw or hang, and every line is accounted for (events + line diagnostics = non-blank lines).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFile } from '../../bench/generate';
import { loadTrace } from '../../lib/engine/load';
import { memorySource } from '../../lib/engine/source';

const dir = mkdtempSync(path.join(tmpdir(), 'loupe-load-'));
let big: Buffer;
let huge: Buffer;

beforeAll(async () => {
  const a = path.join(dir, 'sdk-100.jsonl');
  await generateFile(a, { dialect: 'sdk-stream', targetBytes: 100_000_000, seed: 7 });
  big = readFileSync(a);
  const b = path.join(dir, 'cc-huge.jsonl');
  await generateFile(b, { dialect: 'claude-code', targetBytes: 30_000_000, seed: 3, hugeLineBytes: 20_000_000 });
  huge = readFileSync(b);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function nonBlankLines(bytes: Uint8Array): number {
  let n = 0;
  let start = 0;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    for (let i = start; i < end; i++) {
      const c = bytes[i];
      if (c !== 0x20 && c !== 0x09 && c !== 0x0d) {
        n += 1;
        break;
      }
    }
    if (nl < 0) return n;
    start = nl + 1;
  }
}

/** A seeded generator, so a failure names the cut points that caused it. */
function* cuts(seed: number, count: number, max: number): Generator<number> {
  let s = seed;
  for (let i = 0; i < count; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    yield Math.floor((s / 2147483648) * max);
  }
}

describe('parser hardening under load', () => {
  it('a 100 MB stream cut at random points loses no line', async () => {
    for (const cut of cuts(42, 4, big.length)) {
      const part = big.subarray(0, cut);
      const trace = await loadTrace([memorySource(`cut-${cut}.jsonl`, part)]);
      const lineDiags = trace.diagnostics.filter((d) => d.consumesLine).length;
      expect(trace.events.length + lineDiags, `cut at byte ${cut}`).toBe(nonBlankLines(part));
      // A cut inside a line leaves it truncated: it must be reported, not parsed.
      if (part[part.length - 1] !== 0x0a)
        expect(
          trace.diagnostics.some((d) => d.code === 'truncated-last-line'),
          `cut at byte ${cut}`,
        ).toBe(true);
    }
  }, 120_000);

  it('a 20 MB single line parses, and cutting inside it is one truncated-line diagnostic', async () => {
    const whole = await loadTrace([memorySource('huge.jsonl', huge)]);
    expect(whole.events.length).toBe(nonBlankLines(huge));
    expect(whole.diagnostics.filter((d) => d.consumesLine)).toHaveLength(0);
    const longest = Math.max(...whole.events.map((e) => e.length));
    expect(longest).toBeGreaterThan(19_000_000);
    const inside = whole.events.find((e) => e.length === longest);
    const cut = (inside?.offset ?? 0) + Math.floor(longest / 2);
    const part = huge.subarray(0, cut);
    const t = await loadTrace([memorySource('huge-cut.jsonl', part)]);
    expect(t.events.length + t.diagnostics.filter((d) => d.consumesLine).length).toBe(nonBlankLines(part));
    expect(t.diagnostics.filter((d) => d.code === 'truncated-last-line')).toHaveLength(1);
  }, 120_000);
});
