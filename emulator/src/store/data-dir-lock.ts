// One owner per data dir: a `lock` file created with O_EXCL holds the owner's pid and the time its
// process started. A second emulator finds the file, sees the owner alive and refuses, naming it.
// A lock left by a killed process names a pid that is gone (or reused by a process that started
// later), so it is taken over. SQLite's own exclusive locking is not used: it cannot say who holds
// the dir, and with WAL a reader would simply wait or get SQLITE_BUSY mid-request.

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  /** The owner's process start time as the kernel counts it (Linux /proc), to tell a reused pid apart. */
  started?: string;
  at: string;
}

/** A process as /proc/<pid>/stat shows it (Linux): its state and start time (fields 3 and 22). */
function procStat(pid: number): { state: string; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0]!, started: fields[19]! };
  } catch {
    return undefined;
  }
}

function alive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(owner.pid);
  if (!stat) return true; // no /proc: the signal check is all there is
  // A zombie (killed, not yet reaped by its parent) holds nothing; a different start time is a reused pid.
  return stat.state !== "Z" && stat.state !== "X" && (owner.started === undefined || stat.started === owner.started);
}

function readOwner(file: string): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(file, "utf8")) as Owner;
    return Number.isSafeInteger(o.pid) && o.pid > 0 ? o : undefined;
  } catch {
    return undefined; // gone meanwhile, or half written by a process killed while writing it
  }
}

function create(file: string, owner: Owner): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Creates the data dir if needed and takes it for this process; throws DataDirLockedError naming a live owner. Returns the release. */
export function lockDataDir(dir: string): () => void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new DataDirLockedError(`the data dir ${dir} cannot be created (${(e as Error).message})`);
  }
  if (!statSync(dir).isDirectory()) throw new DataDirLockedError(`the data dir ${dir} is a file, not a directory`);
  const file = join(dir, "lock");
  const me: Owner = { pid: process.pid, started: procStat(process.pid)?.started, at: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(file, me)) return () => release(file);
    const owner = readOwner(file);
    if (owner && alive(owner)) {
      const who = owner.pid === process.pid ? "another emulator in this process" : `process ${owner.pid}`;
      throw new DataDirLockedError(`the data dir ${dir} is in use by ${who} (since ${owner.at}); stop it or use another --data-dir (lock: ${file})`);
    }
    // A lock without a live owner: its process was killed. An unreadable one may be a lock being
    // written right now, so give its writer a moment before taking it over.
    if (!owner && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`could not take the data dir ${dir}: its lock ${file} keeps changing`);
}

function release(file: string): void {
  // Only our own lock: a dir taken over after we were presumed dead is not ours to free.
  if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
}
