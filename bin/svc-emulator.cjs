#!/usr/bin/env node
// The svc-emulator command: the bundled CLI built by `npm install` (scripts/build.mjs), compiled with
// the code cache the build made for it (load-bundle.cjs).
require("./load-bundle.cjs")(require("node:path").join(__dirname, "..", "dist", "cli.cjs"), module);
