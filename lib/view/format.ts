// Numbers as the timeline, tables and CLI write them.

export const compactNumber = (n: number): string =>
  n >= 1e6
    ? `${(n / 1e6).toFixed(1)}M`
    : n >= 1e4
      ? `${Math.round(n / 1e3)}k`
      : n >= 1e3
        ? `${(n / 1e3).toFixed(1)}k`
        : String(n);

/**
 * `850 ms`, `42.1 s`, `9m 27s`, `1h 53m`. Each unit is rounded before it is shown, so a value never reads as the next
 * unit's worth (`1m 60s`, `60.0 s`, `1000 ms`); past an hour, minutes (a library's sessions last hours or days).
 */
export function formatDuration(ms: number): string {
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`;
  if (Math.round(ms / 100) < 600) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}
