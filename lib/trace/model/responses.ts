import { leadTime, responseOrder } from './clock';
import type { Ctx } from './context';
import type { Agent, Response, Turn } from './types';

// Responses: what answers one prompt, from the prompt to its result frame (or the next prompt, or the end).

const SUBSTANTIVE = new Set(['assistant', 'stream', 'user', 'tool-result']);

export function buildResponses(ctx: Ctx, turns: readonly Turn[]): Response[] {
  const responses: Response[] = [];
  const current = new Map<number, Response>();
  const hasResults = new Set<number>();
  // Per response index: it holds a line that makes it a response of its own (see SUBSTANTIVE).
  const substantive: boolean[] = [];
  const open = (session: number, seq: number): Response => {
    const r: Response = {
      index: responses.length,
      session,
      firstSeq: seq,
      lastSeq: seq,
      end: 'end-of-file',
      turns: [],
    };
    responses.push(r);
    ctx.sessions[session]?.responses.push(r.index);
    current.set(session, r);
    return r;
  };
  // Lines come in runs of one session: its open response is looked up once per run.
  let runSession = -1;
  let runResponse: Response | undefined;
  for (const e of ctx.events) {
    const agent = ctx.agents[ctx.eventAgent[e.seq] ?? -1];
    // Subagent files get the response of their spawning call below.
    if (agent && agent.kind !== 'main' && agent.agentId) continue;
    const s = ctx.eventSession[e.seq] ?? 0;
    let r = s === runSession ? runResponse : current.get(s);
    // A prompt starts a response; so does a task notification, which the model answers as one.
    const starts = e.kind === 'user' && (e.role === 'prompt' || e.role === 'notification');
    if (starts && agent?.kind === 'main' && r && substantive[r.index] === true) {
      r.end = 'next-prompt';
      r = open(s, e.seq);
    }
    if (!r) r = open(s, e.seq);
    if (starts && r.promptSeq === undefined) r.promptSeq = e.seq;
    r.lastSeq = e.seq;
    ctx.eventResponse[e.seq] = r.index;
    if (substantive[r.index] !== true && SUBSTANTIVE.has(e.kind)) substantive[r.index] = true;
    runSession = s;
    runResponse = r;
    if (e.kind === 'result' && agent?.kind === 'main') {
      hasResults.add(s);
      r.resultSeq = e.seq;
      r.end = 'result';
      current.delete(s);
      runResponse = undefined;
    }
  }
  // Info frames may follow a result (FORMATS.md trap 9): a trailing response with nothing substantive joins the last.
  for (const [s, r] of current) {
    if (substantive[r.index] !== true && r.index > 0) {
      const prev = [...responses].reverse().find((x) => x.session === s && x !== r);
      if (prev) {
        for (let q = r.firstSeq; q <= r.lastSeq; q++)
          if (ctx.eventResponse[q] === r.index) ctx.eventResponse[q] = prev.index;
        prev.lastSeq = Math.max(prev.lastSeq, r.lastSeq);
        r.lastSeq = -1;
        continue;
      }
    }
    if (hasResults.has(s) || sessionIsStream(ctx, s)) r.end = 'interrupted';
  }
  // Numbered in order of their start: sessions of one folder interleave as they happened.
  const opened = responses.filter((r) => r.lastSeq >= 0);
  for (const r of opened) {
    const t = leadTime(ctx.events, ctx.eventResponse, r.index, r.firstSeq, r.lastSeq);
    if (t !== undefined) r.startTime = t;
  }
  const kept = responseOrder(ctx, opened)
    .map((i) => opened[i])
    .filter((r): r is Response => r !== undefined);
  const renumber = new Map<number, number>();
  const out: Response[] = kept.map((r, i) => {
    renumber.set(r.index, i);
    return { ...r, index: i, turns: [] };
  });
  for (const s of ctx.sessions) {
    const mine = s.responses.filter((i) => renumber.has(i)).map((i) => renumber.get(i) ?? 0);
    s.responses.splice(0, s.responses.length, ...mine.sort((a, b) => a - b));
  }
  for (let q = 0; q < ctx.eventResponse.length; q++) {
    const old = ctx.eventResponse[q] ?? -1;
    if (old >= 0) ctx.eventResponse[q] = renumber.get(old) ?? -1;
  }
  assignSubagentResponses(ctx);
  for (const t of turns) {
    const first = t.seqs[0] ?? t.streamSeqs[0];
    t.response = first === undefined ? -1 : (ctx.eventResponse[first] ?? -1);
    if (t.response >= 0) out[t.response]?.turns.push(t.index);
  }
  return out;
}

function sessionIsStream(ctx: Ctx, session: number): boolean {
  return (ctx.sessions[session]?.sources ?? []).some(
    (i) =>
      ctx.sources[i]?.format === 'sdk-stream' ||
      ctx.sources[i]?.format === 'recording' ||
      ctx.sources[i]?.format === 'json-array' ||
      ctx.sources[i]?.format === 'eval-artifact',
  );
}

function assignSubagentResponses(ctx: Ctx): void {
  for (const a of ctx.agents) {
    if (a.kind === 'main' || !a.agentId) continue;
    // Under the line that spawned it: the Task/Agent call, or a compaction's boundary.
    const response = a.spawnSeq !== undefined ? spawnResponse(ctx, a) : -1;
    for (let q = a.firstSeq; q <= a.lastSeq && q >= 0; q++) {
      if (ctx.eventAgent[q] === a.index) ctx.eventResponse[q] = response;
    }
  }
}

function spawnResponse(ctx: Ctx, a: Agent): number {
  const seq = a.spawnSeq;
  return seq === undefined ? -1 : (ctx.eventResponse[seq] ?? -1);
}
