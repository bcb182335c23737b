import { formatCents } from './text-order';

/**
 * A dollar amount as Loupe shows it everywhere (toolbar, tables, Explain, tooltips, CLI): enough precision to audit.
 * From a dollar up, cents ($6.21, $1,234.57); under a dollar, three significant digits ($0.0114, $0.17, $0.00858),
 * with trailing zeros dropped down to cents ($0.10, never $0.008580).
 */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return usd > 0 ? '$∞' : usd < 0 ? '-$∞' : '$?';
  const sign = usd < 0 ? '-' : '';
  const abs = Math.abs(usd);
  if (abs === 0) return '$0.00';
  if (abs >= 0.9995) return `${sign}$${formatCents(abs)}`;
  // Three significant digits: as many decimals as put the third one in place (0.0114 → 4, 0.17 → 3).
  const decimals = Math.min(20, 2 - Math.floor(Math.log10(abs)));
  const fixed = abs.toFixed(decimals);
  const [whole = '0', frac = ''] = fixed.split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(2, '0');
  return `${sign}$${whole}.${trimmed}`;
}

/**
 * A computed cost that may leave out calls of unpriced models: `$x` when every call is priced, `≥ $x` (the priced
 * part) when some are, `—` when none is. An unknown price is unknown, never $0.
 */
export function formatCost(usd: number, unpriced: readonly string[]): string {
  if (unpriced.length === 0) return formatUsd(usd);
  return usd > 0 ? `≥ ${formatUsd(usd)}` : '—';
}

/**
 * A cost that may also be a lower bound (a call whose output is a placeholder, `TurnRow.lowerBound`): `≥ $x` when
 * priced, else as `formatCost` (an unpriced part already reads `≥ $x` or `—`).
 */
export function formatCostBound(usd: number, unpriced: readonly string[], lowerBound: boolean | undefined): string {
  const cost = formatCost(usd, unpriced);
  return lowerBound === true && unpriced.length === 0 ? `≥ ${cost}` : cost;
}

/** Why a cost reads `—` or `≥ $x`, in words (a tooltip, a CLI note): the models with no price, named. */
export function unpricedNote(unpriced: readonly string[]): string {
  return `no price for ${unpriced.join(', ')}: ${unpriced.length === 1 ? 'its calls are' : 'their calls are'} not in this cost`;
}
