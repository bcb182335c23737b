'use client';

import { blockSummary, commandOutput, commandSummary, isEmptyText, unwrapToolError } from '../../../lib/trace/describe';
import { count, formatInt } from '../../../lib/trace/text-order';
import type { ContentBlock } from '../../../lib/trace/types';
import type { DetailsView, TurnDetails } from '../../../lib/view/details';
import { eventFields } from '../../../lib/view/event-fields';
import { formatUsd } from '../../../lib/view/rowview';
import { JsonTree } from '../../ui/JsonTree';
import { Markdown } from '../../ui/Markdown';
import { Fields, LineLink, Pre, PROSE_RESULTS, Section } from './common';
import { ReadableInput } from './Readable';
import { MediaBlock, MediaList } from '../../media/MediaBlock';
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

/** The Message tab: the message as a reader sees it (markdown sanitized, thinking folded, tool input as a tree). */
export function MessageTab({
  ask,
  d,
  onShowAll,
  onJump,
}: {
  ask: Ask;
  d: DetailsView;
  onShowAll: () => void;
  onJump: (seq: number) => void;
}) {
  const e = d.event;
  switch (e.kind) {
    case 'assistant': {
      const turn = d.turn;
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
                <p className="text-[12px] italic text-neutral-500">
                  Only an empty text block: this message shows nothing.
                </p>
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
    case 'user':
      if (e.role === 'notification')
        return (
          <Section title="Task notification (from Claude Code: a background task ended or fired)">
            <Pre text={e.text} label="notification text" />
          </Section>
        );
      if (e.role === 'command') {
        // A slash command or `!` line the user typed, or its output as the terminal showed it (columns kept).
        const output = commandOutput(e.text);
        return (
          <Section
            title={
              output === undefined
                ? 'Command (typed by the user)'
                : 'Command output (from Claude Code, not typed by the user)'
            }
          >
            <Pre text={output ?? commandSummary(e.text)} label={output === undefined ? 'command' : 'command output'} />
            {e.textLength > e.text.length ? <ShowAll onClick={onShowAll} /> : null}
          </Section>
        );
      }
      return (
        <Section
          title={
            e.role === 'prompt'
              ? 'User prompt'
              : e.role === 'queued'
                ? 'User prompt, typed while the agent worked (queued)'
                : `User (${e.role})`
          }
        >
          {e.text || !e.media ? <Markdown text={e.text} /> : null}
          {e.textLength > e.text.length ? <ShowAll onClick={onShowAll} /> : null}
          <MediaList ask={ask} seq={e.seq} media={e.media ?? []} label="attached to the prompt" />
        </Section>
      );
    case 'tool-result':
      return (
        <div>
          {e.results.map((r) => (
            <Section
              key={r.toolUseId}
              title={`Tool result${r.isError ? ' (error)' : ''}`}
              aside={<span className="font-mono">{r.toolUseId}</span>}
            >
              {r.text && PROSE_RESULTS.has(d.toolCalls.find((c) => c.id === r.toolUseId)?.name ?? '') ? (
                <div aria-label="tool result text">
                  <Markdown text={r.text} />
                </div>
              ) : (
                <Pre
                  text={
                    (r.isError ? unwrapToolError(r.text) : r.text) || (r.images ? count(r.images, 'image') : '(empty)')
                  }
                  label="tool result text"
                />
              )}
              {r.textLength > r.text.length ? <ShowAll onClick={onShowAll} total={r.textLength} /> : null}
              <MediaList ask={ask} seq={e.seq} media={r.media ?? []} label="images and documents in the result" />
            </Section>
          ))}
        </div>
      );
    case 'result':
      return (
        <Section title="Result frame">
          <Fields
            rows={[
              ['subtype', e.subtype],
              ['is_error', String(e.isError)],
              ['num_turns', e.numTurns ?? '—'],
              ['duration', e.durationMs !== undefined ? `${e.durationMs} ms (API ${e.durationApiMs ?? '?'} ms)` : '—'],
              ['total_cost_usd', e.totalCostUsd !== undefined ? `$${e.totalCostUsd}` : '—'],
              ['stop_reason', e.stopReason ?? '—'],
              ['terminal_reason', e.terminalReason ?? '—'],
              [
                'permission_denials',
                e.permissionDenials.length
                  ? e.permissionDenials.map((p) => `${p.toolName} ${p.toolUseId}`).join(', ')
                  : 'none',
              ],
              ['errors', e.errors.length ? e.errors.join('; ') : 'none'],
            ]}
          />
          {e.resultText ? (
            <div className="mt-2">
              <Markdown text={e.resultText} />
            </div>
          ) : null}
        </Section>
      );
    case 'unknown':
      return (
        <Section title={`Kept as raw: ${e.reason}`}>
          <RawJson text={e.raw} />
        </Section>
      );
    default: {
      // A system, hook, progress, meta, permission or control line: what it says, then the fields it has.
      const f = eventFields(e);
      return (
        <Section title={e.kind}>
          <p className="mb-2 break-words text-[12px]">{f.title}</p>
          <div aria-label="event fields">
            <Fields rows={f.rows} />
          </div>
        </Section>
      );
    }
  }
}

function RawJson({ text }: { text: string }) {
  try {
    return <JsonTree value={JSON.parse(text)} label="raw JSON" />;
  } catch {
    return <Pre text={text} />;
  }
}

function ShowAll({ onClick, total }: { onClick: () => void; total?: number }) {
  return (
    <button type="button" onClick={onClick} className="mt-1 text-[12px] text-sky-700 hover:underline dark:text-sky-400">
      Show all{total !== undefined ? ` (${total.toLocaleString('en-US')} characters)` : ''}
    </button>
  );
}
