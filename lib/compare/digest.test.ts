// A prompt's images and documents are part of what the model was asked: a run's digest names them by their figures
// before the text, as the timeline and `loupe stats` do, so two prompts that differ only by an image differ, and a
// prompt that is only an image is not "(no prompt)". On the made prompt-image session (a PNG attached to a prompt,
// written again on a line of its own by a resumed copy; figures from its generator).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROMPT_IMAGE } from '../../test/fixtures/made/images/figures';
import { loadTrace } from '../engine/load';
import { memorySource } from '../engine/source';
import { jsonl, sdk, text } from '../trace/testing/builders';
import { compareRuns, digestOf, type RunDigest } from './index';

// 5,203 bytes are 5 KB.
const TAG = `[image/png ${PROMPT_IMAGE.width}x${PROMPT_IMAGE.height}, 5 KB]`;
const WITH_IMAGE = readFileSync(PROMPT_IMAGE.path, 'utf8');

/** The same session with the image blocks of its first prompt's line taken out (its text kept). */
function withoutFirstImage(text: string): string {
  const lines = text.split('\n');
  const at = PROMPT_IMAGE.lines[0]! - 1;
  const line = JSON.parse(lines[at]!) as { message: { content: { type: string }[] } };
  line.message.content = line.message.content.filter((b) => b.type !== 'image');
  lines[at] = JSON.stringify(line);
  return lines.join('\n');
}

async function digest(name: string, text: string): Promise<RunDigest> {
  return digestOf(await loadTrace([memorySource(name, text)]), name);
}

describe("a prompt's images in the comparison", () => {
  it('are named by their figures before the text; a prompt of nothing but an image reads as that image', async () => {
    const d = await digest('a.jsonl', WITH_IMAGE);
    const prompts = d.responses.map((r) => r.prompt);
    expect(prompts[0]).toMatch(new RegExp(`^${TAG.replace(/[[\].]/g, '\\$&')} <ide_opened_file>`));
    // The resumed copy's line holds the image alone.
    expect(prompts).toContain(TAG);
    expect(prompts.every((p) => p.length > 0)).toBe(true);
    for (const p of prompts) expect(p).not.toMatch(/iVBORw0KGgo/);
  });

  it('make two prompts that differ only by an image differ: the first divergence is there', async () => {
    const a = await digest('a.jsonl', WITH_IMAGE);
    const b = await digest('b.jsonl', withoutFirstImage(WITH_IMAGE));
    const c = compareRuns(a, b);
    expect(c.responses[0]?.mark).toBe('changed');
    expect(c.firstDivergence?.pair).toBe(0);
    expect(c.firstDivergence?.what).toMatch(/^response A1 \/ B1: the prompts differ \("\[image\/png 512x512, 5 KB\] /);
    // The same run against itself: no divergence.
    expect(compareRuns(a, await digest('a2.jsonl', WITH_IMAGE)).firstDivergence).toBeNull();
  });
});

describe('tool errors and denials in a run', () => {
  it('counts a denied call as a denial only, in the totals as in its response', async () => {
    const d = await digest('denial.jsonl', readFileSync('test/fixtures/made/cc-2.0.55/denial.jsonl', 'utf8'));
    const sum = (k: 'toolErrors' | 'denials'): number => d.responses.reduce((n, r) => n + r.metrics[k], 0);
    expect(d.totals.denials).toBeGreaterThan(0);
    expect(d.totals.denials).toBe(sum('denials'));
    expect(d.totals.toolErrors).toBe(sum('toolErrors'));
  });
});

// A run's digest on result frames: each response's reported cost is its own share, whether the session's results are
// running totals or each its turn's own.
const made = (rel: string) =>
  memorySource(rel, readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/made', rel)));

describe('digestOf: reported cost per response', () => {
  it('gives each response its step of running totals (made sdk/cumulative-results.jsonl)', async () => {
    const d = digestOf(await loadTrace([made('sdk/cumulative-results.jsonl')]), 'a');
    // The frames report $0.045165, $0.0583175 and $0.0726125 in all.
    expect(d.responses.map((r) => r.metrics.reportedUsd)).toEqual([0.045165, 0.013153, 0.014295]);
    expect(d.totals.reportedUsd).toBeCloseTo(0.0726125, 5);
  });

  it('gives each response its own result where each result is its turn', async () => {
    const lines = [
      sdk.init(),
      sdk.assistant('msg_a', [text('a')], { output: 5 }),
      sdk.result({ cost: 0.5 }),
      sdk.assistant('msg_b', [text('b')], { output: 5 }),
      sdk.result({ cost: 0.25 }),
    ];
    const d = digestOf(await loadTrace([memorySource('turns.jsonl', jsonl(lines))]), 'a');
    expect(d.responses.map((r) => r.metrics.reportedUsd)).toEqual([0.5, 0.25]);
    expect(d.totals.reportedUsd).toBe(0.75);
  });
});
