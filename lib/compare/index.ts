/** Two runs compared: digests of loaded traces, aligned response by response and call by call. Pure and isomorphic. */
export {
  digestOf,
  type RunDigest,
  type ResponseDigest,
  type CallDigest,
  type CallOutcome,
  type VerdictDigest,
} from './digest';
export {
  compareRuns,
  differences,
  alignKeys,
  type Comparison,
  type ResponsePair,
  type CallPair,
  type Mark,
  type Divergence,
} from './align';
export { deltaOf, emptyMetrics, tokensOf, type Metrics, type MetricsDelta } from './metrics';
export { signatureOf, inputText, hash53 } from './signature';
export {
  compareRows,
  markOf,
  rowKey,
  rowOfKey,
  differenceRows,
  stepDifference,
  firstDivergenceRow,
  type CompareRow,
} from './rows';
export { textDiff, effectText } from './text-diff';
