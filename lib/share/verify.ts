/**
 * The check before a trace is sealed: the redacted files are scanned again, line by line and in every joined text
 * (`scanLines`), and then loaded through the real parser and model, exactly as the recipient's viewer loads them
 * (without clamping long texts), and every string and every object key the model holds is scanned too: messages,
 * rebuilt streams, tool inputs and results, side effects, titles, diagnostics. Anything found that the person did
 * not choose to keep is a residue, and a trace with residues is not sealed.
 *
 * Pure and isomorphic: runs in the worker and in Node. The loading is the engine's, which sits above this layer: its
 * caller passes it in (`LoadChecked`; the engine's is `loadChecked` in `lib/engine/share.ts`).
 */

import type { Trace } from '../trace/model/types';
import { scanLines } from './redact';
import { Scanner, maskSecret, slotPolicy, type ScanOptions } from './scanner';
import { BUILTIN_RULES } from './redact-rules';

export interface CheckedFile {
  readonly path: string;
  readonly text: string;
}

/**
 * Loads the files into the model exactly as the recipient's viewer does, long texts not clamped: the engine's load
 * loop (`loadChecked` in `lib/engine/share.ts`), passed in by the caller.
 */
export type LoadChecked = (files: readonly CheckedFile[]) => Promise<Trace>;

export interface Residue {
  readonly ruleId: string;
  /** The secret, masked for display. */
  readonly masked: string;
  /** Where a reader would see it: `file:line` and what shows it. */
  readonly where: string;
}

/** Thrown instead of sealing: what is left, in words a person can act on. */
export class ShareRefusedError extends Error {
  constructor(readonly residues: readonly Residue[]) {
    super(refusalMessage(residues));
    this.name = 'ShareRefusedError';
  }
}

const SHOWN = 3;

function ruleLabel(ruleId: string): string {
  return BUILTIN_RULES.find((r) => r.id === ruleId)?.label ?? ruleId;
}

export function refusalMessage(residues: readonly Residue[]): string {
  const list = residues
    .slice(0, SHOWN)
    .map((r) => `${ruleLabel(r.ruleId)} ${r.masked} (${r.where})`)
    .join('; ');
  const more = residues.length > SHOWN ? `, and ${residues.length - SHOWN} more` : '';
  const inKeys = residues.some((r) => r.where.endsWith(', as an object key'));
  const what = residues.length === 1 ? 'a secret is' : `${residues.length} secrets are`;
  const fix = inKeys
    ? 'Loupe does not rewrite object keys: remove it from the file, then share again.'
    : 'Remove it from the file (or add it as text to redact), then share again.';
  return `No link was created: after redaction, ${what} still readable in what the recipient would see: ${list}${more}. ${fix}`;
}

type Visit = (text: string, key: string | null, isKey: boolean) => void;

/** Every string in a value and every object key, depth-first; typed arrays are skipped, shared objects walked once. */
function walk(value: unknown, key: string | null, visit: Visit, seen: Set<object>, depth = 0): void {
  if (typeof value === 'string') {
    visit(value, key, false);
    return;
  }
  if (typeof value !== 'object' || value === null || depth > 64 || seen.has(value)) return;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return;
  if (value instanceof Map) {
    for (const [k, v] of value) {
      if (typeof k === 'string') visit(k, null, true);
      walk(v, typeof k === 'string' ? k : key, visit, seen, depth + 1);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const v of value) walk(v, key, visit, seen, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    visit(k, null, true);
    walk(v, k, visit, seen, depth + 1);
  }
}

/** The texts of a model a reader can see, each with where it shows. */
function* modelTexts(trace: Trace): Generator<{ readonly value: unknown; readonly where: string }> {
  const at = (seq: number | undefined, what: string): string => {
    const e = seq === undefined ? undefined : trace.events[seq];
    return e ? `${trace.sources[e.source]?.name ?? '?'}:${e.line}, ${what}` : what;
  };
  for (const e of trace.events) yield { value: e, where: at(e.seq, 'the event') };
  for (const t of trace.turns) {
    yield { value: t.blocks, where: at(t.seqs[0], 'the message') };
    // Text blocks of one message, read one after the other.
    const joined = t.blocks.map((b) => (b.type === 'text' || b.type === 'thinking' ? b.text : '\u0000')).join('');
    if (joined.length > 0) yield { value: joined, where: at(t.seqs[0], 'the message') };
    if (t.stream) yield { value: t.stream, where: at(t.stream.startSeq, 'the Stream tab') };
  }
  for (const c of trace.toolCalls) yield { value: c, where: at(c.requestSeq, 'the tool call') };
  yield { value: trace.sources.map((src) => src.name), where: 'a file name' };
  yield { value: trace.sessions, where: 'the session list' };
  yield { value: trace.agents, where: 'the agent lanes' };
  yield { value: trace.diagnostics, where: 'the Diagnostics panel' };
  yield { value: trace.sources, where: 'the file list' };
  yield { value: trace.looseCopies, where: 'the Explain rows of a total' };
}

/**
 * What a recipient could still read of a secret in `files` (already redacted): every secret the scanners find, in
 * the lines and in the model the viewer builds (`load`), that is not part of a secret in `kept`.
 */
export async function residualSecrets(
  files: readonly CheckedFile[],
  kept: readonly string[],
  load: LoadChecked,
  opts?: ScanOptions,
): Promise<Residue[]> {
  const isKept = (secret: string): boolean => kept.some((k) => k.includes(secret));
  const out: Residue[] = [];
  const seen = new Set<string>();
  const add = (ruleId: string, secret: string, where: string): void => {
    if (isKept(secret) || seen.has(secret)) return;
    seen.add(secret);
    out.push({ ruleId, masked: maskSecret(secret), where });
  };

  for (const f of files) {
    for (const m of scanLines(f.text.split('\n'), opts)) add(m.ruleId, m.secret, `${f.path}:${m.line}, the raw line`);
  }

  const trace = await load(files);
  const scanner = new Scanner(opts);
  const walked = new Set<object>();
  for (const { value, where } of modelTexts(trace)) {
    walk(
      value,
      null,
      (text, key, isKey) => {
        // Keys are read for token formats (a key cannot be a placeholder or an assignment).
        const found = isKey ? scanner.scan(text, null, 'ids') : scanner.scan(text, key, slotPolicy('value', key, text));
        for (const c of found) add(c.ruleId, c.secret, isKey ? `${where}, as an object key` : where);
      },
      walked,
    );
  }
  return out;
}
