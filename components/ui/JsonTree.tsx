'use client';

import { useState } from 'react';

/** A collapsible JSON tree. Values render as text, never as HTML. */
export function JsonTree({
  value,
  label,
  defaultDepth = 2,
}: {
  value: unknown;
  label?: string;
  defaultDepth?: number;
}) {
  return (
    <div role="tree" aria-label={label ?? 'JSON'} className="font-mono text-[12px] leading-5">
      <Node name={undefined} value={value} depth={0} open={defaultDepth} />
    </div>
  );
}

function preview(value: unknown): string {
  if (Array.isArray(value)) return `Array(${value.length})`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return `{${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''}}`;
  }
  return '';
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return (
      <span className="whitespace-pre-wrap break-all text-red-700 dark:text-orange-300">{JSON.stringify(value)}</span>
    );
  if (typeof value === 'number') return <span className="text-blue-700 dark:text-sky-300">{String(value)}</span>;
  if (typeof value === 'boolean' || value === null || value === undefined)
    return <span className="text-purple-700 dark:text-purple-300">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

function Node({ name, value, depth, open }: { name: string | undefined; value: unknown; depth: number; open: number }) {
  const composite = value !== null && typeof value === 'object';
  const [expanded, setExpanded] = useState(depth < open);
  const key = name === undefined ? null : <span className="text-teal-800 dark:text-teal-300">{name}: </span>;
  if (!composite) {
    return (
      <div role="treeitem" aria-selected={false} style={{ paddingLeft: depth * 12 + 12 }}>
        {key}
        <Scalar value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  return (
    <div role="treeitem" aria-expanded={expanded} aria-selected={false}>
      <button
        type="button"
        onClick={() => setExpanded(!expanded)}
        className="w-full text-left hover:bg-neutral-100 dark:hover:bg-neutral-800"
        style={{ paddingLeft: depth * 12 }}
      >
        <span className="inline-block w-3 text-neutral-500">{expanded ? '▾' : '▸'}</span>
        {key}
        <span className="text-neutral-500">{preview(value)}</span>
      </button>
      {expanded ? (
        <div role="group">
          {entries.slice(0, 500).map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} open={open} />
          ))}
          {entries.length > 500 ? (
            <div style={{ paddingLeft: (depth + 1) * 12 + 12 }} className="text-neutral-500">
              … {entries.length - 500} more
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
