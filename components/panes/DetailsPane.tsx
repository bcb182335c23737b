'use client';

import { useEffect, useState } from 'react';
import type { DetailsView } from '../../lib/view/details';
import { TabbedPane } from '../ui/TabbedPane';
import type { Ask } from '../viewer/useTraceWorker';
import { CompactionView } from './tabs/CompactionView';
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
}

/** The details of the selected event, in tabs: Message, Tool call, Stream, Raw. */
export function DetailsPane({ ask, seq, tab, onTab, onJump, version }: DetailsPaneProps) {
  const [details, setDetails] = useState<DetailsView | undefined>();
  const [full, setFull] = useState(false);
  useEffect(() => setFull(false), [seq]);
  useEffect(() => {
    if (seq === undefined) {
      setDetails(undefined);
      return;
    }
    let live = true;
    void ask('details', { seq, full }).then((d) => live && setDetails(d));
    return () => {
      live = false;
    };
  }, [ask, seq, full, version]);

  if (seq === undefined) return <div className="p-4 text-[13px] text-neutral-500">Select an event (click, or ↑/↓ in the list).</div>;
  // While the next event's details load, the current ones stay (no flash of an empty pane).
  if (!details) return <div className="p-4 text-[13px] text-neutral-500">Loading…</div>;
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
        <span className="font-mono text-[11px] text-neutral-500">
          {details.sourceName}:{details.event.src.line} · {details.agent}
        </span>
      }
    >
      {current === 'message' ? details.compaction ? <CompactionView c={details.compaction} onJump={onJump} /> : <MessageTab d={details} onShowAll={() => setFull(true)} onJump={onJump} /> : null}
      {current === 'tool' ? <ToolCallTab calls={details.toolCalls} onJump={onJump} /> : null}
      {current === 'stream' ? <StreamTab turn={details.turn} onJump={onJump} /> : null}
      {current === 'raw' ? <RawTab ask={ask} seq={seq} /> : null}
    </TabbedPane>
  );
}
