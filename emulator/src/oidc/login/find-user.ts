// Finding a human by what people type as login name (user name, login name or email) and checking
// its password, for the login pages and for sessions created through SvcSessions.

import type { Core } from "../../domain/core.js";
import { passwordMatchesHash } from "../../domain/user/password-hash.js";
import { humansOfInstance, passwordHashOf, loginName } from "../../domain/user/queries.js";
import type { User } from "../../domain/user/user.js";

export function findUserByLoginName(core: Core, instanceId: string, name: string): User | undefined {
  const wanted = name.trim().toLowerCase();
  for (const u of humansOfInstance(core.db, instanceId)) {
    if (u.username.toLowerCase() === wanted || loginName(core, u).toLowerCase() === wanted || String(u.data.email ?? "").toLowerCase() === wanted) return u;
  }
  return undefined;
}

export async function passwordMatches(core: Core, user: { id: string; instanceId: string }, password: string): Promise<boolean> {
  const hash = passwordHashOf(core.db, user.instanceId, user.id);
  // Hashes set in the emulator and imported ones go through the same check.
  return !!hash && (await passwordMatchesHash(password, hash));
}
