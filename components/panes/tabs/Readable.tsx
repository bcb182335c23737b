'use client';

import { useState, type ReactNode } from 'react';
import { readableFields, type ReadableField } from '../../../lib/view/readable';
import { JsonTree } from '../../ui/JsonTree';
import { Markdown } from '../../ui/Markdown';
import { Toggle } from '../../ui/kit/Toggle';
import { Pre } from './common';

function Key({ k }: { k: string }) {
  return k ? <span className="font-mono text-[11px] text-teal-800 dark:text-teal-300">{k}</span> : null;
}

function Block({ k, children }: { k: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <Key k={k} />
      {children}
    </div>
  );
}

function Field({ f }: { f: ReadableField }) {
  switch (f.kind) {
    case 'inline':
      return (
        <div className="flex items-baseline gap-2">
          <Key k={f.key} />
          <span className="min-w-0 flex-1 font-mono text-[12px] [overflow-wrap:anywhere]">{f.text}</span>
        </div>
      );
    case 'code':
      return (
        <Block k={f.key}>
          <Pre text={f.text} label={f.key} />
        </Block>
      );
    case 'markdown':
      return (
        <Block k={f.key}>
          <div
            aria-label={f.key}
            className="max-h-96 overflow-auto rounded border border-neutral-200 px-2 py-1 dark:border-neutral-700"
          >
            <Markdown text={f.text} />
          </div>
        </Block>
      );
    case 'items':
      return (
        <Block k={f.key}>
          <ol className="flex flex-col gap-1">
            {f.items.map((item, i) => (
              <li key={i} className="flex gap-2 rounded border border-neutral-200 px-2 py-1 dark:border-neutral-700">
                <span className="font-mono text-[11px] text-neutral-500">{i + 1}</span>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  {item.map((x, j) => (
                    <Field key={j} f={x} />
                  ))}
                </div>
              </li>
            ))}
          </ol>
        </Block>
      );
    case 'group':
      return (
        <Block k={f.key}>
          <div className="flex flex-col gap-1 rounded border border-neutral-200 px-2 py-1 dark:border-neutral-700">
            {f.fields.map((x, j) => (
              <Field key={j} f={x} />
            ))}
          </div>
        </Block>
      );
    case 'json':
      return (
        <Block k={f.key}>
          <JsonTree value={f.value} label={f.key} />
        </Block>
      );
  }
}

/** A text/JSON switch: what a section shows is readable by default, its JSON one click away. */
export function JsonToggle({
  json,
  onChange,
  label,
}: {
  json: boolean;
  onChange: (json: boolean) => void;
  label: string;
}) {
  return (
    <Toggle
      look="tag"
      pressed={json}
      aria-label={`Show ${label} as JSON`}
      title={json ? 'Show as text' : 'Show as JSON'}
      onClick={() => onChange(!json)}
    >
      {'{ }'} JSON
    </Toggle>
  );
}

/** A tool input as wrapped text (markdown for prose, monospace for commands and contents), or as its JSON tree. */
export function ReadableInput({ name, input, header }: { name: string; input: unknown; header?: ReactNode }) {
  const [json, setJson] = useState(false);
  const fields = readableFields(input);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">{header}</div>
        <JsonToggle json={json} onChange={setJson} label={`${name} input`} />
      </div>
      {json ? (
        <JsonTree value={input} label={`${name} input`} />
      ) : (
        <div role="group" aria-label={`${name} input`} className="flex flex-col gap-1 text-[12px]">
          {fields.length === 0 ? (
            <span className="text-neutral-500">(no input)</span>
          ) : (
            fields.map((f, i) => <Field key={i} f={f} />)
          )}
        </div>
      )}
    </div>
  );
}
