// A stock of signing key pairs made by earlier starts, in the user's cache folder. Making an RSA pair
// costs 40 to 550 ms of one core, longer than a start, so the first JWT after ready used to wait for
// the pair its start began (key-pair.ts); a pair taken from the stock is there at once, and the pair
// the start made goes into the stock for a later start. Each stocked key serves one emulator only,
// once: it is claimed by an atomic rename to a name of this process and unlinked before it is used.
//
// A cache, never a dependency: any fs error, an unusable folder or a bad file means "no stock", and
// a start goes on as without one. env SVC_EMULATOR_KEY_STOCK: a folder, or `off`.

import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { MadePair } from "./key-pair.js";

/**
 * The keys a stock holds at most; a start tops it up to this (key-ring.ts). Short-lived starts (a
 * bench, a test suite spawning the command) often end before the pair they make is there, so they
 * take more keys than they give back: four carry a burst of such starts.
 */
export const STOCK_SIZE = 4;
/** A temporary or claimed file this old belongs to a process that died between its two steps. */
const LEFTOVER_MS = 60_000;
const KEY = /^[\w-]+\.pem$/;
const LEFTOVER = /\.(tmp|claimed)$/;

/** The folder of the stock: the env's, else the platform's cache folder; undefined when turned off or unknown. */
export function keyStockFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const given = env.SVC_EMULATOR_KEY_STOCK?.trim();
  if (given === "off") return undefined;
  if (given) return resolve(given);
  try {
    if (process.platform === "win32") return join(env.LOCALAPPDATA || join(homedir(), "AppData", "Local"), "svc-emulator", "cache", "signing-keys");
    if (process.platform === "darwin") return join(homedir(), "Library", "Caches", "svc-emulator", "signing-keys");
    const xdg = env.XDG_CACHE_HOME;
    return join(xdg?.startsWith("/") ? xdg : join(homedir(), ".cache"), "svc-emulator", "signing-keys");
  } catch {
    return undefined; // no home folder
  }
}

export class KeyStock {
  private claims = 0;

  private constructor(readonly dir: string) {}

  /**
   * The stock in `dir` (made with mode 0700 unless `create` is false), or undefined when it cannot be used:
   * on POSIX a folder another user owns or that group or others may write could hand this process a key
   * someone else knows.
   */
  static open(dir: string | undefined = keyStockFolder(), create = true): KeyStock | undefined {
    if (!dir) return undefined;
    try {
      if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
      const st = statSync(dir);
      if (!st.isDirectory()) return undefined;
      if (process.platform !== "win32" && (st.uid !== process.getuid?.() || (st.mode & 0o022) !== 0)) return undefined;
      return new KeyStock(dir);
    } catch {
      return undefined;
    }
  }

  /** Takes one stocked pair (sync: a readdir, a rename, a read and an unlink); undefined when there is none. */
  claim(): MadePair | undefined {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => KEY.test(n));
    } catch {
      return undefined;
    }
    for (const name of names) {
      // The rename is the claim: of two processes renaming one file, one gets ENOENT and tries the next.
      const mine = join(this.dir, `${name}.${process.pid}-${++this.claims}.claimed`);
      let pem: string;
      try {
        renameSync(join(this.dir, name), mine);
        pem = readFileSync(mine, "utf8");
      } catch {
        continue;
      } finally {
        rmSync(mine, { force: true, maxRetries: 0 });
      }
      const pair = parsePair(pem); // a bad or foreign file is gone now all the same
      if (pair) return pair;
    }
    return undefined;
  }

  /** Whether the stock holds fewer keys than it may. */
  low(): boolean {
    return this.count() < STOCK_SIZE;
  }

  /** How many keys the stock holds now (0 when it cannot be read). */
  count(): number {
    try {
      return readdirSync(this.dir).filter((n) => KEY.test(n)).length;
    } catch {
      return 0;
    }
  }

  /**
   * Stores a private key as PKCS#8 PEM (mode 0600) while the stock is low (`evenWhenFull`: one more, the
   * key that replaces the one a start is about to take): written to a temporary name, then renamed, so a
   * claim sees whole files only. Not flushed to disk: after a power loss a torn file fails to parse and
   * is dropped when claimed.
   */
  store(privateKey: KeyObject, evenWhenFull = false): void {
    try {
      this.removeLeftovers();
      if (this.count() >= STOCK_SIZE + (evenWhenFull ? 1 : 0)) return;
      const file = join(this.dir, `${randomBytes(9).toString("base64url")}.pem`);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600, flag: "wx" });
      try {
        renameSync(tmp, file);
      } catch (e) {
        rmSync(tmp, { force: true });
        throw e;
      }
    } catch {
      // a full disk or a folder gone: the stock is a cache, the emulator goes on
    }
  }

  /** Temporary and claimed files left by processes killed between their two steps. */
  private removeLeftovers(): void {
    const before = Date.now() - LEFTOVER_MS;
    for (const name of readdirSync(this.dir)) {
      if (!LEFTOVER.test(name)) continue;
      const file = join(this.dir, name);
      try {
        if (statSync(file).mtimeMs < before) unlinkSync(file);
      } catch {
        // removed by its owner meanwhile
      }
    }
  }
}

/** The pair of a stocked PEM when it is an RSA 2048 private key, else undefined. */
function parsePair(pem: string): MadePair | undefined {
  try {
    const privateKey = createPrivateKey(pem);
    if (privateKey.asymmetricKeyType !== "rsa" || privateKey.asymmetricKeyDetails?.modulusLength !== 2048) return undefined;
    return { privateKey, publicKey: createPublicKey(privateKey) };
  } catch {
    return undefined;
  }
}
