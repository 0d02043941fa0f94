// Files the emulator must never leave half written (the seed image, snapshots, a restored database):
// written to a temporary name beside the target, flushed to disk, then renamed over it. A rename
// within one directory is atomic, so a reader (or a restart after a crash) sees the old file or the
// new one, never a mix.

import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

/** Writes `data` to `file` atomically; `beforeRename` runs between the flush and the rename. */
export function writeFileAtomic(file: string, data: Uint8Array, beforeRename?: () => void): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, "w");
  try {
    for (let off = 0; off < data.length; ) off += writeSync(fd, data, off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    beforeRename?.();
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(dirname(file));
}

/** The temporary name writeFileAtomic gives a file while it is written (`<target>.<pid>.tmp`). */
const TEMP_NAME = /\.\d+\.tmp$/;

/**
 * Removes, from `dir` (not its subfolders), the temporary files a killed writer left behind. Only for
 * a dir this process owns (the data dir under its lock): another writer's file could be in flight.
 * Answers the names removed.
 */
export function removeLeftTempFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // no such dir yet
  }
  const left = names.filter((n) => TEMP_NAME.test(n));
  for (const n of left) rmSync(join(dir, n), { force: true });
  return left;
}

/** Makes a rename in `dir` durable (a power loss after it keeps the new name). */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot open a directory: the rename is still atomic, only not yet flushed.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
