'use client';

import { useCallback, useState } from 'react';
import type { TraceSummary } from '../../lib/view/trace-summary';
import type { ChipKey } from '../../lib/view/chips';
import type { TraceChange } from '../data/TraceClient';
import type { Ask } from '../data/useTraceWorker';
import { useWorkerQuery } from '../data/useWorkerQuery';
import { usePrices } from '../panes/stats/usePrices';

/**
 * The rows the workbench shows: the worker rebuilds them for the filter, the folds and the chips; until it answers,
 * the list shows the rows it has (busy). Also when the files changed (live tail, reload): the same view over the trace
 * built again. Prices kept in this browser (a price file, overrides) price the toolbar's cost and the timeline's cost
 * badges too, not only the Stats pane's and the details'. Each answer is a new set of rows: `viewVersion` steps in the
 * same render, so the list drops its cache as it learns the new count.
 */
export function useWorkbenchView(
  ask: Ask,
  summary: TraceSummary,
  { filter, show, change }: { filter: string; show: readonly ChipKey[]; change?: TraceChange },
) {
  // The model calls whose stream lines are unfolded.
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const toggleStreams = useCallback(
    (turn: number) => setExpanded((e) => (e.includes(turn) ? e.filter((x) => x !== turn) : [...e, turn])),
    [],
  );
  const prices = usePrices(summary.models);
  const view = useWorkerQuery(ask, 'view', { view: { filter, expanded, show }, ...prices.local }, [change?.n ?? 0]);
  const localCost = useWorkerQuery(ask, 'cost', prices.inUse ? prices.local : undefined, [change?.n ?? 0]);
  const [viewVersion, setViewVersion] = useState(0);
  const [seenView, setSeenView] = useState(view.data);
  if (seenView !== view.data) {
    setSeenView(view.data);
    setViewVersion((v) => v + 1);
  }
  return {
    prices,
    view,
    rowCount: view.data?.rowCount ?? summary.rowCount,
    cost: prices.inUse ? localCost.data : undefined,
    viewVersion,
    expanded,
    setExpanded,
    toggleStreams,
  };
}
