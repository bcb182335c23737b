// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelPrice } from '../../../lib/trace/pricing/pricing';
import { renderHook, type Rendered } from '../../../test/dom/render-hook';
import { usePrices, type Prices, type StoredPriceFile } from './usePrices';

// The prices kept in this browser, rendered in React against happy-dom's real localStorage: what is typed or loaded
// survives a reload, and only the trace's own models' prices go to the worker.

const price = (id: string, input: number): ModelPrice => ({
  id,
  name: id,
  input,
  cacheWrite5m: input * 1.25,
  cacheWrite1h: input * 2,
  cacheRead: input / 10,
  output: input * 5,
});
const file: StoredPriceFile = {
  name: 'litellm.json',
  asOf: '2026-11-01',
  models: [price('claude-sonnet-4-5', 3), price('claude-opus-4-1', 15), price('claude-haiku-4-5', 1)],
  skipped: 2,
};

let r: Rendered<readonly string[] | 'all', Prices> | undefined;
afterEach(async () => {
  await r?.unmount();
  r = undefined;
  localStorage.clear();
});

describe('usePrices', () => {
  it('uses the shipped table alone until something is typed or loaded', async () => {
    r = await renderHook(usePrices, ['claude-sonnet-4-5-20250929']);
    expect(r.result.current.local).toEqual({});
    expect(r.result.current.inUse).toBe(false);
  });

  it('keeps overrides and a price file across a reload of the page', async () => {
    r = await renderHook(usePrices, ['claude-sonnet-4-5']);
    const o = [price('claude-sonnet-4-5', 4)];
    await act(async () => {
      r?.result.current.setOverrides(o);
      expect(r?.result.current.setFile(file)).toBeUndefined();
    });
    await r.unmount();
    // A new page: the hook reads what was kept.
    r = await renderHook(usePrices, ['claude-sonnet-4-5']);
    expect(r.result.current.overrides).toEqual(o);
    expect(r.result.current.file).toEqual(file);
    expect(r.result.current.inUse).toBe(true);
  });

  it("sends the worker only the price file's models of the trace's model families, or all for the library", async () => {
    localStorage.setItem('loupe.priceFile', JSON.stringify(file));
    r = await renderHook(usePrices, ['claude-opus-4-1-20250805', 'us.anthropic.claude-haiku-4-5-v1:0']);
    expect(r.result.current.local.priceFile?.models.map((m) => m.id)).toEqual(['claude-opus-4-1', 'claude-haiku-4-5']);
    await r.rerender(['gpt-4o']);
    expect(r.result.current.local).toEqual({});
    expect(r.result.current.inUse).toBe(false);
    await r.rerender('all');
    expect(r.result.current.local.priceFile?.models).toHaveLength(3);
  });

  it('forgets a removed price file, and survives what it cannot read in storage', async () => {
    localStorage.setItem('loupe.priceFile', JSON.stringify(file));
    localStorage.setItem('loupe.priceOverrides', JSON.stringify([{ id: 'x' }, price('claude-sonnet-4-5', 9)]));
    r = await renderHook(usePrices, ['claude-sonnet-4-5']);
    // The malformed override is dropped, the well-formed one kept.
    expect(r.result.current.overrides.map((p) => p.input)).toEqual([9]);
    await act(async () => void r?.result.current.setFile(undefined));
    expect(localStorage.getItem('loupe.priceFile')).toBeNull();
    expect(r.result.current.local.priceFile).toBeUndefined();
    await r.unmount();
    localStorage.setItem('loupe.priceFile', '{not json');
    localStorage.setItem('loupe.priceOverrides', '"a string"');
    r = await renderHook(usePrices, ['claude-sonnet-4-5']);
    expect(r.result.current.file).toBeUndefined();
    expect(r.result.current.overrides).toEqual([]);
  });

  it("drops a stored price file's malformed models, keeping the others", async () => {
    const damaged = { ...file, models: [...file.models, { id: 'claude-opus-4-1', input: 'cheap' }, { name: 'x' }] };
    localStorage.setItem('loupe.priceFile', JSON.stringify(damaged));
    r = await renderHook(usePrices, 'all');
    expect(r.result.current.local.priceFile?.models.map((m) => m.id)).toEqual([
      'claude-sonnet-4-5',
      'claude-opus-4-1',
      'claude-haiku-4-5',
    ]);
    expect(r.result.current.local.priceFile?.models.every((m) => typeof m.input === 'number')).toBe(true);
  });
});
