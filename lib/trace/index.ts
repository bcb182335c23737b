/** Loupe's trace engine: pure and isomorphic (browser worker, server, CLI). */
export { readLines, maybeGunzip, chunksOf, type LineRef, type RawLine, type ByteSource } from './lines';
export { parseBytes, detectDialect, normalizeLine, fileIdentity, type SourceInput, type SourceInfo, type ParseSink, type Dialect } from './parse';
export { ModelBuilder, buildModel } from './model/build';
export type * from './model/types';
export type * from './types';
export { computeStats, countedTurns, agentLabel, round6, type TraceStats, type TokenTotals, type Breakdown } from './stats';
export { costOf, priceFor, modelFamily, withOverrides, DEFAULT_PRICES, type PriceTable, type ModelPrice, type Cost } from './pricing/pricing';
export { DEFAULT_NORMALIZE, type NormalizeOptions } from './adapters/common';
