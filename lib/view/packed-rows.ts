// Rows of flat records carried from the worker to the page as columns. A structured clone of an array of objects is
// rebuilt on the receiving thread an object and a property at a time (the Stats pane of a 2 GB trace: 56,000 model
// calls and 70,000 waterfall bars, 60-80 ms of the main thread in one task), where a typed array is copied as bytes
// and the rows are then made again in a few plain loops.

/** What a column holds: numbers, strings (a table of the distinct ones), booleans, or anything else as it is. */
export type PackedColumn =
  | { readonly key: string; readonly kind: 'number'; readonly values: Float64Array; readonly absent?: Uint8Array }
  | { readonly key: string; readonly kind: 'string'; readonly table: readonly string[]; readonly index: Uint32Array }
  | { readonly key: string; readonly kind: 'boolean'; readonly values: Uint8Array }
  | { readonly key: string; readonly kind: 'other'; readonly values: readonly unknown[]; readonly absent: Uint8Array };

/** `rows` as columns; `unpackRows` gives them back (a key a row does not have stays absent from it). */
export interface PackedRows<T> {
  readonly count: number;
  readonly columns: readonly PackedColumn[];
  /** Only for the type: what `unpackRows` returns. */
  readonly __row?: T;
}

/** The index of a string column's row without the key. */
const NO_STRING = 0xffffffff;
/** A boolean column's row without the key. */
const NO_BOOLEAN = 2;

type Kind = PackedColumn['kind'];

/** What kind of column a value fits, undefined for an absent one. */
function kindOf(v: unknown): Kind | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  return 'other';
}

/** The keys of the rows, in the order they are first met, each with the one kind its values share (else 'other'). */
function keysOf(rows: readonly object[]): Map<string, Kind | undefined> {
  const keys = new Map<string, Kind | undefined>();
  for (const row of rows)
    for (const [key, v] of Object.entries(row)) {
      const kind = kindOf(v);
      if (kind === undefined) {
        if (!keys.has(key)) keys.set(key, undefined);
        continue;
      }
      const was = keys.get(key);
      keys.set(key, was === undefined || was === kind ? kind : 'other');
    }
  return keys;
}

function packColumn(rows: readonly object[], key: string, kind: Kind): PackedColumn {
  const n = rows.length;
  const at = (i: number): unknown => (rows[i] as Record<string, unknown>)[key];
  if (kind === 'number') {
    const values = new Float64Array(n);
    let absent: Uint8Array | undefined;
    for (let i = 0; i < n; i++) {
      const v = at(i);
      if (typeof v === 'number') values[i] = v;
      else (absent ??= new Uint8Array(n))[i] = 1;
    }
    return absent ? { key, kind, values, absent } : { key, kind, values };
  }
  if (kind === 'string') {
    const table: string[] = [];
    const ids = new Map<string, number>();
    const index = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const v = at(i);
      if (typeof v !== 'string') {
        index[i] = NO_STRING;
        continue;
      }
      let id = ids.get(v);
      if (id === undefined) {
        id = table.length;
        ids.set(v, id);
        table.push(v);
      }
      index[i] = id;
    }
    return { key, kind, table, index };
  }
  if (kind === 'boolean') {
    const values = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const v = at(i);
      values[i] = typeof v === 'boolean' ? Number(v) : NO_BOOLEAN;
    }
    return { key, kind, values };
  }
  const values: unknown[] = new Array<unknown>(n);
  const absent = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = at(i);
    if (v === undefined) absent[i] = 1;
    else values[i] = v;
  }
  return { key, kind, values, absent };
}

/** Flat records as columns: numbers, strings and booleans in typed arrays, any other value as it is. */
export function packRows<T extends object>(rows: readonly T[]): PackedRows<T> {
  const columns: PackedColumn[] = [];
  for (const [key, kind] of keysOf(rows)) if (kind !== undefined) columns.push(packColumn(rows, key, kind));
  return { count: rows.length, columns };
}

const unpacked = new WeakMap<PackedRows<unknown>, unknown[]>();

/** `unpackRows`, once per packed list: the components that read the same list share its rows. */
export function rowsOf<T>(packed: PackedRows<T>): readonly T[] {
  let rows = unpacked.get(packed);
  if (!rows) {
    rows = unpackRows(packed);
    unpacked.set(packed, rows);
  }
  return rows as T[];
}

/** The rows `packRows` was given, equal key for key (a key whose value was undefined is left out). */
export function unpackRows<T>(packed: PackedRows<T>): T[] {
  const rows: Record<string, unknown>[] = new Array<Record<string, unknown>>(packed.count);
  unpackRange(packed, rows, 0, packed.count);
  return rows as T[];
}

/** Makes rows `[from, to)` of `packed` into `rows`. */
function unpackRange(packed: PackedRows<unknown>, rows: Record<string, unknown>[], from: number, to: number): void {
  for (let i = from; i < to; i++) rows[i] = {};
  // A column at a time: every row gets its keys in the same order, so the rows share one shape.
  for (const c of packed.columns) {
    const key = c.key;
    if (c.kind === 'number') {
      const { values, absent } = c;
      for (let i = from; i < to; i++)
        if (!absent || absent[i] === 0) (rows[i] as Record<string, unknown>)[key] = values[i];
    } else if (c.kind === 'string') {
      const { table, index } = c;
      for (let i = from; i < to; i++) {
        const id = index[i] ?? NO_STRING;
        if (id !== NO_STRING) (rows[i] as Record<string, unknown>)[key] = table[id];
      }
    } else if (c.kind === 'boolean') {
      const { values } = c;
      for (let i = from; i < to; i++) {
        const v = values[i];
        if (v !== NO_BOOLEAN) (rows[i] as Record<string, unknown>)[key] = v === 1;
      }
    } else {
      const { values, absent } = c;
      for (let i = from; i < to; i++) if (absent[i] === 0) (rows[i] as Record<string, unknown>)[key] = values[i];
    }
  }
}

/** Rows made a slice at a time by `unpackSlices`: each slice is one of the page's tasks. */
export const UNPACK_SLICE_ROWS = 4_000;

/**
 * Makes the rows of each list `rowsOf` will be asked for, `UNPACK_SLICE_ROWS` at a time, each slice in a task of its
 * own (`next` runs the rest later), so that the components that read them find them made: 56,000 model calls of a
 * 2 GB trace were one unpack of 40-60 ms in the task that drew the first chart. Calls `done` once all are made; the
 * function returned stops it.
 */
export function unpackSlices(
  lists: readonly PackedRows<unknown>[],
  next: (run: () => void) => void,
  done: () => void,
): () => void {
  let stopped = false;
  let list = 0;
  let at = 0;
  let rows: Record<string, unknown>[] = [];
  const step = (): void => {
    if (stopped) return;
    let budget = UNPACK_SLICE_ROWS;
    while (budget > 0 && list < lists.length) {
      const packed = lists[list] as PackedRows<unknown>;
      // Made meanwhile (`rowsOf` read it between two slices): the next list starts at its first row.
      if (unpacked.has(packed)) {
        list += 1;
        at = 0;
        continue;
      }
      if (at === 0) rows = new Array<Record<string, unknown>>(packed.count);
      const to = Math.min(packed.count, at + budget);
      unpackRange(packed, rows, at, to);
      budget -= to - at;
      at = to;
      if (at < packed.count) break;
      unpacked.set(packed, rows);
      list += 1;
      at = 0;
    }
    if (list < lists.length) next(step);
    else done();
  };
  step();
  return () => {
    stopped = true;
  };
}
