#!/usr/bin/env node
// The svc-emulator command: the bundled CLI built by `npm install` (scripts/build.mjs), compiled with
// the code cache the build made for it (load-bundle.cjs).

// The first signing key pair, started before anything else: making one takes 100 to 800 ms of one core here,
// longer than a start. It is made in a worker thread that lowers its own priority first (on Linux the nice
// value is per thread): on an idle second core it is done by ready, and on a busy machine it yields to this
// thread instead of delaying ready (made on the thread pool at normal priority, it did: spawn to ready 368 ->
// 570 ms at load 5). The emulator's key ring takes it once (emulator/src/domain/signing-key/key-pair.ts). A new
// pair for every start: none is kept or shipped. Elsewhere a process's priority is the whole process's: no nice.
if (process.argv.slice(2).includes("start"))
  globalThis[Symbol.for("svc-emulator.firstKeyPair")] = new Promise((done) => {
    const nice = process.platform === "linux" ? 'try { require("node:os").setPriority(19); } catch {}' : "";
    const make = 'require("node:worker_threads").parentPort.postMessage(require("node:crypto").generateKeyPairSync("rsa", { modulusLength: 2048 }));';
    const worker = new (require("node:worker_threads").Worker)(nice + make, { eval: true });
    worker.unref();
    worker.once("message", (pair) => (done(pair), worker.terminate()));
    worker.once("error", () => done(undefined));
  });

require("./load-bundle.cjs")(require("node:path").join(__dirname, "..", "dist", "cli.cjs"), module);

// Heap sizing for a small, long-running server (bench/README.md "Memory"): the young generation stays at its
// size instead of growing to 32 MiB, and the old generation grows by 15 % after each full collection
// instead of V8's larger steps, so the promoted garbage of a token load is collected instead of kept as heap.
// Set once the ready line is out (the CLI emits "svc-emulator:ready" on process): set before the bundle
// is compiled, the small young generation cost start-up about 40 ms of scavenges (42 instead of 11).
// The code cache, taken under the flags of compile time, is written by the build before this runs.
if (process.env.SVC_EMULATOR_V8_DEFAULTS !== "1")
  process.once("svc-emulator:ready", () => require("node:v8").setFlagsFromString("--semi-space-growth-factor=1 --heap-growing-percent=15"));
