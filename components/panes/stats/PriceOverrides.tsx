'use client';

import { useState } from 'react';
import { dateOf, readPriceFile } from '../../../lib/trace/pricing/litellm';
import type { ModelPrice } from '../../../lib/trace/pricing/pricing';
import { formatInt } from '../../../lib/trace/text-order';
import { FilePicker } from '../../ui/kit/FilePicker';
import { TextInput } from '../../ui/kit/Field';
import { linkClass, TABLE } from '../../ui/kit/styles';
import type { Prices } from './usePrices';

const FIELDS = ['input', 'cacheWrite5m', 'cacheWrite1h', 'cacheRead', 'output'] as const;

/** Where a row's price comes from: the shipped table, a price file (its entry), a typed override. */
function originText(p: ModelPrice | undefined, asOf: string): string {
  if (!p) return 'no price';
  const o = p.origin;
  if (!o) return `price table, ${asOf}`;
  if (o.file === LOCAL) return `local override, ${o.asOf}`;
  return `${o.file} · ${o.key} · ${o.asOf}${o.derived && o.derived.length > 0 ? ` (derived: ${o.derived.join(', ')})` : ''}`;
}

const LOCAL = 'local override';

/** Loads a price file (LiteLLM's shape) kept in this browser, says what it holds or what is wrong with it in words. */
function PriceFileControl({ local }: { local: Prices }) {
  const [error, setError] = useState<string | undefined>();
  const file = local.file;
  const load = async (f: File) => {
    const read = readPriceFile(await f.text(), f.name, dateOf(f.lastModified));
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(local.setFile({ name: read.name, asOf: read.asOf, models: read.models, skipped: read.skipped }));
  };
  return (
    <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <FilePicker
        aria-label="Price file"
        accept=".json,application/json"
        size="compact"
        onFiles={(files, e) => {
          const f = files?.[0];
          e.target.value = '';
          if (f) void load(f);
        }}
      >
        {file ? 'Replace price file…' : 'Load price file…'}
      </FilePicker>
      {file ? (
        <span aria-label="Price file in use" className="text-neutral-700 dark:text-neutral-300">
          <span className="font-mono">{file.name}</span> · {formatInt(file.models.length)} model{' '}
          {file.models.length === 1 ? 'family' : 'families'} · as of {file.asOf}
          <button
            type="button"
            onClick={() => {
              setError(undefined);
              local.setFile(undefined);
            }}
            className="ml-2 text-neutral-500 hover:underline"
          >
            Remove
          </button>
        </span>
      ) : (
        <span className="text-neutral-500">
          JSON in the shape of LiteLLM&apos;s model_prices_and_context_window.json; kept in this browser
        </span>
      )}
      {error ? (
        <p role="alert" className="w-full text-red-700 dark:text-red-400">
          Price file not used: {error}
        </p>
      ) : null}
    </div>
  );
}

/** The price table's source and date, the prices in use and where each comes from, a price file, and local overrides. */
export function PriceOverrides({
  prices,
  local,
}: {
  prices: { source: string; asOf: string; used: readonly ModelPrice[]; unpriced: readonly string[] };
  local: Prices;
}) {
  const { overrides, setOverrides: onChange } = local;
  const [editing, setEditing] = useState<string | undefined>();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const rows: { id: string; name: string; price?: ModelPrice }[] = [
    ...prices.used.map((p) => ({ id: p.id, name: p.name, price: p })),
    ...prices.unpriced.map((m) => ({ id: m, name: m })),
  ];
  return (
    <section aria-label="Prices" className="mt-3">
      <h2 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">
        Prices (USD per million tokens)
      </h2>
      <p className="text-neutral-500">
        {prices.source}, as of {prices.asOf}.
      </p>
      <PriceFileControl local={local} />
      <div className="overflow-x-auto">
        <table className="mt-1 border-collapse text-left tabular-nums">
          <thead className={TABLE.head}>
            <tr>
              <th className="pr-3">model family</th>
              {FIELDS.map((f) => (
                <th key={f} className={`pr-3 ${TABLE.num}`}>
                  {f}
                </th>
              ))}
              <th className="pr-3">source</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const o = overrides.find((x) => x.id === p.id);
              const shown = o ?? p.price;
              return (
                <tr key={p.id} className={`${TABLE.row} ${shown ? '' : 'text-amber-700 dark:text-amber-400'}`}>
                  <td className="whitespace-nowrap pr-3 font-mono">
                    {p.id}
                    {o ? <span className="ml-1 text-amber-700 dark:text-amber-400">(local override)</span> : null}
                  </td>
                  {FIELDS.map((f) => (
                    <td key={f} className={`pr-3 ${TABLE.num} font-mono`}>
                      {editing === p.id ? (
                        <TextInput
                          aria-label={`${p.id} ${f}`}
                          value={draft[f] ?? (shown ? String(shown[f]) : '')}
                          onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
                          className="w-16 text-right"
                        />
                      ) : shown ? (
                        shown[f]
                      ) : (
                        '—'
                      )}
                    </td>
                  ))}
                  <td className="max-w-72 truncate pr-3 text-neutral-500" title={originText(shown, prices.asOf)}>
                    {originText(shown, prices.asOf)}
                  </td>
                  <td>
                    {editing === p.id ? (
                      <button
                        type="button"
                        onClick={() => {
                          const next: ModelPrice = {
                            id: p.id,
                            name: p.name,
                            input: 0,
                            cacheWrite5m: 0,
                            cacheWrite1h: 0,
                            cacheRead: 0,
                            output: 0,
                            ...(shown?.longContext ? { longContext: shown.longContext } : {}),
                            ...Object.fromEntries(FIELDS.map((f) => [f, Number(draft[f] ?? shown?.[f] ?? 0) || 0])),
                            origin: { file: LOCAL, key: p.id, asOf: dateOf(Date.now()) },
                          };
                          onChange([...overrides.filter((x) => x.id !== p.id), next]);
                          setEditing(undefined);
                        }}
                        className={linkClass('hover')}
                      >
                        Save
                      </button>
                    ) : (
                      <span className="flex gap-2">
                        <button
                          type="button"
                          onClick={() => {
                            setEditing(p.id);
                            setDraft({});
                          }}
                          className={linkClass('hover')}
                        >
                          Override
                        </button>
                        {o ? (
                          <button
                            type="button"
                            onClick={() => onChange(overrides.filter((x) => x.id !== p.id))}
                            className="text-neutral-500 hover:underline"
                          >
                            Reset
                          </button>
                        ) : null}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
