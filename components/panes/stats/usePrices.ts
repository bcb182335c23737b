'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { modelFamily, type ModelPrice } from '../../../lib/trace/pricing/pricing';
import type { LocalPrices } from '../../../lib/engine/protocol';

// Prices kept in this browser (localStorage): the overrides typed in the Stats pane, and a loaded price file's models
// (LiteLLM's shape, read by `readPriceFile`). Nothing leaves the browser but the prices of the trace's own models,
// which go to the trace worker.

const OVERRIDES_KEY = 'loupe.priceOverrides';
const FILE_KEY = 'loupe.priceFile';

/** A price file as kept: its name, date and the model families it prices. */
export interface StoredPriceFile {
  readonly name: string;
  readonly asOf: string;
  readonly models: readonly ModelPrice[];
  readonly skipped: number;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isPrice = (x: unknown): x is ModelPrice =>
  isRecord(x) && typeof x['id'] === 'string' && typeof x['input'] === 'number' && typeof x['output'] === 'number';

function readStored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function fileOf(raw: unknown): StoredPriceFile | undefined {
  if (
    !isRecord(raw) ||
    typeof raw['name'] !== 'string' ||
    typeof raw['asOf'] !== 'string' ||
    !Array.isArray(raw['models'])
  )
    return undefined;
  const models: unknown[] = raw['models'];
  return {
    name: raw['name'],
    asOf: raw['asOf'],
    models: models.filter(isPrice),
    skipped: typeof raw['skipped'] === 'number' ? raw['skipped'] : 0,
  };
}

/** Writes a key, saying (rather than throwing) when the browser refuses: a full or disabled storage. */
function store(key: string, value: unknown): string | undefined {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return undefined;
  } catch (err) {
    return `could not keep it in this browser (${err instanceof Error ? err.message : String(err)}); it applies until the page is closed`;
  }
}

export interface Prices {
  readonly overrides: readonly ModelPrice[];
  readonly setOverrides: (o: readonly ModelPrice[]) => void;
  readonly file: StoredPriceFile | undefined;
  readonly setFile: (f: StoredPriceFile | undefined) => string | undefined;
  /** What the worker prices with: the overrides, and the file's prices for the trace's model families only. */
  readonly local: LocalPrices;
  /** Whether any local price is in use (else the shipped table prices alone). */
  readonly inUse: boolean;
}

/**
 * The local prices for a trace whose models are `models` (the summary's); `'all'` sends the price file's every model
 * (the library, whose sessions' models are known only in its worker).
 */
export function usePrices(models: readonly string[] | 'all'): Prices {
  const [overrides, setOverridesState] = useState<readonly ModelPrice[]>([]);
  const [file, setFileState] = useState<StoredPriceFile | undefined>();
  useEffect(() => {
    const o = readStored(OVERRIDES_KEY);
    setOverridesState(Array.isArray(o) ? o.filter(isPrice) : []);
    setFileState(fileOf(readStored(FILE_KEY)));
  }, []);
  const setOverrides = useCallback((o: readonly ModelPrice[]) => {
    setOverridesState(o);
    store(OVERRIDES_KEY, o);
  }, []);
  const setFile = useCallback((f: StoredPriceFile | undefined) => {
    setFileState(f);
    return store(FILE_KEY, f);
  }, []);
  const local = useMemo((): LocalPrices => {
    const families = models === 'all' ? undefined : new Set(models.map(modelFamily));
    const used = file?.models.filter((m) => families === undefined || families.has(m.id)) ?? [];
    return {
      ...(overrides.length > 0 ? { overrides } : {}),
      ...(file && used.length > 0 ? { priceFile: { name: file.name, models: used } } : {}),
    };
  }, [models, overrides, file]);
  return {
    overrides,
    setOverrides,
    file,
    setFile,
    local,
    inUse: local.overrides !== undefined || local.priceFile !== undefined,
  };
}
