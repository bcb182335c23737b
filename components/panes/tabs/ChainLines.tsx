'use client';

import type { HookDetails, ProgressDetails } from '../../../lib/view/details';
import { formatDuration } from '../../../lib/view/rowview';
import { LineLink } from './common';

// The hook and progress lines of one tool call, each with a link to its line (they are hidden in the timeline unless
// their chip is on; the link shows them in place).

const DECISION_TONE: Record<string, string> = {
  allow: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  deny: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  ask: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  defer: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200',
};

const when = (ms: number | undefined): string => (ms === undefined ? '' : `+${formatDuration(Math.max(0, ms))}`);

export function HookList({
  hooks,
  label,
  onJump,
}: {
  hooks: readonly HookDetails[];
  label: string;
  onJump: (seq: number) => void;
}) {
  if (hooks.length === 0) return null;
  return (
    <div className="mt-1.5">
      <h4 className="text-[11px] text-neutral-500">{label}</h4>
      <ol aria-label={label} className="flex flex-col gap-0.5 text-[12px]">
        {hooks.map((h) => (
          <li key={h.seq} className="flex items-baseline gap-2">
            <span className="w-12 shrink-0 text-right font-mono text-[11px] text-neutral-500 tabular-nums">
              {when(h.afterMs)}
            </span>
            <span className="shrink-0 font-mono">{h.hookName ?? h.hookEvent ?? 'hook'}</span>
            <span className="shrink-0 text-neutral-500">{h.state}</span>
            {h.decision ? (
              <span className={`shrink-0 rounded px-1 font-semibold ${DECISION_TONE[h.decision] ?? ''}`}>
                {h.decision}
              </span>
            ) : null}
            <span
              className="min-w-0 flex-1 truncate text-neutral-600 dark:text-neutral-400"
              title={h.decisionReason ?? h.text}
            >
              {h.decisionReason ?? h.text ?? ''}
            </span>
            <LineLink line={h.line} path={h.path} seq={h.seq} onJump={onJump} />
          </li>
        ))}
      </ol>
    </div>
  );
}

export function ProgressList({
  progress,
  onJump,
}: {
  progress: readonly ProgressDetails[];
  onJump: (seq: number) => void;
}) {
  if (progress.length === 0) return null;
  const last = progress.at(-1);
  return (
    <div className="mb-1.5">
      <h4 className="text-[11px] text-neutral-500">
        While it ran: {progress.length} progress line{progress.length === 1 ? '' : 's'}
        {last?.elapsedSeconds !== undefined ? `, ${last.elapsedSeconds} s elapsed at the last` : ''}
      </h4>
      <ol aria-label="Progress while it ran" className="flex flex-col gap-0.5 text-[12px]">
        {progress.map((p) => (
          <li key={p.seq} className="flex items-baseline gap-2">
            <span className="w-12 shrink-0 text-right font-mono text-[11px] text-neutral-500 tabular-nums">
              {when(p.afterMs)}
            </span>
            <span className="shrink-0 font-mono">{p.type}</span>
            {p.elapsedSeconds !== undefined ? (
              <span className="shrink-0 text-neutral-500">{p.elapsedSeconds} s</span>
            ) : null}
            <span className="min-w-0 flex-1 truncate font-mono text-neutral-600 dark:text-neutral-400" title={p.text}>
              {p.copyOf ? `copy of subagent ${p.copyOf} (never counted)` : (p.text?.split('\n').at(-1) ?? '')}
            </span>
            <LineLink line={p.line} path={p.path} seq={p.seq} onJump={onJump} />
          </li>
        ))}
      </ol>
    </div>
  );
}
