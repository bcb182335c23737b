import { derivedDiff, type DiffBase } from '../trace/model/derived-patch';
import type { ToolCall, Trace } from '../trace/model/types';
import { agentLabel } from '../trace/agent-names';
import type { SideEffect } from '../trace/types';
import { diffModel, type DiffModel } from './diff';
import { whereOf } from './where';

// The last link of a tool call's chain, as the Tool call tab shows it: what the tool recorded, or what its request
// says it changed (labelled as such), or why there is nothing.

/** A place in the trace a note points at. */
export interface LineRef {
  readonly seq: number;
  readonly line?: number;
  /** Its path, for a record of a JSON document. */
  readonly path?: string;
  /** The file it is in, when not the file of the call. */
  readonly source?: string;
  /** What is there: `the Read`, `the Write`. */
  readonly label: string;
}

export interface FileDiffDetails {
  readonly filePath: string;
  /** `edit of …`, `new file …`, `write of …`, `2 edits of …`, `cell edit of …`. */
  readonly title: string;
  readonly diff: DiffModel;
  readonly source: 'recorded' | 'request';
  /** Where the diff comes from, in words. */
  readonly sourceNote: string;
  /** What the diff is against, in words, and the line that showed that content (derived diffs, new files). */
  readonly before?: { readonly text: string; readonly at?: LineRef };
  readonly notes: readonly string[];
}

export type EffectDetails =
  | { readonly kind: 'pending' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'none' }
  | {
      readonly kind: 'recorded';
      readonly sideEffect: SideEffect;
      readonly failed: boolean;
      readonly file?: FileDiffDetails;
      /** For a Task/Agent call: the lane it spawned, by the name the timeline gives it (`alice · Refactor …`). */
      readonly agentLabel?: string;
    }
  | { readonly kind: 'derived'; readonly file: FileDiffDetails };

export const DERIVED_NOTE =
  'From the request; the tool reported success. No structured result was recorded for this call.';

function refOf(trace: Trace, call: ToolCall, seq: number, label: string): LineRef {
  const e = trace.events[seq];
  const own = trace.events[call.requestSeq]?.source;
  const source = e && e.source !== own ? trace.sources[e.source]?.name : undefined;
  return { seq, label, ...whereOf(trace, seq), ...(source ? { source } : {}) };
}

function beforeOf(trace: Trace, call: ToolCall, base: DiffBase): FileDiffDetails['before'] {
  const from = (i: number): { name: string; at?: LineRef } => {
    const c = trace.toolCalls[i];
    if (!c) return { name: 'an earlier call' };
    // A Read shows the content in its result; a Write in its request.
    return {
      name: `the ${c.name}`,
      at: refOf(trace, call, c.name === 'Read' && c.result ? c.result.seq : c.requestSeq, `the ${c.name}`),
    };
  };
  switch (base.kind) {
    case 'new-file':
      return { text: 'No file: the tool reported it created the file.' };
    case 'known': {
      const f = from(base.fromCall);
      const edits =
        base.editsSince > 0
          ? `, with the ${base.editsSince === 1 ? 'edit' : `${base.editsSince} edits`} made since applied`
          : '';
      const part = base.complete ? '' : ` (only the lines from ${base.startLine} on that it showed)`;
      return {
        text: `The file as ${f.name} showed it${part}${edits}. Changes made by other means (Bash, the user) are not seen.`,
        ...(f.at ? { at: f.at } : {}),
      };
    }
    case 'stale': {
      const f = from(base.fromCall);
      return {
        text: `Not known: the content ${f.name} showed no longer holds the old string, so the file changed in a way this trace does not show.`,
        ...(f.at ? { at: f.at } : {}),
      };
    }
    case 'unknown':
      return {
        text:
          call.name === 'Write'
            ? 'Not in this trace (no earlier Read or Write of this path): the whole new content is shown.'
            : call.name === 'NotebookEdit'
              ? 'Not in the request: a NotebookEdit names the cell, not its earlier source. The new source is shown whole.'
              : 'Not in this trace (no earlier Read or Write of this path): the old and new strings of the request are shown.',
      };
  }
}

function derivedFile(trace: Trace, call: ToolCall): FileDiffDetails | undefined {
  const d = call.derived;
  if (!d) return undefined;
  const diff = derivedDiff(call.name, call.input, d);
  if (!diff) return undefined;
  const title =
    d.tool === 'Write'
      ? `${d.created ? 'new file' : 'write of'} ${d.filePath}`
      : d.tool === 'NotebookEdit'
        ? `cell edit of ${d.filePath}`
        : d.created
          ? `new file ${d.filePath}`
          : `edit of ${d.filePath}`;
  return {
    filePath: d.filePath,
    title,
    diff: diffModel(diff.hunks),
    source: 'request',
    sourceNote: DERIVED_NOTE,
    before: beforeOf(trace, call, diff.base),
    notes: diff.notes,
  };
}

function recordedFile(s: Extract<SideEffect, { type: 'file-edit' }>): FileDiffDetails {
  return {
    filePath: s.filePath,
    title: `${s.created ? 'new file' : 'edit of'} ${s.filePath}`,
    diff: diffModel(s.patch),
    source: 'recorded',
    sourceNote: 'Recorded by the tool (toolUseResult.structuredPatch).',
    ...(s.created ? { before: { text: 'No file: the tool recorded a new file.' } } : {}),
    notes: s.userModified ? ['The user modified the proposed change before it was applied.'] : [],
  };
}

/** The side effect of a call as the Tool call tab shows it. */
export function effectDetails(trace: Trace, call: ToolCall): EffectDetails {
  if (!call.result) return { kind: 'pending' };
  const file = derivedFile(trace, call);
  if (file) return { kind: 'derived', file };
  const s = call.sideEffect;
  // A failed call's "structured output" is usually its error string again: nothing changed.
  if (s && !(call.result.isError && s.type === 'text')) {
    return {
      kind: 'recorded',
      sideEffect: s,
      failed: call.result.isError,
      ...(s.type === 'file-edit' ? { file: recordedFile(s) } : {}),
      ...(s.type === 'agent' && call.spawnedAgent !== undefined
        ? { agentLabel: agentLabel(trace, call.spawnedAgent) }
        : {}),
    };
  }
  return call.result.isError ? { kind: 'failed' } : { kind: 'none' };
}
