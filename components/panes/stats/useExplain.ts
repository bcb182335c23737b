'use client';

import { useRef, useState } from 'react';
import type { ExplainMetric, ExplainQuery } from '../../../lib/view/explain';
import { EXPLAIN_PANEL_ID, type ExplainProps } from './ExplainPanel';

/** What a total's Explain button spreads, for a metric and the part of it (a model, an agent). */
export type Explain = (metric: ExplainMetric, extra?: Omit<ExplainQuery, 'metric'>) => ExplainProps;

/**
 * The Stats pane's Explain: which total is explained (none: closed), the props its buttons spread, and the close that
 * gives the focus back to the control that opened it, not to the page.
 */
export function useExplain(): { query: ExplainQuery | undefined; ex: Explain; close: () => void } {
  const [query, setQuery] = useState<ExplainQuery | undefined>();
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setQuery(undefined);
    if (opener.current?.isConnected) opener.current.focus();
  };
  const ex: Explain = (metric, extra = {}) => ({
    onClick: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setQuery({ metric, ...extra });
    },
    'aria-expanded': query?.metric === metric && query.model === extra.model && query.agent === extra.agent,
    'aria-controls': EXPLAIN_PANEL_ID,
  });
  return { query, ex, close };
}
