// Loads the compiled CLI (dist/loupe.cjs, bundled by scripts/build-cli.mjs) with V8's code cache for it
// (dist/loupe.cjs.cache) where there is one: compiling the bundle is most of Loupe's own start-up time, and Node 20
// takes a code cache only for a script, not for an ES module. V8 checks the cache and ignores one that does not fit.
// CommonJS: a scan worker (bin/scan-worker.cjs) loads it too, and a worker that starts from an ES module starts
// Node's ES module loader first.
'use strict';
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const BUNDLE = path.join(__dirname, '../dist/loupe.cjs');
const CACHE = `${BUNDLE}.cache`;

function readCache() {
  try {
    return readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

/** The bundle's exports (`main`, and `serveScans` for a scan worker), and the script it was compiled as (to make a code cache from). */
function loadBundle({ cache = true } = {}) {
  const cachedData = cache ? readCache() : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(BUNDLE, 'utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: BUNDLE, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, path.dirname(BUNDLE));
  return { main: module.exports.main, serveScans: module.exports.serveScans, script };
}

module.exports = { BUNDLE, CACHE, loadBundle };
