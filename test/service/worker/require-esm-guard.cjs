'use strict';
// Preloaded (--require) into a process and, through the inherited execArgv, into its worker
// threads: reports on stderr every require() that lands on an ES module (Node's require(esm)
// path), then lets it proceed, so a test can assert that path is never taken. Node 20 sends
// every extension it has no handler for (.mjs, .cjs) through the '.js' handler.
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { threadId } = require('node:worker_threads');

function isEsm(filename) {
  if (filename.endsWith('.mjs')) return true;
  if (!filename.endsWith('.js')) return false;
  // A .js file is an ES module when the nearest package.json says "type": "module".
  for (let dir = path.dirname(filename); ; dir = path.dirname(dir)) {
    const pj = path.join(dir, 'package.json');
    if (fs.existsSync(pj)) {
      try { return JSON.parse(fs.readFileSync(pj, 'utf8')).type === 'module'; } catch { return false; }
    }
    if (path.dirname(dir) === dir) return false;
  }
}

const js = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  if (isEsm(filename)) process._rawDebug(`require(esm) in thread ${threadId}: ${filename}`);
  return js.call(this, module, filename);
};
