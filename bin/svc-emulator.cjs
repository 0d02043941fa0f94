#!/usr/bin/env node
// The svc-emulator command: the bundled CLI built by `npm install` (scripts/build.mjs).
require("../dist/cli.cjs");
