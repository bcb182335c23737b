'use client';

import type { CompactionDetails } from '../../../lib/view/details';
import { compactNumber, formatDuration, formatUsd } from '../../../lib/view/rowview';
import { Markdown } from '../../ui/Markdown';
import { Fields, LineLink, Section } from './common';
import { linkClass } from '../../ui/kit/styles';
import { formatInt } from '../../../lib/trace/text-order';

const int = (n: number): string => formatInt(n);

/** A compact_boundary line: what was compacted and how, the summary that replaced it, the model call that wrote it. */
export function CompactionView({ c, onJump }: { c: CompactionDetails; onJump: (seq: number) => void }) {
  return (
    <div>
      <Section title="Compaction">
        <Fields
          rows={[
            ['trigger', c.trigger ?? 'not given'],
            ['tokens before', c.preTokens !== undefined ? int(c.preTokens) : '—'],
            ['tokens after', c.postTokens !== undefined ? int(c.postTokens) : '—'],
            ['took', c.durationMs !== undefined ? formatDuration(c.durationMs) : '—'],
          ]}
        />
      </Section>
      <Section title="Model call that wrote the summary">
        {c.calls.length === 0 ? (
          <p className="text-[12px] text-neutral-500">
            Not loaded (Claude Code logs it in subagents/agent-acompact-*.jsonl beside the session).
          </p>
        ) : (
          <ul className="flex flex-col gap-0.5 text-[12px]">
            {c.calls.map((m) => (
              <li key={m.turn} className="flex items-baseline gap-2">
                <button type="button" onClick={() => onJump(m.seq)} className={linkClass('hover')}>
                  Model call {m.turn + 1}
                </button>
                <span className="font-mono">{m.model ?? '—'}</span>
                {m.tokens !== undefined ? <span>{compactNumber(m.tokens)} tokens</span> : null}
                <span>
                  {m.costUsd !== undefined
                    ? `${formatUsd(m.costUsd)}, counted in the totals`
                    : m.counted
                      ? 'unpriced'
                      : 'not counted'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        title="Summary"
        aside={
          c.summary ? (
            <LineLink line={c.summary.line} path={c.summary.path} seq={c.summary.seq} onJump={onJump} />
          ) : undefined
        }
      >
        {c.summary ? (
          <Markdown text={c.summary.text} />
        ) : (
          <p className="text-[12px] text-neutral-500">No summary line follows this boundary in the file.</p>
        )}
      </Section>
    </div>
  );
}
