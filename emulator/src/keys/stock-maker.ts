// The command's side of the stock of signing keys (key-stock.ts), built on its own into
// dist/stock-maker.cjs so that bin/ can use it without loading the emulator. Before the bundle loads,
// bin/svc-emulator.cjs asks whether a stocked key waits (then it begins no pair of its own: the key ring
// takes that key) and starts bin/stock-maker.cjs, a process of its own at the lowest priority that
// fills the stock. Made there, a pair never shares a core with the emulator's signatures at their
// priority, and a start that ends at once still leaves the stock full for the next (made on the
// emulator's thread pool, the pair of a start that ended first was lost, and bursts of short starts
// emptied the stock).

import { generateKeyPairSync } from "node:crypto";
import { KeyStock, STOCK_SIZE, keyStockFolder } from "./key-stock.js";

/** Where the command's start finds the stock (undefined: none to use), and whether it holds a key now. */
export function stockAtStart(env: NodeJS.ProcessEnv = process.env): { dir: string; hasKey: boolean } | undefined {
  const stock = KeyStock.open(keyStockFolder(env));
  return stock && { dir: stock.dir, hasKey: stock.count() > 0 };
}

/**
 * Makes pairs into the stock in `dir` until it is full; with `replaceOne`, the first pair is stored even
 * into a full stock (it replaces the key the start that asked is taking). A folder that is gone or not
 * to be trusted is left alone, never made; a store that fails ends it. Returns how many pairs were stored.
 */
export function fillStock(dir: string, replaceOne = false): number {
  const stock = KeyStock.open(dir, false);
  let stored = 0;
  while (stock && stored <= STOCK_SIZE && ((replaceOne && stored === 0) || stock.low())) {
    const before = stock.count();
    stock.store(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey, replaceOne && stored === 0);
    if (stock.count() <= before) break;
    stored++;
  }
  return stored;
}
