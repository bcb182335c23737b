import type { Trace } from '../trace/model/types';
import { formatCost, formatCostBound, formatUsd, unpricedNote } from '../trace/money';
import type { TraceStats } from '../trace/stats';
import type { ResponseRow, TurnRow } from '../trace/turns';
import { count, cutText, formatInt } from '../trace/text-order';
import { formatDuration } from '../view/rowview';

export const int = formatInt;
export const usd = (n: number | null): string => (n === null ? '—' : formatUsd(n));
export { count };

/** How many model calls the per-turn table shows before it says how many more there are (`--turns` shows all). */
export const TURN_TABLE_CAP = 50;

/** Columns line up: the `left` ones (text; by default the first) padded on the right, the rest (numbers) on the left. */
export function table(rows: readonly (readonly string[])[], left: readonly number[] = [0]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  const pad = (c: string, i: number): string =>
    left.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0);
  return rows.map((r) => r.map(pad).join('  ').trimEnd()).join('\n');
}

/**
 * `table`, narrowed to `width` columns of a terminal when it is wider: the columns in `drop` go first (in that order),
 * then the cells of column `shrink` (a text column: the first prompt) are cut, down to `SHRINK_MIN` characters, then
 * the columns in `last` go. Without a width (output piped to a file or a program), every column is kept whole.
 */
export function fitTable(
  rows: readonly (readonly string[])[],
  left: readonly number[],
  opts: {
    readonly width?: number;
    readonly drop?: readonly number[];
    readonly shrink?: number;
    readonly last?: readonly number[];
  } = {},
): string {
  const { width, drop = [], shrink, last = [] } = opts;
  if (width === undefined || width <= 0) return table(rows, left);
  const kept = new Set((rows[0] ?? []).map((_, i) => i));
  // Each column's width, measured once (a loop: a folder may hold more sessions than a call takes arguments).
  const widths = (rows[0] ?? []).map((_, i) => rows.reduce((w, r) => Math.max(w, (r[i] ?? '').length), 0));
  const widthOf = (): number => {
    let w = 0;
    for (const i of kept) w += (widths[i] ?? 0) + 2;
    return w - 2;
  };
  for (const i of drop) {
    if (widthOf() <= width) break;
    kept.delete(i);
  }
  // The shrunk column's width, once the columns in `last` that must go have gone.
  const wide = shrink === undefined ? 0 : (widths[shrink] ?? 0);
  const slack = shrink !== undefined && kept.has(shrink) ? Math.max(0, wide - SHRINK_MIN) : 0;
  for (const i of last) {
    if (widthOf() - slack <= width) break;
    kept.delete(i);
  }
  const over = widthOf() - width;
  const cutTo = shrink !== undefined && kept.has(shrink) && over > 0 ? Math.max(SHRINK_MIN, wide - over) : undefined;
  const cols = [...kept];
  const out = rows.map((r) =>
    cols.map((i) => {
      const c = r[i] ?? '';
      return i === shrink && cutTo !== undefined ? cutText(c, cutTo) : c;
    }),
  );
  return table(
    out,
    left.flatMap((i) => (kept.has(i) ? [cols.indexOf(i)] : [])),
  );
}

/**
 * A `label      text` line fitted to `width` columns: the words that do not fit go on to lines of their own, under
 * the text (a hanging indent of `indent`). `sep`: where the text may break (`'  '` between fields; kept at a line's
 * end without its spaces, as `;` or `,`); a part still too wide then breaks between words. Without a width (output
 * piped), the line as it is.
 */
export function wrapLine(line: string, width: number | undefined, indent = 11, sep = ' '): string {
  if (width === undefined || width <= 0 || line.length <= width) return line;
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let cur = line.slice(0, indent);
  let fresh = true;
  for (const part of line.slice(indent).split(sep)) {
    if (!fresh && cur.length + sep.length + part.length > width) {
      lines.push(cur + sep.trimEnd());
      cur = pad;
      fresh = true;
    }
    cur += fresh ? part : sep + part;
    fresh = false;
  }
  lines.push(cur);
  return sep === ' ' ? lines.join('\n') : lines.map((l) => wrapLine(l, width, indent)).join('\n');
}

/** `fitTable` to a terminal's `width` (none: the whole table), or '' when there are no rows under the header. */
function fitOrNone(
  rows: readonly (readonly string[])[],
  left: readonly number[],
  width: number | undefined,
  opts: Parameters<typeof fitTable>[2] = {},
): string {
  return rows.length > 1 ? fitTable(rows, left, width === undefined ? opts : { ...opts, width }) : '';
}

/** The per-model and per-agent tables' token breakdown (cache write, cache read, input, output), in the order it goes. */
const BREAKDOWN = [4, 5, 2, 3];

/** The narrowest a shrunk column gets. */
const SHRINK_MIN = 12;

/**
 * `850 ms`, `42.1 s`, `4m 5s`, `2h 3m`: the workbench's and the library's form and rounding (`formatDuration`), so a
 * session's duration reads the same in the CLI, the library and the workbench.
 */
export function duration(ms: number | undefined): string {
  return ms === undefined ? '—' : formatDuration(ms);
}

export interface TurnTables {
  /** Counted model calls, in trace order. */
  readonly turns: readonly TurnRow[];
  readonly responses: readonly ResponseRow[];
  /** Print every model call instead of the first `TURN_TABLE_CAP`. */
  readonly all?: boolean;
}

/**
 * Per response (how it ended, `num_turns` beside the calls counted), then per model call, capped unless `all`. In a
 * terminal narrower than a table, its least telling columns go first (see `fitTable`).
 */
export function formatTurnTables({ turns, responses, all = false }: TurnTables, width?: number): string {
  const resp = fitOrNone(
    [
      [
        'response',
        'ended by',
        'num_turns',
        'model calls',
        'main calls',
        'output',
        'cost',
        'reported',
        'duration',
        'result',
      ],
      ...responses.map((r) => [
        String(r.response + 1),
        r.end,
        r.numTurns !== undefined ? int(r.numTurns) : '—',
        int(r.modelCalls),
        int(r.mainModelCalls),
        r.lowerBound ? `≥ ${int(r.output)}` : int(r.output),
        formatCostBound(r.costUsd, r.unpricedModels, r.lowerBound),
        r.reportedUsd !== undefined ? usd(r.reportedUsd) : '—',
        duration(r.durationMs),
        r.resultSubtype !== undefined ? `${r.resultSubtype}${r.isError ? ' (is_error)' : ''}` : '—',
      ]),
    ],
    [1, 9],
    width,
    { drop: [4, 2, 7, 5], shrink: 9 },
  );
  const loose = outsideResponses(turns);
  const shown = all ? turns : turns.slice(0, TURN_TABLE_CAP);
  const calls = fitOrNone(
    [
      ['turn', 'resp', 'model', 'agent', 'in', 'out', 'cache w', 'cache r', 'cost', 'tools', 'duration', 'stop'],
      ...shown.map((t) => [
        String(t.turn + 1),
        t.response < 0 ? '—' : String(t.response + 1),
        t.model,
        t.agent,
        int(t.input),
        t.lowerBound ? `≥ ${int(t.output)}` : int(t.output),
        int(t.cacheWrite),
        int(t.cacheRead),
        t.priced ? formatCostBound(t.costUsd, [], t.lowerBound) : '—',
        int(t.toolCalls),
        duration(t.durationMs),
        t.stopReason,
      ]),
    ],
    [2, 3, 11],
    width,
    { drop: [6, 7], shrink: 3, last: [4, 1, 9, 5, 10] },
  );
  const more = turns.length - shown.length;
  const tail = more > 0 ? [`… ${count(more, 'more model call')} (use --turns or --json for all)`] : [];
  // A count of 0 says it all: no header with nothing under it.
  const section = (title: string, body: string): string[] => (body ? [title, body] : [title]);
  return [
    ...section(`per response (${int(responses.length)})`, resp),
    ...loose,
    '',
    ...section(`per model call (${int(turns.length)})`, calls),
    ...tail,
  ].join('\n');
}

/**
 * The model calls no response holds (a warm-up agent's, a subagent's or a compaction's that no line links to one), in
 * a line under the per-response table, so that its rows and this line add up to the totals. `resp` reads `—` for them.
 */
function outsideResponses(turns: readonly TurnRow[]): string[] {
  const loose = turns.filter((t) => t.response < 0);
  if (loose.length === 0) return [];
  const unpriced = [...new Set(loose.filter((t) => !t.priced).map((t) => t.model))].sort();
  const usdSum = loose.reduce((a, t) => a + (t.priced ? t.costUsd : 0), 0);
  const lowerBound = loose.some((t) => t.lowerBound) || undefined;
  const output = loose.reduce((a, t) => a + t.output, 0);
  return [
    `not in a response: ${count(loose.length, 'model call')}, output ${lowerBound ? '≥ ' : ''}${int(output)}, ` +
      `${formatCostBound(usdSum, unpriced, lowerBound)} (resp — below)`,
  ];
}

/**
 * The rows booked from result frames (in the totals and tables above): what, from which line and why. A call whose
 * output is a placeholder shows it as a lower bound (`≥ 4`) in the per-call table.
 */
function reconciledLines(trace: Trace, s: TraceStats, width?: number): string {
  if (s.reconciled.length === 0) return '';
  const lines = [`reconciled with the result frame (${count(s.reconciled.length, 'row')}, in the totals above)`];
  for (const r of s.reconciled) {
    const e = trace.events[r.resultSeq];
    const where = `${trace.sources[e?.source ?? -1]?.name ?? '?'}:${e?.line ?? '?'}`;
    const t = r.tokens;
    const tokens = [
      `input ${int(t.input)}`,
      `output ${int(t.output)}`,
      `cache write ${int(t.cacheCreation)}`,
      `cache read ${int(t.cacheRead)}`,
    ].join('  ');
    lines.push(
      wrapLine(
        `  ${r.model} · ${r.agentLabel}  ${tokens}  ${r.priced ? usd(r.costUsd) : '— (no price)'}`,
        width,
        4,
        '  ',
      ),
    );
    const why =
      r.calls > 0
        ? `${count(r.placeholders, 'call')} of ${r.calls} carried placeholder usage`
        : "no loaded line shows a call of it; booked as the session's lines carried placeholder usage";
    lines.push(wrapLine(`    ${r.text}; ${why} (${where})`, width, 4, ' '));
  }
  return lines.join('\n');
}

/**
 * The readable form of `loupe stats`. `width`: a terminal's columns, which each line is fitted to: a long line breaks
 * between its fields onto lines under its text, and the tables lose their least telling columns first (`fitTable`).
 */
export function formatStatsTable(trace: Trace, s: TraceStats, turnTables?: TurnTables, width?: number): string {
  const t = s.tokens;
  const tokens = (split: string): string =>
    `tokens     input ${int(t.input)}  output ${int(t.output)}  cache write ${int(t.cacheCreation)}${split}  cache read ${int(t.cacheRead)}`;
  const allTokens = tokens(` (5m ${int(t.cache5m)}, 1h ${int(t.cache1h)})`);
  const head = [
    wrapLine(
      `lines      ${int(s.lines.total)} (${int(s.lines.invalid)} invalid, ${int(s.lines.blank)} blank) in ${count(trace.sources.length - s.lines.sidecars, 'file')}${s.lines.sidecars > 0 ? `; ${count(s.lines.sidecars, '.meta.json sidecar')} attached to their subagents, not counted as lines` : ''}`,
      width,
    ),
    wrapLine(
      `model calls ${int(s.apiMessages)}   results ${int(s.results)}   tool calls ${int(s.toolCalls.requested)} (${int(s.toolCalls.withResult)} answered, ${int(s.toolCalls.errored)} errored, ${int(s.toolCalls.denied)} denied)`,
      width,
      11,
      '   ',
    ),
    // In a narrow terminal the cache write's split by lifetime goes first; what is still too wide breaks between fields.
    wrapLine(width === undefined || allTokens.length <= width ? allTokens : tokens(''), width, 11, '  '),
    wrapLine(
      `cost       computed ${formatCost(s.cost.computedUsd, s.cost.unpricedModels)}   reported ${usd(s.cost.reportedUsd)}${s.cost.unpricedModels.length ? `   ${unpricedNote(s.cost.unpricedModels)} (—: unknown; ≥: the priced part; --prices FILE adds prices)` : ''}`,
      width,
      11,
      '   ',
    ),
    // The span the workbench shows beside cost and tokens; a trace of one instant has none.
    `duration   ${s.durationMs === undefined ? '— (fewer than two distinct timestamps)' : duration(s.durationMs)}`,
    wrapLine(`prices     ${s.cost.priceTable.source}, as of ${s.cost.priceTable.asOf}`, width),
  ];
  // Per model and per agent: the token breakdown goes first (cache write, cache read, input, output), as in `--by`.
  const breakdown = (label: string, rows: typeof s.byModel, cost: (b: (typeof s.byModel)[number]) => string) =>
    fitOrNone(
      [
        [label, 'calls', 'input', 'output', 'cache write', 'cache read', 'cost'],
        ...rows.map((b) => [
          b.label,
          int(b.apiMessages),
          int(b.tokens.input),
          int(b.tokens.output),
          int(b.tokens.cacheCreation),
          int(b.tokens.cacheRead),
          cost(b),
        ]),
      ],
      [0],
      width,
      { drop: BREAKDOWN, shrink: 0 },
    );
  const models = breakdown('model', s.byModel, (b) => formatCost(b.costUsd, b.unpricedModels));
  const agents = breakdown('agent', s.byAgent, (b) => formatCost(b.costUsd, b.unpricedModels));
  const reconciled = reconciledLines(trace, s, width);
  // No model call: the header's `model calls 0` says it, with no empty per-model and per-agent tables under it.
  return [
    ...head,
    ...[models, agents, reconciled].flatMap((t) => (t ? ['', t] : [])),
    ...(turnTables ? ['', formatTurnTables(turnTables, width)] : []),
  ].join('\n');
}
