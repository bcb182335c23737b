'use client';

import { blockSummary, isEmptyText } from '../../../lib/trace/describe';
import { formatInt } from '../../../lib/trace/text-order';
import type { AssistantEvent, ContentBlock } from '../../../lib/trace/types';
import type { TurnDetails } from '../../../lib/view/details';
import { formatUsd } from '../../../lib/view/rowview';
import { Markdown } from '../../ui/Markdown';
import { Fields, LineLink, Pre, Section, ShowAll } from './common';
import { ReadableInput } from './Readable';
import { MediaBlock } from '../../media/MediaBlock';
import type { Ask } from '../../data/useTraceWorker';

function Block({ b, ask, seq }: { b: ContentBlock; ask: Ask; seq: number }) {
  switch (b.type) {
    case 'image':
    case 'document':
      return b.media ? (
        <MediaBlock ask={ask} seq={seq} m={b.media} />
      ) : (
        <p className="font-mono text-[12px] text-neutral-500">{blockSummary(b)}</p>
      );
    case 'text':
      return <Markdown text={b.text} />;
    case 'thinking':
      if (b.text.trim() === '') return <p className="text-[12px] italic text-neutral-500">{blockSummary(b)}</p>;
      return (
        <details className="rounded border border-neutral-200 px-2 py-1 dark:border-neutral-700">
          <summary className="cursor-pointer text-[12px] text-neutral-500">
            Thinking ({b.text.length} characters{b.hasSignature ? ', signed' : ''})
          </summary>
          <Pre text={b.text} />
        </details>
      );
    case 'redacted_thinking':
      return <p className="text-[12px] italic text-neutral-500">{blockSummary(b)}</p>;
    case 'tool_use':
      return (
        <div className="rounded border border-neutral-200 p-2 dark:border-neutral-700">
          <ReadableInput
            name={b.name}
            input={b.input}
            header={
              <div className="text-[12px]">
                <span className="font-semibold">{b.name}</span>{' '}
                <span className="font-mono text-neutral-500">{b.id}</span>
                {b.server ? <span className="ml-1 text-neutral-500">(server tool)</span> : null}
              </div>
            }
          />
        </div>
      );
    default:
      return <p className="font-mono text-[12px] text-neutral-500">{blockSummary(b)}</p>;
  }
}

/** The lines of a model call, each with what it holds: an empty text block folded out of the timeline stays here. */
function Lines({ lines, onJump }: { lines: TurnDetails['lines']; onJump: (seq: number) => void }) {
  return (
    <ol aria-label="lines of this model call" className="flex flex-col">
      {lines.map((l) => (
        <li key={l.seq} className="flex min-w-0 items-baseline gap-2">
          <LineLink line={l.line} path={l.path} seq={l.seq} onJump={onJump} />
          <span className="min-w-0 flex-1 truncate font-sans text-neutral-600 dark:text-neutral-400" title={l.label}>
            {l.label}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** An assistant message, or the model call its lines make: the blocks as a reader sees them, then the call's figures. */
export function AssistantMessage({
  ask,
  e,
  turn,
  onShowAll,
  onJump,
}: {
  ask: Ask;
  e: AssistantEvent;
  turn: TurnDetails | undefined;
  onShowAll: () => void;
  onJump: (seq: number) => void;
}) {
  const blocks = turn?.blocks ?? e.blocks;
  return (
    <div>
      <Section
        title={
          turn && turn.seqs.length > 1
            ? `Model call (${turn.seqs.length} lines merged by message id)`
            : 'Assistant message'
        }
      >
        <div className="flex flex-col gap-2">
          {/* An empty text block shows nothing: it is listed with the lines below, not as a blank. */}
          {blocks.map((b, i) => (isEmptyText(b) ? null : <Block key={i} b={b} ask={ask} seq={e.seq} />))}
          {blocks.length > 0 && blocks.every(isEmptyText) ? (
            <p className="text-[12px] italic text-neutral-500">Only an empty text block: this message shows nothing.</p>
          ) : null}
        </div>
        {blocks.some((b) => (b.type === 'text' || b.type === 'thinking') && b.truncated) ? (
          <ShowAll onClick={onShowAll} />
        ) : null}
      </Section>
      <Section title="Model call">
        <Fields
          rows={[
            ['model', turn?.model ?? e.model ?? '—'],
            ['message id', turn?.messageId ?? e.messageId ?? '—'],
            ['request id', turn?.requestId ?? e.requestId ?? '—'],
            ['stop_reason', e.stopReason ?? 'null (on this line)'],
            [
              'usage counted',
              turn?.usage
                ? `${formatInt(turn.usage.input)} in · ${formatInt(turn.usage.cacheRead)} cache read · ${formatInt(turn.usage.cacheCreation)} cache write · ${turn.lowerBound ? '≥ ' : ''}${formatInt(turn.usage.output)} out${turn.lowerBound ? ' (a placeholder from message_start; the result frame has the rest, booked as its own row in Stats)' : ''}`
                : '—',
            ],
            [
              'cost',
              turn?.costUsd !== undefined
                ? `${turn.lowerBound ? '≥ ' : ''}${formatUsd(turn.costUsd)}`
                : turn?.counted === false
                  ? `not counted: ${turn.countRule}`
                  : turn?.usage && (turn.model ?? e.model)
                    ? `— (no price for ${turn.model ?? e.model ?? ''})`
                    : '—',
            ],
            ...(turn && turn.lines.length > 1
              ? [['lines', <Lines key="lines" lines={turn.lines} onJump={onJump} />] as const]
              : []),
          ]}
        />
      </Section>
    </div>
  );
}
