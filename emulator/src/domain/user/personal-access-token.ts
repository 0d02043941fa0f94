// Personal access tokens of machine users: opaque bearer tokens for the resource API; the token is
// sealed in its event (store/sealed.ts).

import { randomBytes } from "node:crypto";
import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { seal, unseal } from "../../store/sealed.js";

export interface PersonalAccessToken {
  id: string;
  instanceId: string;
  userId: string;
  expiresAt: string | null;
  createdAt: string;
}

export function registerPatProjection(p: Projections): void {
  p.register(["personal_access_tokens"], {
    "user.personal.access.token.added": (db, e) => {
      db.stmt("INSERT INTO personal_access_tokens (id, instance_id, user_id, token, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
        e.payload.tokenId,
        e.instanceId,
        e.aggregateId,
        unseal(db, e.payload.token),
        (e.payload.expiresAt as string | undefined) ?? null,
        e.createdAt,
      );
    },
  });
}

/** A new random token: 48 bytes, base64url, like the real product's opaque tokens in length. */
export function generateToken(): string {
  return randomBytes(48).toString("base64url");
}

export function addPersonalAccessToken(core: Core, instanceId: string, orgId: string, userId: string, input: { token?: string; expiresAt?: string }, creator: string): { token: string; tokenId: string } {
  const token = input.token ?? generateToken();
  const tokenId = core.ids.next();
  core.events.push([
    {
      instanceId,
      aggregateType: "user",
      aggregateId: userId,
      type: "user.personal.access.token.added",
      payload: { tokenId, token: seal(core.db, token), ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}) },
      creator,
      resourceOwner: orgId,
    },
  ]);
  return { token, tokenId };
}

export function findPersonalAccessToken(db: Database, token: string): PersonalAccessToken | undefined {
  const r = db.stmt("SELECT id, instance_id, user_id, expires_at, created_at FROM personal_access_tokens WHERE token = ?").get(token) as
    | { id: string; instance_id: string; user_id: string; expires_at: string | null; created_at: string }
    | undefined;
  return r && { id: r.id, instanceId: r.instance_id, userId: r.user_id, expiresAt: r.expires_at, createdAt: r.created_at };
}
