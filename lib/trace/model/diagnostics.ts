import type { TraceEvent } from '../types';
import { lineRef } from '../line-types';
import type { Ctx } from './context';
import type { Response, ToolCall, Turn } from './types';
import { count } from '../text-order';

// Reported costs per session, and the diagnostics only the whole model can see.

export function reportCosts(ctx: Ctx): void {
  for (const e of ctx.events) {
    if (e.kind !== 'result' || e.totalCostUsd === undefined) continue;
    const s = ctx.sessions[ctx.eventSession[e.seq] ?? -1];
    // Cumulative per session: the latest wins, never a sum.
    if (s) {
      s.reportedCostUsd = e.totalCostUsd;
      s.reportedCostSeq = e.seq;
    }
  }
}

export function finalDiagnostics(
  ctx: Ctx,
  turns: readonly Turn[],
  calls: readonly ToolCall[],
  responses: readonly Response[],
): void {
  for (const t of turns) {
    const s = t.stream;
    if (!s) continue;
    const start = ctx.events[s.startSeq];
    const src = start ? lineRef(start) : undefined;
    if (s.verdict === 'incomplete') {
      ctx.diags.push({
        code: 'stream-incomplete',
        severity: 'error',
        message: `message ${s.messageId}: ${count(s.deltaCount, 'delta')} that never became a completed message (${s.detail ?? ''})`,
        ...(src ? { src } : {}),
        seq: s.startSeq,
        consumesLine: false,
      });
    } else if (s.verdict === 'mismatch') {
      ctx.diags.push({
        code: 'stream-mismatch',
        severity: 'warning',
        message: `message ${s.messageId}: deltas and completed message differ (${s.detail ?? ''})`,
        ...(src ? { src } : {}),
        seq: s.startSeq,
        consumesLine: false,
      });
    } else if (s.stopSeq === undefined) {
      ctx.diags.push({
        code: 'stream-incomplete',
        severity: 'warning',
        message: `message ${s.messageId}: the stream never reached message_stop`,
        ...(src ? { src } : {}),
        seq: s.startSeq,
        consumesLine: false,
      });
    }
  }
  for (const c of calls) {
    if (c.result) continue;
    const e = ctx.events[c.requestSeq];
    ctx.diags.push({
      code: 'tool-call-without-result',
      severity: 'warning',
      message: `${c.name} call ${c.id} never got a tool_result`,
      ...(e ? { src: lineRef(e) } : {}),
      seq: c.requestSeq,
      consumesLine: false,
    });
  }
  for (const r of responses) {
    if (r.end !== 'interrupted') continue;
    const e = ctx.events[r.lastSeq];
    ctx.diags.push({
      code: 'interrupted',
      severity: 'error',
      message: `response ${r.index + 1} has no result: the stream was interrupted after line ${e?.line ?? '?'}`,
      ...(e ? { src: lineRef(e) } : {}),
      seq: r.lastSeq,
      consumesLine: false,
    });
  }
  const lastIndex = new Map<number, number>();
  const unknownTypes = new Map<string, TraceEvent>();
  for (const e of ctx.events) {
    if (e.kind === 'result') {
      if (e.subtype === 'success' && e.isError) {
        ctx.diags.push({
          code: 'result-error-flag',
          severity: 'info',
          message: `result subtype "success" with is_error true${e.resultText ? `: ${e.resultText.slice(0, 120)}` : ''}`,
          src: lineRef(e),
          seq: e.seq,
          consumesLine: false,
        });
      }
      if (e.resultIndex !== undefined) {
        const s = ctx.eventSession[e.seq] ?? 0;
        const prev = lastIndex.get(s);
        if (prev !== undefined && e.resultIndex > prev + 1) {
          ctx.diags.push({
            code: 'result-gap',
            severity: 'warning',
            message: `result_index jumps from ${prev} to ${e.resultIndex}: ${count(e.resultIndex - prev - 1, 'result')} lost`,
            src: lineRef(e),
            seq: e.seq,
            consumesLine: false,
          });
        }
        lastIndex.set(s, e.resultIndex);
      }
    }
    // The raw rows of a file that is not a transcript at all were said once, for the whole file (unrecognized-file).
    if (e.kind === 'unknown' && ctx.sources[e.source]?.format !== 'unknown') {
      const k = `${e.type ?? '?'}/${e.subtype ?? ''}/${e.reason}`;
      if (!unknownTypes.has(k)) unknownTypes.set(k, e);
    }
  }
  for (const e of unknownTypes.values()) {
    if (e.kind !== 'unknown') continue;
    ctx.diags.push({
      code: 'unknown-type',
      severity: 'info',
      message: `kept as a raw row: ${e.reason}`,
      src: lineRef(e),
      seq: e.seq,
      consumesLine: false,
    });
  }
}
