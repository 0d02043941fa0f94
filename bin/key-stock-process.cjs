"use strict";
// The command's use of the stock of signing keys at start (emulator/src/keys/stock-maker.ts):
// whether this start needs a pair of its own, and the process that fills the stock.

const { spawn } = require("node:child_process");
const path = require("node:path");

/**
 * Looks at the stock and starts the process that fills it (bin/stock-maker.cjs, lowest priority, not waited
 * for, no pipe to this one): it replaces the key this start will take, or fills an empty stock. Returns
 * whether a stocked key waits for this start and whether that process was started (both false when the
 * stock is off, unusable or not built).
 */
module.exports = function lookAtStockAndStartFilling() {
  let stock;
  try {
    stock = require(path.join(__dirname, "..", "dist", "stock-maker.cjs")).stockAtStart();
  } catch {
    return { hasKey: false, filling: false };
  }
  if (!stock) return { hasKey: false, filling: false };
  let filling = false;
  try {
    const args = [path.join(__dirname, "stock-maker.cjs"), stock.dir, ...(stock.hasKey ? ["replace-one"] : [])];
    const child = spawn(process.execPath, args, { stdio: "ignore", windowsHide: true });
    child.on("error", () => {});
    child.unref();
    filling = child.pid !== undefined;
    if (filling) require("node:os").setPriority(child.pid, 19);
  } catch {
    // no process (or it ended already): the stock is a cache, the next start fills it
  }
  return { hasKey: stock.hasKey, filling };
};
