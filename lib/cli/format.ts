import type { Trace } from '../trace/model/types';
import type { TraceStats } from '../trace/stats';

const int = (n: number): string => n.toLocaleString('en-US');
const usd = (n: number | null): string => (n === null ? '—' : `$${n < 0.01 && n > 0 ? n.toFixed(6) : n.toFixed(4)}`);

function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

/** The readable form of `loupe stats`. */
export function formatStatsTable(trace: Trace, s: TraceStats): string {
  const t = s.tokens;
  const head = [
    `lines      ${int(s.lines.total)} (${int(s.lines.invalid)} invalid, ${int(s.lines.blank)} blank) in ${trace.sources.length} file(s)`,
    `model calls ${int(s.apiMessages)}   results ${int(s.results)}   tool calls ${int(s.toolCalls.requested)} (${int(s.toolCalls.withResult)} answered, ${int(s.toolCalls.errored)} errored, ${int(s.toolCalls.denied)} denied)`,
    `tokens     input ${int(t.input)}  output ${int(t.output)}  cache write ${int(t.cacheCreation)} (5m ${int(t.cache5m)}, 1h ${int(t.cache1h)})  cache read ${int(t.cacheRead)}`,
    `cost       computed ${usd(s.cost.computedUsd)}   reported ${usd(s.cost.reportedUsd)}${s.cost.unpricedModels.length ? `   unpriced: ${s.cost.unpricedModels.join(', ')}` : ''}`,
    `prices     ${s.cost.priceTable.source}, as of ${s.cost.priceTable.asOf}`,
  ];
  const models = table([
    ['model', 'calls', 'input', 'output', 'cache write', 'cache read', 'cost'],
    ...s.byModel.map((b) => [b.label, int(b.apiMessages), int(b.tokens.input), int(b.tokens.output), int(b.tokens.cacheCreation), int(b.tokens.cacheRead), b.priced ? usd(b.costUsd) : 'unpriced']),
  ]);
  const agents = table([
    ['agent', 'calls', 'input', 'output', 'cache write', 'cache read', 'cost'],
    ...s.byAgent.map((b) => [b.label, int(b.apiMessages), int(b.tokens.input), int(b.tokens.output), int(b.tokens.cacheCreation), int(b.tokens.cacheRead), usd(b.costUsd)]),
  ]);
  return [...head, '', models, '', agents].join('\n');
}
