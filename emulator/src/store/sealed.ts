// Secrets inside events are sealed (wire-facts 1.3: the product stores a target's signing key
// encrypted in its event, as all its crypto values): AES-256-GCM under a key kept in the
// encryption_keys table, outside the event log and outside the projections. Events therefore go to
// event executions and the control API's event log as they are, without a secret in clear, and
// projections rebuilt from them open the sealed values with the same key.

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { randomPooled } from "../kernel/random-pool.js";
import type { Database } from "./database.js";
import { recentlyMade } from "./recently-made.js";
import { hot } from "./hot-statements.js";

export interface Sealed {
  algorithm: "aes-256-gcm";
  keyID: string;
  /** base64url of IV (12 bytes) | ciphertext | tag (16 bytes) */
  crypted: string;
}

const KEY_ID = "events";

/** The first sealed value of a database reads its key, or makes it (hot). */
const READ_KEY = hot("SELECT key FROM encryption_keys WHERE id = ?");
const INSERT_KEY = hot("INSERT INTO encryption_keys (id, key) VALUES (?, ?)");

/**
 * A per-database key kept in encryption_keys (outside the event log and the projections), read once per
 * database image (the cache goes with reset, restore and a rollback); made on first use, unless
 * `create` is false (a read path: no key yet means nothing was made with it).
 */
export function storedKey(db: Database, id: string, create = true): Buffer | undefined {
  return db.cachedFor(
    [],
    `stored-key:${id}`,
    () => {
      const row = db.stmt(READ_KEY).get(id) as { key: Buffer } | undefined;
      if (row || !create) return row?.key;
      const fresh = randomBytes(32);
      db.stmt(INSERT_KEY).run(id, fresh);
      return fresh;
    },
    (k) => k !== undefined,
  );
}

const key = (db: Database) => storedKey(db, KEY_ID)!;

/** Values sealed and not yet opened, by their sealed text (unique: its IV is random): every token's projection opens what its command sealed. */
const recent = (db: Database) => recentlyMade(db, `sealed:${KEY_ID}`);

export function seal(db: Database, plain: string): Sealed {
  const iv = randomPooled(12);
  const cipher = createCipheriv("aes-256-gcm", key(db), iv);
  const crypted = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64url");
  recent(db).remember(crypted, plain);
  return { algorithm: "aes-256-gcm", keyID: KEY_ID, crypted };
}

export function isSealed(v: unknown): v is Sealed {
  return typeof v === "object" && v !== null && (v as Sealed).algorithm === "aes-256-gcm" && typeof (v as Sealed).crypted === "string";
}

/**
 * The plain text of a sealed value; undefined and null give undefined. A value that is not sealed
 * is taken as it is (an object as its JSON), so events appended before secrets were sealed, in a
 * data directory of an older version, and events written by hand in tests still project.
 */
export function unseal(db: Database, v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isSealed(v)) return typeof v === "string" ? v : JSON.stringify(v);
  const plain = recent(db).take(v.crypted);
  if (plain !== undefined) return plain;
  const data = Buffer.from(v.crypted, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key(db), data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]).toString("utf8");
}
