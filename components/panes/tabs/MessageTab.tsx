'use client';

import { commandOutput, commandSummary, unwrapToolError } from '../../../lib/trace/describe';
import { count } from '../../../lib/trace/text-order';
import type { ToolResultEvent, UserEvent } from '../../../lib/trace/types';
import type { DetailsView } from '../../../lib/view/details';
import { eventFields } from '../../../lib/view/event-fields';
import { JsonTree } from '../../ui/JsonTree';
import { Markdown } from '../../ui/Markdown';
import { AssistantMessage } from './AssistantMessage';
import { Fields, Pre, PROSE_RESULTS, Section, ShowAll } from './common';
import { MediaList } from '../../media/MediaBlock';
import type { Ask } from '../../data/useTraceWorker';

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
    case 'assistant':
      return <AssistantMessage ask={ask} e={e} turn={d.turn} onShowAll={onShowAll} onJump={onJump} />;
    case 'user':
      return <UserMessage ask={ask} e={e} onShowAll={onShowAll} />;
    case 'tool-result':
      return <ToolResults ask={ask} e={e} d={d} onShowAll={onShowAll} />;
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

/** A user line: a prompt, a command or its output, or a task notification from Claude Code. */
function UserMessage({ ask, e, onShowAll }: { ask: Ask; e: UserEvent; onShowAll: () => void }) {
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
}

/** The tool results of a user line, each as prose (an agent's report) or as the text the tool gave. */
function ToolResults({
  ask,
  e,
  d,
  onShowAll,
}: {
  ask: Ask;
  e: ToolResultEvent;
  d: DetailsView;
  onShowAll: () => void;
}) {
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
              text={(r.isError ? unwrapToolError(r.text) : r.text) || (r.images ? count(r.images, 'image') : '(empty)')}
              label="tool result text"
            />
          )}
          {r.textLength > r.text.length ? <ShowAll onClick={onShowAll} total={r.textLength} /> : null}
          <MediaList ask={ask} seq={e.seq} media={r.media ?? []} label="images and documents in the result" />
        </Section>
      ))}
    </div>
  );
}
