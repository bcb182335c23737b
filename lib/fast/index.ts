// The stats fast path: a prefilter over raw bytes, the full model's accounting rules, and reports per session, day,
// project and model. Pure and isomorphic: Node runs it in worker_threads (lib/cli), a browser in Web Workers.
//
// Why there is more than one way to count, and what holds them equal:
// - the full model (lib/trace/model, the workbench): the reference; it keeps every event for the panes.
// - the lean builder (lib/engine/stats-builder.ts, plain `loupe stats`): the same model on events that keep only what
//   the totals read, so memory grows with the messages, not the lines; lib/cli/stats-lean.test.ts holds its report
//   equal to the full model's on every fixture, sample and made recording.
// - this fast path (`--by`, the library): reads only the lines that can carry usage (a fraction of the bare
//   JSON.parse floor: docs/performance.md); lib/fast/equivalence.test.ts holds its merge equal to the full model's, with the WebAssembly search and reader
//   and without them (the JavaScript ones stand in where WebAssembly SIMD is missing), at any chunk size.
export {
  FileScanner,
  scanBytes,
  PROMPT_WINDOW,
  SEARCH_PROMPT_CHARS,
  type FileScan,
  type ScanOptions,
  type PromptWindow,
  type ScannedPrompt,
} from './scan';
export { scanSource, scanDocument } from './source';
export { TAIL_BYTES, type SessionSummary } from '../trace/session-summary';
export { mergeScans, type Call, type Merged, type ScannedFile } from './merge';
export { fromTrace } from './from-trace';
export { projectOf, projectPath, projectPaths, homeShort, isProjectFolderOf } from '../trace/project';
export { buildReport, costJson, reportJson, sessionRows, sessionCells } from './report';
export { parseDay, dayOf } from './days';
export {
  GROUPS,
  type GroupBy,
  type ReportOptions,
  type StatsReport,
  type SessionRow,
  type DayRow,
  type ProjectRow,
  type ModelRow,
  type Row,
  type Totals,
  type Tokens,
  type DayCell,
} from './report-types';
export { librarySnapshot, searchSessions, searchTexts, ownerOf, type LibrarySnapshot } from './library';
export { dailySeries, OTHER, type DailySeries, type StackBy } from './daily';
export { searchBytes, type ByteSearch } from './search';
