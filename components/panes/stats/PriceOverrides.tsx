'use client';

import { useCallback, useEffect, useState } from 'react';
import type { ModelPrice } from '../../../lib/trace/pricing/pricing';

const KEY = 'loupe.priceOverrides';

/** Local price overrides, remembered in this browser. */
export function useOverrides(): [readonly ModelPrice[], (o: readonly ModelPrice[]) => void] {
  const [overrides, setState] = useState<readonly ModelPrice[]>([]);
  useEffect(() => {
    try {
      const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
      if (Array.isArray(raw))
        setState(raw.filter((x): x is ModelPrice => typeof x === 'object' && x !== null && typeof x.id === 'string' && typeof x.input === 'number'));
    } catch {
      setState([]);
    }
  }, []);
  const set = useCallback((o: readonly ModelPrice[]) => {
    setState(o);
    localStorage.setItem(KEY, JSON.stringify(o));
  }, []);
  return [overrides, set];
}

const FIELDS = ['input', 'cacheWrite5m', 'cacheWrite1h', 'cacheRead', 'output'] as const;

/** The price table's source and date, the prices in use, and a way to override a model's prices locally. */
export function PriceOverrides({
  prices,
  overrides,
  onChange,
}: {
  prices: { source: string; asOf: string; used: readonly ModelPrice[]; unpriced: readonly string[] };
  overrides: readonly ModelPrice[];
  onChange: (o: readonly ModelPrice[]) => void;
}) {
  const [editing, setEditing] = useState<string | undefined>();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const rows = [...prices.used, ...prices.unpriced.map((m) => ({ id: m, name: m, input: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0, output: 0 }))];
  return (
    <section aria-label="Prices" className="mt-3">
      <h2 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">Prices (USD per million tokens)</h2>
      <p className="text-neutral-500">
        {prices.source}, as of {prices.asOf}.
      </p>
      <div className="overflow-x-auto">
        <table className="mt-1 text-left tabular-nums">
          <thead className="text-neutral-500">
            <tr>
              <th className="pr-3 font-normal">model family</th>
              {FIELDS.map((f) => (
                <th key={f} className="pr-3 text-right font-normal">
                  {f}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => {
              const o = overrides.find((x) => x.id === p.id);
              const shown = o ?? p;
              return (
                <tr key={p.id}>
                  <td className="whitespace-nowrap pr-3 font-mono">
                    {p.id}
                    {o ? <span className="ml-1 text-amber-700 dark:text-amber-400">(local override)</span> : null}
                  </td>
                  {FIELDS.map((f) => (
                    <td key={f} className="pr-3 text-right font-mono">
                      {editing === p.id ? (
                        <input
                          aria-label={`${p.id} ${f}`}
                          value={draft[f] ?? String(shown[f])}
                          onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
                          className="w-16 rounded border border-neutral-300 bg-white px-1 text-right dark:border-neutral-600 dark:bg-neutral-900"
                        />
                      ) : (
                        shown[f]
                      )}
                    </td>
                  ))}
                  <td>
                    {editing === p.id ? (
                      <button
                        type="button"
                        onClick={() => {
                          const next: ModelPrice = {
                            ...shown,
                            id: p.id,
                            name: p.name,
                            ...Object.fromEntries(FIELDS.map((f) => [f, Number(draft[f] ?? shown[f]) || 0])),
                          };
                          onChange([...overrides.filter((x) => x.id !== p.id), next]);
                          setEditing(undefined);
                        }}
                        className="text-sky-700 hover:underline dark:text-sky-400"
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
                          className="text-sky-700 hover:underline dark:text-sky-400"
                        >
                          Override
                        </button>
                        {o ? (
                          <button type="button" onClick={() => onChange(overrides.filter((x) => x.id !== p.id))} className="text-neutral-500 hover:underline">
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
