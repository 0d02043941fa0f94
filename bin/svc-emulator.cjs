#!/usr/bin/env node
// The svc-emulator command: the bundled CLI built by `npm install` (scripts/build.mjs), compiled with
// the code cache the build made for it (load-bundle.cjs).

require("./load-bundle.cjs")(require("node:path").join(__dirname, "..", "dist", "cli.cjs"), module);

// Heap sizing for a small, long-running server (bench/README.md "Memory"): the young generation stays at its
// size instead of growing to 32 MiB, and the old generation grows by 15 % after each full collection
// instead of V8's larger steps, so the promoted garbage of a token load is collected instead of kept as heap.
// Set once the ready line is out (the CLI emits "svc-emulator:ready" on process): set before the bundle
// is compiled, the small young generation cost start-up about 40 ms of scavenges (42 instead of 11).
// The code cache, taken under the flags of compile time, is written by the build before this runs.
if (process.env.SVC_EMULATOR_V8_DEFAULTS !== "1")
  process.once("svc-emulator:ready", () => require("node:v8").setFlagsFromString("--semi-space-growth-factor=1 --heap-growing-percent=15"));
