// Finding a human by what people type as login name (user name, login name or email) and checking
// its password, for the login pages and for sessions created through SvcSessions.

import bcrypt from "bcryptjs";
import type { Core } from "../../domain/core.js";
import { getUser, type User } from "../../domain/user/user.js";
import { loginName } from "../claims.js";

export function findUserByLoginName(core: Core, instanceId: string, name: string): User | undefined {
  const rows = core.db.stmt("SELECT id FROM users WHERE instance_id = ? AND type = 'human'").all(instanceId) as { id: string }[];
  const wanted = name.trim().toLowerCase();
  for (const { id } of rows) {
    const u = getUser(core.db, id)!;
    if (u.username.toLowerCase() === wanted || loginName(core, u).toLowerCase() === wanted || String(u.data.email ?? "").toLowerCase() === wanted) return u;
  }
  return undefined;
}

export async function passwordMatches(core: Core, userId: string, password: string): Promise<boolean> {
  const hash = (core.db.stmt("SELECT password_hash AS h FROM users WHERE id = ?").get(userId) as { h: string | null } | undefined)?.h;
  return !!hash && (await bcrypt.compare(password, hash));
}
