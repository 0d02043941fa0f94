"use strict";
// Loads a CommonJS bundle as require() would, but compiled with the V8 code cache that the build wrote
// beside it (`<bundle>.cache`, scripts/code-cache.mjs): compiling the command's bundle and the functions
// run up to ready is about a fifth of the CPU of a start, and without it the first request of each kind
// after ready compiles its code. The cache names the bundle's size and time of modification (a rebuilt
// bundle never takes an old cache; hashing it would cost more than reading it), and V8 itself rejects
// data from another Node version or other flags; without a usable cache the bundle is compiled as usual.
// The bundle must have no dynamic import() (built with it turned into require): code compiled by
// vm.Script has no module loader.

const { closeSync, fstatSync, openSync, readFileSync, readSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

/** Set by the build when it runs the command once to write the cache (scripts/code-cache.mjs). */
const WRITE_ENV = "SVC_EMULATOR_WRITE_CODE_CACHE";
/** The bundle inside the CommonJS function wrapper, read into one buffer and decoded once: wrapping the
 * file's text as a string would leave two more copies of it (3 MB each) in the heap at ready. */
function readWrapped(file) {
  const [head, tail] = Module.wrapper.map((part) => Buffer.from(part));
  const fd = openSync(file, "r");
  try {
    const { size, mtimeMs } = fstatSync(fd);
    const bytes = Buffer.allocUnsafeSlow(head.length + size + tail.length);
    head.copy(bytes, 0);
    let read = 0;
    while (read < size) read += readSync(fd, bytes, head.length + read, size - read, read);
    tail.copy(bytes, head.length + size);
    // The first line of the cache file: which bundle the data was made for.
    return { source: bytes.toString("utf8"), stamp: Buffer.from(`${size} ${mtimeMs}\n`) };
  } finally {
    closeSync(fd);
  }
}

function readCache(cacheFile, stamp) {
  try {
    const data = readFileSync(cacheFile);
    return data.subarray(0, stamp.length).equals(stamp) ? data.subarray(stamp.length) : undefined;
  } catch {
    return undefined;
  }
}

module.exports = function loadBundle(file, parent) {
  const { source, stamp } = readWrapped(file);
  const cacheFile = `${file}.cache`;
  const script = new vm.Script(source, { filename: file, cachedData: readCache(cacheFile, stamp) });
  if (process.env[WRITE_ENV] === "1") {
    // The data holds every function compiled so far, so it is taken as late as the build's run allows: on
    // SIGTERM, which the build sends once that run has served the hot paths after ready (discovery, key
    // set, tokens, introspection, a resource API request: scripts/code-cache.mjs), so a normal start's
    // first requests run bytecode from the cache instead of compiling it. The listener goes in at the
    // ready line, in front of the CLI's own (which closes the emulator): a SIGTERM before ready still
    // ends the process. On Windows a signal ends the process at once, so the data is taken at the ready
    // line there. bin/svc-emulator.cjs leaves V8's flags as they were at compile time in this mode (data
    // made under other flags is refused by V8).
    const write = () => writeFileSync(cacheFile, Buffer.concat([stamp, script.createCachedData()]));
    process.prependOnceListener("svc-emulator:ready", () => (process.platform === "win32" ? write() : process.prependOnceListener("SIGTERM", write)));
  }
  const mod = new Module(file, parent);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = mod;
  const req = (id) => mod.require(id);
  req.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  req.cache = Module._cache;
  req.main = require.main;
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, file, path.dirname(file));
  mod.loaded = true;
  return mod.exports;
};
