import { changedPath, changesFile } from './model/derived-effects';
import type { Trace } from './model/types';
import { count } from './text-order';

// Three verdicts kept apart: the protocol (did the producer finish cleanly?), each result frame as given, and the
// task (did the work pass its check?). A failed task is classified by the evidence the trace holds.

export type ProtocolStatus = 'clean' | 'interrupted' | 'transport-error' | 'incomplete-streams' | 'no-result-frames';

export type FailureClass =
  | 'trace-incomplete'
  | 'permission-denied'
  | 'tool-failed'
  | 'changed-but-test-failed'
  | 'never-proposed';

export interface EvidenceRef {
  readonly seq: number;
  readonly line: number;
  /** Inside a JSON document, where (e.g. `messages[5]`): every record of a document shares its first line. */
  readonly path?: string;
  readonly label: string;
}

export interface Verdict {
  readonly protocol: {
    readonly status: ProtocolStatus;
    readonly reasons: readonly string[];
    readonly evidence: readonly EvidenceRef[];
  };
  readonly results: readonly {
    readonly seq: number;
    readonly line: number;
    readonly path?: string;
    readonly subtype: string;
    readonly isError: boolean;
    readonly disagree: boolean;
  }[];
  readonly task: {
    readonly status: 'passed' | 'failed' | 'unknown';
    readonly reason: string;
    readonly failure?: FailureClass;
    readonly failureText?: string;
    readonly evidence: readonly EvidenceRef[];
  };
}

const CHANGING_TOOLS = new Set([
  'Edit',
  'MultiEdit',
  'Write',
  'NotebookEdit',
  'Bash',
  'str_replace_based_edit_tool',
  'apply_patch',
]);

const FAILURE_TEXT: Record<FailureClass, string> = {
  'trace-incomplete':
    'The trace is incomplete: the run did not finish cleanly, so the outcome cannot be judged from it.',
  'permission-denied': 'A permission denial blocked an action the model proposed.',
  'tool-failed': 'A tool ran and failed.',
  'changed-but-test-failed': 'Files changed, but the test still failed.',
  'never-proposed': 'The model never proposed an action that changes files.',
};

function ref(trace: Trace, seq: number, label: string): EvidenceRef {
  const e = trace.events[seq];
  return e?.path ? { seq, line: e.line, path: e.path, label } : { seq, line: e?.line ?? 0, label };
}

export function verdictOf(trace: Trace): Verdict {
  const evidence: EvidenceRef[] = [];
  const reasons: string[] = [];
  let status: ProtocolStatus = 'clean';
  let transport: string | undefined;
  let passed: boolean | undefined;
  let testSummary: string | undefined;
  let diff: string | undefined;
  let evalSeq: number | undefined;
  const results: Verdict['results'][number][] = [];
  for (const e of trace.events) {
    if (e.kind === 'eval') {
      evalSeq = e.seq;
      transport = e.transportError;
      passed = e.passed;
      testSummary = e.testSummary;
      diff = e.workspaceDiff;
    }
    if (e.kind === 'result') {
      // `success` with is_error, or an error subtype with is_error false: both are shown as given.
      const disagree = (e.subtype === 'success') === e.isError;
      results.push({
        seq: e.seq,
        line: e.line,
        ...(e.path ? { path: e.path } : {}),
        subtype: e.subtype,
        isError: e.isError,
        disagree,
      });
    }
  }
  const interrupted = trace.responses.filter((r) => r.end === 'interrupted');
  const incomplete = trace.turns.filter((t) => t.stream?.verdict === 'incomplete');
  if (transport) {
    status = 'transport-error';
    reasons.push(`transport error: ${transport}`);
    if (evalSeq !== undefined) evidence.push(ref(trace, evalSeq, 'transportError in the artifact'));
  }
  if (interrupted.length > 0) {
    if (status === 'clean') status = 'interrupted';
    reasons.push(`${count(interrupted.length, 'response')} ended without a result frame`);
    for (const r of interrupted) evidence.push(ref(trace, r.lastSeq, `last line of response ${r.index + 1}`));
  }
  if (incomplete.length > 0) {
    if (status === 'clean') status = 'incomplete-streams';
    reasons.push(`${count(incomplete.length, 'streamed message')} never completed`);
    for (const t of incomplete)
      if (t.stream) evidence.push(ref(trace, t.stream.startSeq, `message_start of ${t.stream.messageId}`));
  }
  const streamDialect = trace.sources.some(
    (s) =>
      s.format === 'sdk-stream' ||
      s.format === 'recording' ||
      s.format === 'json-array' ||
      s.format === 'eval-artifact',
  );
  if (status === 'clean' && results.length === 0) {
    status = 'no-result-frames';
    reasons.push(
      streamDialect
        ? 'no result frame at all'
        : 'session files have no result frames: the end of the file is all there is',
    );
  }
  const protocol = { status, reasons, evidence };

  if (passed === undefined) {
    return {
      protocol,
      results,
      task: {
        status: 'unknown',
        reason:
          evalSeq === undefined
            ? 'No evaluation is attached to this trace (no test result): the task verdict is unknown.'
            : 'The evaluation artifact has no pass/fail verdict.',
        evidence: [],
      },
    };
  }
  if (passed) {
    return {
      protocol,
      results,
      task: {
        status: 'passed',
        reason: testSummary ? `The test passed: ${testSummary}` : 'The test passed.',
        evidence: evalSeq !== undefined ? [ref(trace, evalSeq, 'testResult')] : [],
      },
    };
  }
  const taskEvidence: EvidenceRef[] =
    evalSeq !== undefined ? [ref(trace, evalSeq, `testResult: failed${testSummary ? ` (${testSummary})` : ''}`)] : [];
  const denied = trace.toolCalls.filter((c) => c.permission === 'denied');
  const failedCalls = trace.toolCalls.filter((c) => c.result?.isError && c.permission !== 'denied');
  const changed = (diff !== undefined && diff.trim().length > 0) || trace.toolCalls.some(changesFile);
  const proposed = trace.toolCalls.some((c) => CHANGING_TOOLS.has(c.name));
  let failure: FailureClass;
  if (status === 'interrupted' || status === 'transport-error' || status === 'incomplete-streams') {
    failure = 'trace-incomplete';
    taskEvidence.push(...evidence);
  } else if (!changed && denied.length > 0) {
    failure = 'permission-denied';
    for (const c of denied)
      taskEvidence.push(
        ref(
          trace,
          c.requestSeq,
          `${c.name} denied: ${c.decidedBy !== undefined ? (c.evidence[c.decidedBy]?.detail ?? '') : ''}`,
        ),
      );
  } else if (!changed && failedCalls.length > 0) {
    failure = 'tool-failed';
    for (const c of failedCalls)
      if (c.result)
        taskEvidence.push(
          ref(trace, c.result.seq, `${c.name} failed: ${c.result.text.split('\n', 1)[0]?.slice(0, 120) ?? ''}`),
        );
  } else if (changed) {
    failure = 'changed-but-test-failed';
    for (const c of trace.toolCalls)
      if (changesFile(c) && c.result)
        taskEvidence.push(
          ref(
            trace,
            c.result.seq,
            `${c.name} changed ${changedPath(c) ?? 'a file'}${c.derived ? ' (from its request)' : ''}`,
          ),
        );
    if (diff && evalSeq !== undefined) taskEvidence.push(ref(trace, evalSeq, 'workspaceDiff is not empty'));
  } else {
    failure = proposed ? 'tool-failed' : 'never-proposed';
    if (!proposed)
      for (const t of trace.turns.slice(-3))
        if (t.seqs[0] !== undefined)
          taskEvidence.push(ref(trace, t.seqs[0], `model call ${t.index + 1}: no file-changing tool call`));
  }
  return {
    protocol,
    results,
    task: {
      status: 'failed',
      reason: testSummary ? `The test failed: ${testSummary}` : 'The test failed.',
      failure,
      failureText: FAILURE_TEXT[failure],
      evidence: taskEvidence,
    },
  };
}
