'use client';

import { useEffect, useState } from 'react';
import type { LocalPrices } from '../../lib/engine/protocol';
import { TabbedPane } from '../ui/TabbedPane';
import type { Ask } from '../data/useTraceWorker';
import { CompactionView } from './tabs/CompactionView';
import { useWorkerQuery } from '../data/useWorkerQuery';
import { InlineError } from '../ui/InlineError';
import { MessageTab } from './tabs/MessageTab';
import { RawTab } from './tabs/RawTab';
import { StreamTab } from './tabs/StreamTab';
import { ToolCallTab } from './tabs/ToolCallTab';

export type DetailsTab = 'message' | 'tool' | 'stream' | 'raw';
export const DETAILS_TABS: readonly DetailsTab[] = ['message', 'tool', 'stream', 'raw'];

export interface DetailsPaneProps {
  readonly ask: Ask;
  readonly seq: number | undefined;
  readonly tab: DetailsTab;
  readonly onTab: (tab: DetailsTab) => void;
  readonly onJump: (seq: number) => void;
  readonly version: string;
  /** This browser's local prices (a price file, overrides), for the model call's cost. */
  readonly local?: LocalPrices;
}

/** The details of the selected event, in tabs: Message, Tool call, Stream, Raw. */
export function DetailsPane({ ask, seq, tab, onTab, onJump, version, local = {} }: DetailsPaneProps) {
  const [full, setFull] = useState(false);
  useEffect(() => setFull(false), [seq]);
  // While the next event's details load, the current ones stay (no flash of an empty pane).
  const query = useWorkerQuery(ask, 'details', seq === undefined ? undefined : { seq, full, ...local }, [version]);
  const details = query.data;

  if (seq === undefined)
    return <div className="p-4 text-[13px] text-neutral-500">Select an event (click, or ↑/↓ in the list).</div>;
  if (query.error)
    return <InlineError what={`show event ${seq}`} error={query.error} onRetry={query.retry} className="m-2" />;
  if (!details)
    return <div className="p-4 text-[13px] text-neutral-500">{query.loading ? 'Loading…' : 'Nothing loaded yet.'}</div>;
  const tabs = [
    { id: 'message', title: 'Message' },
    {
      id: 'tool',
      title: 'Tool call',
      disabled: details.toolCalls.length === 0,
      ...(details.toolCalls.length > 1 ? { badge: String(details.toolCalls.length) } : {}),
    },
    { id: 'stream', title: 'Stream', disabled: !details.turn?.stream },
    { id: 'raw', title: 'Raw' },
  ] as const;
  const source = details.event.path
    ? `${details.sourceName} · ${details.event.path}`
    : `${details.sourceName}:${details.event.line}`;
  const current = tabs.find((t) => t.id === tab && !('disabled' in t && t.disabled)) ? tab : 'message';
  return (
    <TabbedPane
      label="Details"
      tabs={tabs}
      selected={current}
      onSelect={(id) => {
        const t = DETAILS_TABS.find((x) => x === id);
        if (t) onTab(t);
      }}
      right={
        // The whole of it in the tooltip: a deep subagent path never pushes the tabs onto two lines. The path keeps its
        // end (file and line), the agent its start.
        <span
          title={`${source} · ${details.agent}`}
          className="flex min-w-0 items-baseline gap-1 font-mono text-[11px] text-neutral-500"
        >
          <span className="min-w-0 shrink truncate" style={{ direction: 'rtl' }}>
            <bdi>{source}</bdi>
          </span>{' '}
          <span className="min-w-0 max-w-[45%] shrink-[2] truncate">· {details.agent}</span>
        </span>
      }
    >
      {current === 'message' ? (
        details.compaction ? (
          <CompactionView c={details.compaction} onJump={onJump} />
        ) : (
          <MessageTab ask={ask} d={details} onShowAll={() => setFull(true)} onJump={onJump} />
        )
      ) : null}
      {current === 'tool' ? <ToolCallTab ask={ask} calls={details.toolCalls} onJump={onJump} /> : null}
      {current === 'stream' ? <StreamTab turn={details.turn} onJump={onJump} /> : null}
      {current === 'raw' ? <RawTab ask={ask} seq={seq} /> : null}
    </TabbedPane>
  );
}
