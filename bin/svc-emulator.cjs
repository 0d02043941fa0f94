#!/usr/bin/env node
// The svc-emulator command: the bundled CLI built by `npm install` (scripts/build.mjs), compiled with
// the code cache the build made for it (load-bundle.cjs).

// A signing key pair, started before anything else: making one takes 40 to 550 ms of one core, longer than a
// start. On the thread pool it runs on the second core while this thread loads and starts the emulator; the
// emulator's key ring takes it once (emulator/src/keys/key-pair.ts), and the first JWT waits for
// what is left of it. A pair never serves two emulators. Measured on an idle machine (bench/HISTORY.md, round 3):
// spawn to the first JWKS answer ~300 ms this way, 300 to 600 ms with the pair made after listen, and a
// low-priority worker thread cost 9 MiB of RSS at ready. When the stock of earlier starts holds a key
// (key-stock-process.cjs), the key ring takes that one and this start makes none: a pair made now would share a
// core with the first tokens' signatures. The stock is filled by a process of its own at the lowest priority,
// started here (the key ring then leaves the stock alone: FILLS_STOCK).
// The thread pool is made here in both cases, so that its threads sign at a lower priority (pool-priority.cjs).
if (process.argv.slice(2).includes("start")) {
  const crypto = require("node:crypto");
  const withLowPriorityPool = require("./pool-priority.cjs");
  const stock = require("./key-stock-process.cjs")();
  if (stock.hasKey) withLowPriorityPool(() => crypto.randomFill(Buffer.alloc(1), () => {}));
  else
    globalThis[Symbol.for("svc-emulator.firstKeyPair")] = withLowPriorityPool(
      () =>
        new Promise((done) =>
          crypto.generateKeyPair("rsa", { modulusLength: 2048 }, (err, publicKey, privateKey) => done(err ? undefined : { publicKey, privateKey })),
        ),
    );
  if (stock.filling) globalThis[Symbol.for("svc-emulator.fillsKeyStock")] = true;
}

require("./load-bundle.cjs")(require("node:path").join(__dirname, "..", "dist", "cli.cjs"), module);

// Heap sizing for a small, long-running server (bench/HISTORY.md "Memory"): the young generation stays at its
// size instead of growing to 32 MiB, and the old generation grows by 15 % after each full collection
// instead of V8's larger steps, so the promoted garbage of a token load is collected instead of kept as heap.
// Set once the ready line is out (the CLI emits "svc-emulator:ready" on process): set before the bundle
// is compiled, the small young generation cost start-up about 40 ms of scavenges (42 instead of 11).
// Not set in the build's run that writes the code cache (load-bundle.cjs): V8 refuses cached data made under
// other flags than a start's at compile time, and that run takes its data after ready.
if (process.env.SVC_EMULATOR_V8_DEFAULTS !== "1" && process.env.SVC_EMULATOR_WRITE_CODE_CACHE !== "1")
  process.once("svc-emulator:ready", () => require("node:v8").setFlagsFromString("--semi-space-growth-factor=1 --heap-growing-percent=15"));
