/** Loupe's engine: the one load loop and the session the workbench asks. Pure; hosts bring I/O (Blobs, files). */
export { loadSources, loadTrace, orderInputs, type LoadHooks, type LoadProgress, type LoadedSources } from './load';
export { memorySource, memoryKeeper, memoryText, type ByteKeeper, type EngineInput, type SourceText } from './source';
export { blobInput, blobKeeper, blobText, blobChunks } from './blob';
export { TraceSession, type SessionHooks } from './session';
export { sessionHandlers, handle, type Handlers } from './handlers';
