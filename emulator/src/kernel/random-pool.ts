// Random bytes for values made on every request (token values, IVs): drawn from the same CSPRNG as
// crypto.randomBytes, but filled 4 KiB at a time, so a token costs no getrandom call of its own.
// Bytes handed out are never handed out again.

import { randomFillSync } from "node:crypto";

const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

/** `size` fresh random bytes (a copy, at most POOL_SIZE). */
export function randomPooled(size: number): Buffer {
  if (size > POOL_SIZE) throw new RangeError(`at most ${POOL_SIZE} pooled random bytes at once`);
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size); // what was handed out does not stay readable in the pool
  offset += size;
  return out;
}
