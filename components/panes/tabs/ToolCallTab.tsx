'use client';

import { unwrapToolError } from '../../../lib/trace/describe';
import { formatInt } from '../../../lib/trace/text-order';
import type { SideEffect } from '../../../lib/trace/types';
import type { ToolCallDetails } from '../../../lib/view/details';
import type { EffectDetails, FileDiffDetails } from '../../../lib/view/effect';
import { formatDuration } from '../../../lib/view/rowview';
import { DiffView } from '../../ui/DiffView';
import { HookList, ProgressList } from './ChainLines';
import { Markdown } from '../../ui/Markdown';
import { Fields, LineLink, Pre, PROSE_RESULTS, Section } from './common';
import { ReadableInput } from './Readable';
import { MediaList } from '../../media/MediaBlock';
import type { Ask } from '../../data/useTraceWorker';
import { count } from '../../../lib/trace/text-order';
import { mediaLabel, type MediaInfo } from '../../../lib/trace/media';

const STATE_TONE: Record<ToolCallDetails['permission'], string> = {
  allowed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  denied: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  unknown: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200',
};

function Before({ b, onJump }: { b: NonNullable<FileDiffDetails['before']>; onJump: (seq: number) => void }) {
  return (
    <>
      <dt className="text-neutral-500">before</dt>
      <dd>
        {b.text}
        {b.at ? (
          <span className="ml-1 whitespace-nowrap text-neutral-500">
            ({b.at.label}
            {b.at.source ? ` in ${b.at.source}` : ''}:{' '}
            <LineLink line={b.at.line} path={b.at.path} seq={b.at.seq} onJump={onJump} />)
          </span>
        ) : null}
      </dd>
    </>
  );
}

function FileChange({ f, onJump }: { f: FileDiffDetails; onJump: (seq: number) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-[12px]">
        <dt className="text-neutral-500">source</dt>
        <dd data-testid="effect-source">{f.sourceNote}</dd>
        {f.before ? <Before b={f.before} onJump={onJump} /> : null}
        {f.notes.map((n, i) => (
          <div key={i} className="contents">
            <dt className="text-neutral-500">note</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <DiffView title={f.title} diff={f.diff} />
    </div>
  );
}

const SOURCE_BADGE = {
  request: {
    text: 'derived from the request',
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  },
  recorded: { text: 'recorded', tone: 'bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200' },
} as const;

function EffectBadge({ e }: { e: EffectDetails }) {
  const source = e.kind === 'derived' ? 'request' : e.kind === 'recorded' ? 'recorded' : undefined;
  if (!source) return null;
  const b = SOURCE_BADGE[source];
  return (
    <span className={`rounded px-1.5 text-[11px] font-semibold normal-case tracking-normal ${b.tone}`}>{b.text}</span>
  );
}

interface MediaCtx {
  readonly ask: Ask;
  /** The result's line, where the structured output's images are read from. */
  readonly seq: number | undefined;
  /** What the result already shows. */
  readonly shown: readonly MediaInfo[] | undefined;
}

function EffectView({ e, onJump, media }: { e: EffectDetails; onJump: (seq: number) => void; media: MediaCtx }) {
  switch (e.kind) {
    case 'pending':
      return (
        <p className="text-[12px] text-amber-700 dark:text-amber-400">
          No result yet: what the call changed is not known until the tool reports.
        </p>
      );
    case 'failed':
      return <p className="text-[12px] text-neutral-500">None: the call failed (is_error), so it changed nothing.</p>;
    case 'none':
      return <p className="text-[12px] text-neutral-500">No structured output recorded.</p>;
    case 'derived':
      return <FileChange f={e.file} onJump={onJump} />;
    case 'recorded':
      return (
        <div className="flex flex-col gap-1">
          {e.failed ? (
            <p className="text-[12px] text-neutral-500">The call failed (is_error); this is the output it recorded.</p>
          ) : null}
          {e.file ? (
            <FileChange f={e.file} onJump={onJump} />
          ) : (
            <SideEffectView s={e.sideEffect} agentLabel={e.agentLabel} media={media} />
          )}
        </div>
      );
  }
}

function SideEffectView({ s, agentLabel, media }: { s: SideEffect; agentLabel?: string; media: MediaCtx }) {
  switch (s.type) {
    case 'file-edit':
      return <p className="text-[12px] text-neutral-500">A change of {s.filePath}.</p>;
    case 'bash':
      return (
        <div className="flex flex-col gap-1">
          <Fields
            rows={[
              ['exit', s.exitCode ?? (s.interrupted ? 'interrupted' : '—')],
              ['interrupted', String(s.interrupted)],
            ]}
          />
          <Pre text={s.stdout || '(no stdout)'} label="stdout" />
          {s.stderr ? <Pre text={s.stderr} label="stderr" /> : null}
        </div>
      );
    case 'agent':
      return (
        <div className="flex flex-col gap-1">
          <Fields
            rows={[
              ['agent', agentLabel ?? s.agentId ?? '—'],
              ...(agentLabel && s.agentId ? [['agent id', s.agentId] as const] : []),
              ['status', s.status ?? '—'],
              ['tokens', s.totalTokens !== undefined ? formatInt(s.totalTokens) : '—'],
              ['tool uses', s.totalToolUseCount !== undefined ? formatInt(s.totalToolUseCount) : '—'],
              ['duration', s.totalDurationMs !== undefined ? formatDuration(s.totalDurationMs) : '—'],
            ]}
          />
          {s.text ? (
            <div
              aria-label="agent output"
              className="max-h-96 overflow-auto rounded bg-neutral-50 px-2 py-1 dark:bg-neutral-950"
            >
              <Markdown text={s.text} />
            </div>
          ) : null}
        </div>
      );
    case 'read':
      return (
        <Fields
          rows={[
            ['file', s.filePath],
            ['lines', s.numLines ?? '—'],
          ]}
        />
      );
    case 'text':
      return <Pre text={s.text} />;
    case 'media':
      return <MediaEffect s={s} media={media} />;
    case 'other':
      return (
        <p className="text-[12px] text-neutral-500">structured output with keys: {s.keys.join(', ') || '(none)'}</p>
      );
  }
}

/**
 * Content blocks the tool returned (an MCP screenshot) or a Read of an image: said in a line, with the images shown
 * unless the result above already shows the same ones.
 */
function MediaEffect({ s, media }: { s: Extract<SideEffect, { type: 'media' }>; media: MediaCtx }) {
  const labels = s.media.map(mediaLabel);
  const what = labels.length > 0 ? labels.join('; ') : 'no images';
  const same = media.shown !== undefined && labels.join('\n') === media.shown.map(mediaLabel).join('\n');
  const images = s.media.every((m) => m.kind === 'image');
  return (
    <div className="flex flex-col gap-1">
      <p className="text-[12px]" data-testid="media-effect">
        The tool returned {s.text ? 'text and ' : ''}
        {count(
          s.media.length,
          images ? 'image' : 'image or document',
          images ? 'images' : 'images and documents',
        )}: {what}
        {same ? ', the same the result above shows (the model got them).' : '.'}
      </p>
      {s.text && !same ? <Pre text={s.text} label="structured output text" /> : null}
      {media.seq !== undefined && !same ? (
        <MediaList ask={media.ask} seq={media.seq} media={s.media} label="images in the structured output" />
      ) : null}
    </div>
  );
}

/** The Tool call tab: request → permission decision and its evidence → result → side effect. */
export function ToolCallTab({
  ask,
  calls,
  onJump,
}: {
  ask: Ask;
  calls: readonly ToolCallDetails[];
  onJump: (seq: number) => void;
}) {
  if (calls.length === 0)
    return <p className="p-3 text-[13px] text-neutral-500">This event is not part of a tool call.</p>;
  return (
    <div>
      {calls.map((c) => (
        <article
          key={c.id}
          aria-label={`${c.name} call ${c.id}`}
          className="border-b-4 border-neutral-200 dark:border-neutral-700"
        >
          <Section
            title={`1 · Request: ${c.name}`}
            aside={<LineLink line={c.requestLine} path={c.requestPath} seq={c.requestSeq} onJump={onJump} />}
          >
            <ReadableInput
              name={c.name}
              input={c.input}
              header={
                <div className="font-mono text-[11px] text-neutral-500">
                  {c.id} · slot {c.slot + 1}
                  {c.spawnedAgent ? ` · spawned ${c.spawnedAgent}` : ''}
                </div>
              }
            />
          </Section>
          <Section title="2 · Permission">
            <div className="mb-1 flex items-center gap-2 text-[12px]">
              <span
                data-testid="permission-state"
                className={`rounded px-1.5 font-semibold ${STATE_TONE[c.permission]}`}
              >
                {c.permission}
              </span>
              {c.permissionWaitMs !== undefined ? (
                <span className="text-neutral-500">decided after {formatDuration(c.permissionWaitMs)}</span>
              ) : null}
            </div>
            {c.evidence.length === 0 ? (
              <p className="text-[12px] text-neutral-500">
                No evidence: no control frame, hook, denial or result for this call.
              </p>
            ) : (
              <ol aria-label="permission evidence" className="flex flex-col gap-0.5 text-[12px]">
                {c.evidence.map((ev, i) => (
                  <li
                    key={i}
                    className={`flex items-baseline gap-2 ${ev.decisive ? 'font-semibold' : 'text-neutral-600 dark:text-neutral-400'}`}
                  >
                    <span className="w-28 shrink-0 font-mono">{ev.kind}</span>
                    <span className="min-w-0 flex-1 break-words">
                      {ev.behavior ? `${ev.behavior}: ` : ''}
                      {ev.detail}
                      {ev.decisive ? ' (decided)' : ''}
                    </span>
                    <LineLink line={ev.line} path={ev.path} seq={ev.seq} onJump={onJump} />
                  </li>
                ))}
              </ol>
            )}
            <HookList hooks={c.preHooks} label="PreToolUse hooks" onJump={onJump} />
          </Section>
          <Section
            title={`3 · Result${c.result?.isError ? ' (error)' : ''}`}
            aside={
              c.result ? (
                <LineLink line={c.result.line} path={c.result.path} seq={c.result.seq} onJump={onJump} />
              ) : undefined
            }
          >
            <ProgressList progress={c.progress} onJump={onJump} />
            {c.result ? (
              <>
                {c.durationMs !== undefined ? (
                  <div className="mb-1 text-[12px] text-neutral-500">
                    {formatDuration(c.durationMs)} from request to result
                  </div>
                ) : null}
                {PROSE_RESULTS.has(c.name) && c.result.text ? (
                  <div aria-label="result text" className="max-h-96 overflow-auto">
                    <Markdown text={c.result.text} />
                  </div>
                ) : (
                  <Pre
                    text={
                      (c.result.isError ? unwrapToolError(c.result.text) : c.result.text) ||
                      (c.result.media?.length ? '(no text)' : '(empty)')
                    }
                    label="result text"
                  />
                )}
                <MediaList
                  ask={ask}
                  seq={c.result.seq}
                  media={c.result.media ?? []}
                  label="images and documents in the result"
                />
              </>
            ) : (
              <p className="text-[12px] text-amber-700 dark:text-amber-400">
                No tool_result was ever recorded for this call.
              </p>
            )}
            <HookList hooks={c.postHooks} label="PostToolUse hooks, after the result" onJump={onJump} />
          </Section>
          <Section title="4 · Side effect" aside={<EffectBadge e={c.effect} />}>
            <EffectView e={c.effect} onJump={onJump} media={{ ask, seq: c.result?.seq, shown: c.result?.media }} />
          </Section>
        </article>
      ))}
    </div>
  );
}
