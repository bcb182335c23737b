'use client';

import type { ContentBlock } from '../../../lib/trace/types';
import type { TurnDetails } from '../../../lib/view/details';
import { formatDuration } from '../../../lib/view/rowview';
import { Fields, LineLink, Pre, Section } from './common';

const VERDICT_TONE = {
  match: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  mismatch: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  incomplete: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
} as const;

function completedText(b: ContentBlock | undefined): string {
  if (!b) return '(no block)';
  if (b.type === 'text' || b.type === 'thinking') return b.text;
  if (b.type === 'tool_use') return JSON.stringify(b.input, null, 2);
  return b.type;
}

/** The Stream tab: the message rebuilt from its deltas by block index, beside the completed message. */
export function StreamTab({ turn, onJump }: { turn: TurnDetails | undefined; onJump: (seq: number) => void }) {
  const s = turn?.stream;
  if (!turn || !s)
    return (
      <p className="p-3 text-[13px] text-neutral-500">This model call was not streamed (no stream_event lines).</p>
    );
  return (
    <div>
      <Section
        title="Stream"
        aside={<LineLink line={s.firstLine} path={s.firstPath} seq={s.firstSeq} onJump={onJump} />}
      >
        <div className="mb-1 flex items-center gap-2">
          <span
            data-testid="stream-verdict"
            className={`rounded px-1.5 text-[12px] font-semibold ${VERDICT_TONE[s.verdict]}`}
          >
            {s.verdict}
          </span>
          {s.detail ? <span className="text-[12px] text-neutral-600 dark:text-neutral-400">{s.detail}</span> : null}
        </div>
        <Fields
          rows={[
            ['message id', turn.messageId ?? '—'],
            ['stream events', s.eventCount],
            ['deltas', s.deltaCount],
            ['message_stop', s.stopped ? 'yes' : 'never arrived'],
            ['stop_reason', s.stopReason ?? '—'],
            [
              'time to first delta',
              s.timeToFirstDeltaMs !== undefined
                ? formatDuration(s.timeToFirstDeltaMs)
                : s.ttftMs !== undefined
                  ? `${s.ttftMs} ms (ttft_ms)`
                  : 'no timestamps',
            ],
          ]}
        />
      </Section>
      {s.blocks.map((b, i) => (
        <Section key={b.index} title={`Block ${b.index} · ${b.type}${b.name ? ` ${b.name}` : ''}`}>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <div className="mb-0.5 text-[11px] text-neutral-500">rebuilt from deltas</div>
              {b.type === 'tool_use' || b.type === 'server_tool_use' ? (
                <Pre
                  text={
                    b.inputError
                      ? `${b.inputJson}\n\n(not valid JSON: ${b.inputError})`
                      : JSON.stringify(b.input, null, 2)
                  }
                  label={`block ${b.index} rebuilt`}
                />
              ) : (
                <Pre text={b.text} label={`block ${b.index} rebuilt`} />
              )}
            </div>
            <div>
              <div className="mb-0.5 text-[11px] text-neutral-500">completed message</div>
              {turn.seqs.length === 0 ? (
                <p className="text-[12px] text-red-700 dark:text-red-400">never completed</p>
              ) : (
                <Pre text={completedText(turn.blocks[i])} label={`block ${b.index} completed`} />
              )}
            </div>
          </div>
        </Section>
      ))}
    </div>
  );
}
