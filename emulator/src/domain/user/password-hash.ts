// Password hashes in Modular Crypt Format: the ones a password set in the emulator gets (bcrypt) and
// the ones an import may bring. bcrypt ($2a$, $2b$, $2y$) is verified by bcryptjs; the other
// algorithms the product accepts (argon2, scrypt, pbkdf2, md5-crypt) are named so that the import
// can refuse them with a clear error (docs/behaviour.md).

import bcrypt from "bcryptjs";

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** The algorithm an MCF hash names: "bcrypt", "argon2id", "scrypt", "pbkdf2-sha256", "md5-crypt", … or undefined. */
export function hashAlgorithm(hash: string): string | undefined {
  if (/^\$2[aby]\$/.test(hash)) return "bcrypt";
  if (hash.startsWith("$1$")) return "md5-crypt";
  const m = /^\$([a-z0-9-]+)\$/.exec(hash);
  return m?.[1];
}

/** Why the emulator cannot use `hash` for sign-in, or undefined when it can. */
export function unusableHash(hash: string): string | undefined {
  const algorithm = hashAlgorithm(hash);
  if (algorithm === undefined) return "the password hash is not in Modular Crypt Format ($<algorithm>$…)";
  if (algorithm !== "bcrypt") return `the password hash algorithm ${algorithm} is not supported by the emulator (only bcrypt: $2a$, $2b$, $2y$)`;
  if (!BCRYPT.test(hash)) return "the bcrypt hash is malformed (expected $2a$NN$ and 53 characters of salt and hash)";
  return undefined;
}

export async function passwordMatchesHash(password: string, hash: string): Promise<boolean> {
  if (unusableHash(hash)) return false;
  // bcryptjs reads $2a$, $2b$ and $2y$ (PHP's name for the same algorithm) alike.
  return bcrypt.compare(password, hash);
}
