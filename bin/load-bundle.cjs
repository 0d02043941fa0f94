"use strict";
// Loads a CommonJS bundle as require() would, but compiled with the V8 code cache that the build wrote
// beside it (`<bundle>.cache`, scripts/build.mjs): compiling the command's bundle and the functions run
// up to ready is about a fifth of the CPU of a start. The cache names the bundle's size and time of
// modification (a rebuilt bundle never takes an old cache; hashing it would cost more than reading it),
// and V8 itself rejects data from another Node version or other flags; without a usable cache the
// bundle is compiled as usual. The bundle must have no dynamic
// import() (built with it turned into require): code compiled by vm.Script has no module loader.

const { closeSync, fstatSync, openSync, readFileSync, readSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

/** Set by the build when it runs the command once to ready: the cache is then written at the ready line. */
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
  // Written at the ready line (the CLI emits "svc-emulator:ready" on process): the data then holds the
  // functions compiled on the way too, and is taken before bin/svc-emulator.cjs sets the heap flags
  // (data made under other flags is refused by V8).
  if (process.env[WRITE_ENV] === "1")
    process.prependOnceListener("svc-emulator:ready", () => writeFileSync(cacheFile, Buffer.concat([stamp, script.createCachedData()])));
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
