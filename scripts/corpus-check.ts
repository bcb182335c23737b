// `npm run corpus -- <folder> [--markdown]`: holds the engine against an independent count of any folder of recordings
// (the real corpus of docs/wild-corpus.md, or test/fixtures/made). Runs test/fixtures/expected/compute_wild.py over the
// folder, loads each case through the engine, and prints per case agreement or the differences (lines, calls, tokens
// per model, tool calls, cost, result-frame figures, first prompt, span), then a count per finding. Not a test: it
// reads files outside the repository; exit 1 when any finding differs. --markdown prints a table per case naming only
// the findings that differ (no text of the recordings), then the counts.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Files } from '../lib/fast/testing/equivalence';
import { compareCase, FINDINGS, type CaseReport, type Golden } from './corpus/compare';

const COUNTER = path.resolve(import.meta.dirname, '../test/fixtures/expected/compute_wild.py');

function counted(root: string): Record<string, Golden> {
  const run = spawnSync('python3', [COUNTER, '--root', root, '--stdout'], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`compute_wild.py failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, Golden>;
}

/** A case's files, named relative to the corpus root (a folder case holds a session with its subagents). */
function filesOf(root: string, rel: string): Files {
  const out: Record<string, Uint8Array> = {};
  const walk = (p: string): void => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p).sort()) walk(path.join(p, f));
    else if (/\.jsonl?$/.test(p)) out[path.relative(root, p)] = readFileSync(p);
  };
  walk(path.join(root, rel));
  return out;
}

function printCase(rel: string, report: CaseReport): void {
  const differ = FINDINGS.filter((f) => report[f].state === 'differ');
  console.log(`${differ.length ? '✗' : '✓'} ${rel}`);
  for (const f of differ) {
    const v = report[f];
    if (v.state === 'differ') for (const d of v.diffs) console.log(`    ${f}: ${d}`);
  }
}

/** One table row per case naming the findings that differ, never the recordings' text (fit to commit in docs). */
function printRow(rel: string, report: CaseReport): void {
  const differ = FINDINGS.filter((f) => report[f].state === 'differ');
  console.log(`| \`${rel}\` | ${differ.length ? differ.join(', ') : 'agrees'} |`);
}

function summary(reports: readonly CaseReport[], markdown: boolean): void {
  const count = (f: (typeof FINDINGS)[number], s: string): number => reports.filter((r) => r[f].state === s).length;
  console.log('');
  if (markdown) console.log('| finding | agree | differ | n/a |\n|---|---:|---:|---:|');
  for (const f of FINDINGS) {
    const [a, d, na] = [count(f, 'agree'), count(f, 'differ'), count(f, 'n/a')];
    console.log(
      markdown
        ? `| ${f} | ${a} | ${d} | ${na} |`
        : `${f.padEnd(18)} agree ${String(a).padStart(3)}  differ ${String(d).padStart(3)}  n/a ${String(na).padStart(3)}`,
    );
  }
  const whole = reports.filter((r) => FINDINGS.every((f) => r[f].state !== 'differ')).length;
  console.log(`${markdown ? '\n' : ''}${whole} of ${reports.length} cases agree on every finding.`);
}

async function main(argv: readonly string[]): Promise<number> {
  const folder = argv.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('usage: npm run corpus -- <folder of recordings> [--markdown]');
    return 2;
  }
  const root = path.resolve(folder);
  const golden = counted(root);
  const markdown = argv.includes('--markdown');
  const reports: CaseReport[] = [];
  if (markdown) console.log('| case | differs on |\n|---|---|');
  for (const [rel, want] of Object.entries(golden)) {
    const report = await compareCase(filesOf(root, rel), want);
    (markdown ? printRow : printCase)(rel, report);
    reports.push(report);
  }
  summary(reports, markdown);
  return reports.some((r) => FINDINGS.some((f) => r[f].state === 'differ')) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
