// What a scan worker thread runs: the CLI bundle, loaded like the main thread loads it (with V8's code cache, see
// load.cjs). The bundle sees it runs in a worker started with the scan tag and serves scans (lib/cli/entry.ts).
'use strict';
require('./load.cjs').loadBundle();
