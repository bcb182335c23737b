'use client';

import { useMemo } from 'react';
import { effectText, textDiff, type CallDigest, type CompareRow, type Comparison } from '../../lib/compare';
import type { ToolCallDetails } from '../../lib/view/details';
import type { Ask } from '../../lib/engine/protocol';
import { Pre, Section } from '../panes/tabs/common';
import { ToolCallTab } from '../panes/tabs/ToolCallTab';
import { DiffView } from '../ui/DiffView';
import { InlineError } from '../ui/InlineError';
import { useWorkerQuery } from '../data/useWorkerQuery';
import { MARK_WORDS } from './marks';
import { TotalsTable } from './TotalsTable';

// The selected pair in detail. A response pair: its prompts (a word diff where they differ) and its figures side by
// side. A call pair: word diffs of the inputs, results and side effects, then each call's whole chain (request,
// permission, result, side effect), A's beside B's, as each run's worker gives it.

interface Sides {
  readonly askA: Ask;
  readonly askB: Ask;
  /** Opens a line of one run in the workbench. */
  readonly onJump: (side: 'a' | 'b', seq: number) => void;
  /** The runs are still loading (only their first responses are aligned): the chains wait for the whole runs. */
  readonly partial?: boolean;
}

function useCall(
  ask: Ask,
  c: CallDigest | undefined,
  partial: boolean | undefined,
): { call?: ToolCallDetails; error?: string; retry: () => void } {
  const q = useWorkerQuery(ask, 'details', c && !partial ? { seq: c.requestSeq } : undefined, [], {
    keepPrevious: false,
  });
  const call = q.data?.toolCalls.find((t) => t.id === c?.id);
  return { ...(call ? { call } : {}), ...(q.error ? { error: q.error } : {}), retry: q.retry };
}

function Diff({ title, a, b }: { title: string; a: string; b: string }) {
  const diff = useMemo(() => textDiff(a, b), [a, b]);
  if (a === b) return <p className="text-[12px] text-neutral-500">{title}: the same on both sides.</p>;
  return <DiffView title={title} diff={diff} />;
}

function Chain({
  side,
  ask,
  c,
  onJump,
  partial,
}: {
  side: 'a' | 'b';
  ask: Ask;
  c: CallDigest | undefined;
  onJump: Sides['onJump'];
  partial: boolean | undefined;
}) {
  const q = useCall(ask, c, partial);
  const label = side === 'a' ? 'A' : 'B';
  return (
    <section
      aria-label={`${label}: call chain`}
      className="min-w-0 border-neutral-200 dark:border-neutral-700 [&:nth-child(2)]:border-l"
    >
      <h3 className="border-b border-neutral-200 bg-neutral-100 px-3 py-0.5 text-[12px] font-semibold dark:border-neutral-700 dark:bg-neutral-800">
        {label}
        {c ? ` · ${c.name} #${c.index + 1}${c.agent !== 'main' ? ` · ${c.agent}` : ''}` : ''}
      </h3>
      {!c ? (
        <p className="p-3 text-[12px] text-neutral-500">No call here: only the other run made it.</p>
      ) : partial ? (
        <p className="p-3 text-[12px] text-neutral-500">
          Its chain (permission, result, side effect) shows once both runs are read.
        </p>
      ) : q.error ? (
        <InlineError what="read this call" error={q.error} onRetry={q.retry} className="m-2" />
      ) : q.call ? (
        <ToolCallTab ask={ask} calls={[q.call]} onJump={(seq) => onJump(side, seq)} />
      ) : (
        <p className="p-3 text-[12px] text-neutral-500">Loading…</p>
      )}
    </section>
  );
}

function CallPairDetails({
  c,
  row,
  sides,
}: {
  c: Comparison;
  row: Extract<CompareRow, { kind: 'call' }>;
  sides: Sides;
}) {
  const pair = c.responses[row.pair];
  const p = pair?.calls[row.call];
  const x = pair?.a === undefined ? undefined : c.a.responses[pair.a];
  const y = pair?.b === undefined ? undefined : c.b.responses[pair.b];
  const ca = p?.a === undefined ? undefined : x?.calls[p.a];
  const cb = p?.b === undefined ? undefined : y?.calls[p.b];
  const a = useCall(sides.askA, ca, sides.partial);
  const b = useCall(sides.askB, cb, sides.partial);
  return (
    <div aria-label="Pair details" className="flex flex-col">
      <div className="flex items-baseline gap-2 border-b border-neutral-200 px-3 py-1 text-[12px] dark:border-neutral-700">
        <span className="font-semibold">{p ? MARK_WORDS[p.mark] : ''}</span>
        {p?.why ? (
          <span className="text-neutral-600 dark:text-neutral-400">
            ({p.why === 'input' ? 'the same tool, another input' : p.why})
          </span>
        ) : null}
      </div>
      {ca && cb ? (
        <Section title="Differences, A → B">
          <div className="flex flex-col gap-2">
            <Diff title={`input · ${ca.name}`} a={ca.input} b={cb.input} />
            <Diff title="result" a={ca.result ?? '(no result)'} b={cb.result ?? '(no result)'} />
            {a.call && b.call ? (
              <Diff title="side effect" a={effectText(a.call.effect)} b={effectText(b.call.effect)} />
            ) : null}
          </div>
        </Section>
      ) : null}
      <div className="grid grid-cols-2">
        <Chain side="a" ask={sides.askA} c={ca} onJump={sides.onJump} partial={sides.partial} />
        <Chain side="b" ask={sides.askB} c={cb} onJump={sides.onJump} partial={sides.partial} />
      </div>
    </div>
  );
}

function ResponsePairDetails({ c, row }: { c: Comparison; row: Extract<CompareRow, { kind: 'response' }> }) {
  const pair = c.responses[row.pair];
  if (!pair) return null;
  const x = pair.a === undefined ? undefined : c.a.responses[pair.a];
  const y = pair.b === undefined ? undefined : c.b.responses[pair.b];
  const byWords =
    pair.by === 'prompt'
      ? 'the same prompt'
      : pair.by === 'position'
        ? 'their position (the prompts differ)'
        : 'one run only';
  return (
    <div aria-label="Pair details" className="flex flex-col">
      <div className="flex items-baseline gap-2 border-b border-neutral-200 px-3 py-1 text-[12px] dark:border-neutral-700">
        <span className="font-semibold">
          {x ? `A${x.index + 1}` : '—'} / {y ? `B${y.index + 1}` : '—'} · {MARK_WORDS[pair.mark]}
        </span>
        <span className="text-neutral-600 dark:text-neutral-400">aligned by {byWords}</span>
      </div>
      <Section title="Figures">
        <TotalsTable label="Response figures" a={x?.metrics} b={y?.metrics} delta={pair.delta} />
      </Section>
      <Section title="Prompt">
        {x && y && x.prompt !== y.prompt ? (
          <Diff title="prompt" a={x.prompt} b={y.prompt} />
        ) : (
          <Pre text={(x ?? y)?.prompt || '(no prompt)'} label="prompt" />
        )}
      </Section>
    </div>
  );
}

export function PairDetails({ c, row, sides }: { c: Comparison; row: CompareRow | undefined; sides: Sides }) {
  if (!row) return <p className="p-3 text-[12px] text-neutral-500">Select a row to see both sides.</p>;
  // Keyed by the row: a new pair starts with nothing of the last one's.
  return row.kind === 'call' ? (
    <CallPairDetails key={`${row.pair}.${row.call}`} c={c} row={row} sides={sides} />
  ) : (
    <ResponsePairDetails key={row.pair} c={c} row={row} />
  );
}
