import type { Api, LoadSource, Method, RequestOf, ResultOf } from './protocol';
import { digestOf } from '../compare/digest';
import { localPriceTable } from '../trace/pricing/pricing';
import { blobInput } from './blob';
import { headDigest } from './head';
import { packStatsView } from '../view/stats-view';
import { startsLive } from './live';
import type { TraceSession } from './session';
import type { EngineInput } from './source';

/** One handler per method of the worker protocol: adding a method to `Api` without a handler does not compile. */
export type Handlers = { readonly [K in keyof Api]: (req: RequestOf<K>) => Promise<ResultOf<K>> };

/**
 * The worker protocol answered by a session. `open` turns what the page asked to load into inputs: that is the
 * host's I/O (Blobs, fetch), the rest is the engine's.
 */
export function sessionHandlers(
  session: TraceSession,
  open: (source: LoadSource) => Promise<readonly EngineInput[]>,
): Handlers {
  return {
    load: async ({ source, limits }) => {
      const inputs = await open(source);
      return session.load(inputs, {
        live: source.kind === 'handles' && startsLive(inputs, Date.now()),
        ...(limits ? { limits } : {}),
      });
    },
    reload: async ({ files }) =>
      (await session.reload(
        await Promise.all(files.map(async (f) => ({ path: f.path, input: await blobInput(f.path, f.file) }))),
      )) ?? null,
    rows: async ({ start, end }) => session.rows(start, end),
    view: async ({ view, ...prices }) => session.setView(view, prices),
    details: ({ seq, full, ...prices }) => session.details(seq, full === true, prices),
    raw: ({ seq }) => session.raw(seq),
    media: ({ seq, at }) => session.media(seq, at),
    diagnosticLine: ({ source, offset }) => session.diagnosticLine(source, offset),
    rowOf: async ({ seq, header }) => session.rowOf(seq, header),
    find: async ({ query }) => session.find(query),
    neighbor: async ({ row, dir }) => session.neighbor(row, dir),
    headerOf: async ({ row }) => session.headerOf(row),
    statsView: async (prices) => packStatsView(session.statsView(prices)),
    explain: async ({ query, ...prices }) => session.explain(query, prices),
    cost: async (prices) => session.cost(prices),
    shareScan: ({ options }) => session.shareScan(options),
    shareSeal: ({ kept, options, view, password, dropMedia }) =>
      session.shareSeal(kept, options, view, password, dropMedia === true),
    compare: async ({ name, ...prices }) => digestOf(session.trace(), name, localPriceTable(prices)),
    compareHead: async ({ source, name, ...prices }) =>
      (await headDigest(await open(source), name, localPriceTable(prices))) ?? null,
  };
}

/** Runs the handler of a method. */
export function handle<K extends Method>(handlers: Handlers, method: K, req: RequestOf<K>): Promise<ResultOf<K>> {
  const handler: Handlers[K] = handlers[method];
  return handler(req);
}
