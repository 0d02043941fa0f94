"use strict";
// Fills the stock of signing keys in the folder given as the first argument
// (emulator/src/keys/stock-maker.ts), at the lowest priority; `replace-one` as the second stores one pair even
// into a full stock. Started by the command (key-stock-process.cjs) as a process of its own, which
// finishes the pair it is making even when the emulator that started it has ended.

try {
  require("node:os").setPriority(19);
} catch {
  // a system that refuses: the pairs are made at the priority the process was given
}
const [dir, mode] = process.argv.slice(2);
if (dir) require("../dist/stock-maker.cjs").fillStock(dir, mode === "replace-one");
