// Sizes in words and back: how limits are printed and how the CLI's flags and the page's URL give them.

/** 1.5 MiB, 64 MiB, 2.1 GiB: sizes in words, in the binary units the limits are set in. */
export function bytesText(n: number): string {
  const units: [number, string][] = [
    [1024 ** 4, 'TiB'],
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) if (n >= size) return `${Number((n / size).toFixed(1))} ${unit}`;
  return `${n} bytes`;
}

/**
 * Reads a size: a whole number of bytes, or one with a unit (`64MB`, `8G`, `512k`; binary multiples, as
 * `bytesText` prints them). Undefined when it is not one.
 */
export function parseByteSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? '').toLowerCase();
  const scale =
    unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : unit === 't' ? 1024 * 1024 ** 3 : 1;
  const n = Math.floor(Number(m[1]) * scale);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
