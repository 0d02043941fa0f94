// Password hashes in Modular Crypt Format: the ones a password set in the emulator gets (bcrypt) and
// the ones an import may bring. Verified: bcrypt ($2a$, $2b$, $2y$) by bcryptjs; scrypt
// ($scrypt$ln=…,r=…,p=…$salt$hash, passlib's format, base64 without padding) and pbkdf2
// ($pbkdf2[-sha224|-sha256|-sha384|-sha512]$rounds$salt$hash, passlib's "ab64" base64) by
// node:crypto; argon2 (argon2i, argon2d, argon2id in the PHC format $argon2id$v=19$m=…,t=…,p=…$salt$hash)
// by hash-wasm. The other algorithms the product accepts (md5-crypt, …) are named so that the import
// refuses them with a clear error (docs/behaviour.md).

import { pbkdf2, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import bcrypt from "bcryptjs";

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const B64 = "[A-Za-z0-9+/]+";
const AB64 = "[A-Za-z0-9./]+";
const SCRYPT = new RegExp(`^\\$scrypt\\$ln=(\\d+),r=(\\d+),p=(\\d+)\\$(${B64})\\$(${B64})$`);
const PBKDF2 = new RegExp(`^\\$pbkdf2(-sha224|-sha256|-sha384|-sha512)?\\$(\\d+)\\$(${AB64})\\$(${AB64})$`);
const ARGON2 = new RegExp(`^\\$argon2(i|d|id)\\$v=19\\$m=(\\d+),t=(\\d+),p=(\\d+)\\$(${B64})\\$(${B64})$`);
/** Work factors beyond these are refused at import: one sign-in must not hold the emulator for long. */
const MAX_SCRYPT_LN = 20;
/** Memory of one argon2 check, in KiB (256 MiB), and its passes. */
const MAX_ARGON2_MEMORY_KIB = 262_144;
const MAX_ARGON2_PASSES = 64;
const MAX_PBKDF2_ROUNDS = 10_000_000;

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const pbkdf2Async = promisify(pbkdf2);
const ab64 = (s: string) => Buffer.from(s.replace(/\./g, "+"), "base64");

/** The algorithm an MCF hash names: "bcrypt", "scrypt", "pbkdf2-sha256", "argon2id", "md5-crypt", … or undefined. */
export function hashAlgorithm(hash: string): string | undefined {
  if (/^\$2[aby]\$/.test(hash)) return "bcrypt";
  if (hash.startsWith("$1$")) return "md5-crypt";
  return /^\$([a-z0-9-]+)\$/.exec(hash)?.[1];
}

/** Why the emulator cannot use `hash` for sign-in, or undefined when it can. */
export function unusableHash(hash: string): string | undefined {
  const algorithm = hashAlgorithm(hash);
  if (algorithm === undefined) return "the password hash is not in Modular Crypt Format ($<algorithm>$…)";
  if (algorithm === "bcrypt") return BCRYPT.test(hash) ? undefined : "the bcrypt hash is malformed (expected $2a$NN$ and 53 characters of salt and hash)";
  if (algorithm === "scrypt") {
    const m = SCRYPT.exec(hash);
    if (!m) return "the scrypt hash is malformed (expected $scrypt$ln=N,r=N,p=N$salt$hash)";
    return Number(m[1]) > MAX_SCRYPT_LN ? `the scrypt work factor ln=${m[1]} is above ${MAX_SCRYPT_LN}` : undefined;
  }
  if (algorithm.startsWith("pbkdf2")) {
    const m = PBKDF2.exec(hash);
    if (!m) return `the ${algorithm} hash is malformed (expected $pbkdf2[-sha256|-sha512|…]$rounds$salt$hash)`;
    return Number(m[2]) > MAX_PBKDF2_ROUNDS || Number(m[2]) < 1 ? `the pbkdf2 rounds ${m[2]} are outside 1..${MAX_PBKDF2_ROUNDS}` : undefined;
  }
  if (algorithm.startsWith("argon2")) {
    const m = ARGON2.exec(hash);
    if (!m) return `the ${algorithm} hash is malformed (expected $${algorithm}$v=19$m=N,t=N,p=N$salt$hash)`;
    if (Number(m[2]) > MAX_ARGON2_MEMORY_KIB) return `the argon2 memory cost m=${m[2]} is above ${MAX_ARGON2_MEMORY_KIB} KiB`;
    return Number(m[3]) > MAX_ARGON2_PASSES ? `the argon2 passes t=${m[3]} are above ${MAX_ARGON2_PASSES}` : undefined;
  }
  return `the password hash algorithm ${algorithm} is not supported by the emulator (supported: bcrypt, scrypt, pbkdf2, argon2)`;
}

const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

export async function passwordMatchesHash(password: string, hash: string): Promise<boolean> {
  if (unusableHash(hash)) return false;
  const s = SCRYPT.exec(hash);
  if (s) {
    const [, ln, r, p, salt, digest] = s;
    const want = Buffer.from(digest!, "base64");
    const N = 2 ** Number(ln);
    const got = await scryptAsync(password, Buffer.from(salt!, "base64"), want.length, { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) });
    return same(got, want);
  }
  const k = PBKDF2.exec(hash);
  if (k) {
    const [, variant, rounds, salt, digest] = k;
    const want = ab64(digest!);
    const got = await pbkdf2Async(password, ab64(salt!), Number(rounds), want.length, variant ? variant.slice(1) : "sha1");
    return same(got, want);
  }
  // hash-wasm carries its WebAssembly inline: loaded on the first argon2 check, not at start-up.
  if (ARGON2.test(hash)) return (await import("hash-wasm")).argon2Verify({ password, hash });
  // bcryptjs reads $2a$, $2b$ and $2y$ (PHP's name for the same algorithm) alike.
  return bcrypt.compare(password, hash);
}
