// Opaque token values (access and refresh tokens, and the jti of JWT access tokens): base64url of a
// format byte, the token id (8 bytes), a nonce (8 bytes) and the first 16 bytes of an HMAC-SHA256 of
// those 17 bytes under a per-database key kept like the sealing key (store/sealed.ts). The value
// carries its token id, as the product's opaque tokens carry theirs encrypted, and needs no cipher:
// a token's event carries the id and the nonce, not the value, and the projection (and a rebuild
// from the events) makes the value again with the key. 44 characters, URL-safe, no dot (never a
// JWT); unguessable through its 128-bit MAC; the nonce keeps values apart when ids repeat (a reset
// sets the id generator back). Values stored before this format (43 characters) are looked up as
// they are.

import { createHmac, timingSafeEqual } from "node:crypto";
import { randomPooled } from "../../kernel/random-pool.js";
import type { Database } from "../../store/database.js";
import { recentlyMade } from "../../store/recently-made.js";
import { storedKey, unseal } from "../../store/sealed.js";

/** How a token's event names its value: made again from the id and nonce with the key `keyID`. */
export interface DerivedValue {
  algorithm: "hmac-sha256";
  keyID: string;
  /** The token id the value carries. */
  id: string;
  /** base64url of the value's 8-byte nonce. */
  nonce: string;
}

const KEY_ID = "tokens";
const FORMAT = 1;
const BYTES = 1 + 8 + 8 + 16;
/** base64url length of BYTES (no padding). */
export const TOKEN_VALUE_LENGTH = Math.ceil((BYTES * 4) / 3);
const ID_MAX = 2n ** 64n - 1n;

function mac(key: Buffer, head: Buffer): Buffer {
  return createHmac("sha256", key).update(head).digest().subarray(0, 16);
}

function assemble(key: Buffer, id: bigint, nonce: Buffer): string {
  const head = Buffer.allocUnsafe(17);
  head[0] = FORMAT;
  head.writeBigUInt64BE(id, 1);
  nonce.copy(head, 9);
  return Buffer.concat([head, mac(key, head)], BYTES).toString("base64url");
}

/** Values made and not yet projected, by nonce: the projection of an event takes what its command made a moment before. */
const recent = (db: Database) => recentlyMade(db, `token-values:${KEY_ID}`);

/** A new value for token `tokenId` and what its event says of it; undefined for an id that is not a 64-bit number. */
export function newTokenValue(db: Database, tokenId: string): { value: string; derived: DerivedValue } | undefined {
  if (!/^\d{1,20}$/.test(tokenId) || BigInt(tokenId) > ID_MAX) return undefined;
  const nonce = randomPooled(8);
  const value = assemble(storedKey(db, KEY_ID)!, BigInt(tokenId), nonce);
  const derived: DerivedValue = { algorithm: "hmac-sha256", keyID: KEY_ID, id: tokenId, nonce: nonce.toString("base64url") };
  recent(db).remember(derived.nonce, value);
  return { value, derived };
}

export function isDerivedValue(v: unknown): v is DerivedValue {
  return typeof v === "object" && v !== null && (v as DerivedValue).algorithm === "hmac-sha256";
}

/** The value an event's DerivedValue names (made again with the key). */
export function derivedValue(db: Database, d: DerivedValue): string {
  return recent(db).take(d.nonce) ?? assemble(storedKey(db, d.keyID)!, BigInt(d.id), Buffer.from(d.nonce, "base64url"));
}

/**
 * Whether `value` may name a stored token: false for a value in this format whose MAC does not check
 * out under this database's key (compared in constant time), so a forged one costs no lookup; true for
 * every other value (older formats are looked up as they are).
 */
export function mayBeStoredValue(db: Database, value: string): boolean {
  if (value.length !== TOKEN_VALUE_LENGTH) return true;
  const bytes = Buffer.from(value, "base64url");
  if (bytes.length !== BYTES || bytes[0] !== FORMAT || bytes.toString("base64url") !== value) return true;
  const key = storedKey(db, KEY_ID, false);
  if (!key) return false;
  return timingSafeEqual(mac(key, bytes.subarray(0, 17)), bytes.subarray(17));
}

/** A value as a token's event holds it: derived (this format), sealed, or in clear (older events); undefined for none. */
export function openTokenValue(db: Database, v: unknown): string | undefined {
  return isDerivedValue(v) ? derivedValue(db, v) : unseal(db, v);
}
