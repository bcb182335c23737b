// Server-only module: import it from route handlers (app/api/**) and tests, never from components or lib/trace.
// (The `server-only` package is not installed; the rule is kept by convention and by where this folder is imported.)
//
// The share store: the interface and helpers (trace-store.ts), the default SQLite store on this server
// (sqlite-store.ts) and the S3-compatible store for a fleet (s3-store.ts). Which one runs is LOUPE_STORE's choice
// (store-instance.ts); the route handlers only talk to the `TraceStore` interface.

export * from './trace-store';
export { DB_FILE_NAME, SqliteTraceStore, defaultDataDir, type SqliteTraceStoreOptions } from './sqlite-store';
export { s3ClientFromEnv } from './s3-bucket';
export { S3TraceStore, s3StoreFromEnv, type S3TraceStoreOptions } from './s3-store';
