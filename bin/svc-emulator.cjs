#!/usr/bin/env node
// The svc-emulator command: the bundled CLI built by `npm install` (scripts/build.mjs), compiled with
// the code cache the build made for it (load-bundle.cjs).

// Heap sizing for a small, long-running server (bench/README.md "Memory"): the young generation stays at its
// first size instead of growing to 32 MiB, and the old generation grows by 15 % after each full collection
// instead of V8's larger steps, so the promoted garbage of a token load is collected instead of kept as heap.
// Set before the bundle is compiled: the code cache is only taken under the flags it was made with.
if (process.env.SVC_EMULATOR_V8_DEFAULTS !== "1") require("node:v8").setFlagsFromString("--semi-space-growth-factor=1 --heap-growing-percent=15");
require("./load-bundle.cjs")(require("node:path").join(__dirname, "..", "dist", "cli.cjs"), module);
