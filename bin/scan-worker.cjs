// What a scan worker thread runs: the CLI bundle, loaded like the main thread loads it (with V8's code cache, see
// load.cjs), then serves the scans the worker was started with (`serveScans`, lib/cli/entry.ts).
'use strict';
void require('./load.cjs').loadBundle().serveScans();
