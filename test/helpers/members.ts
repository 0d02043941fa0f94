// A caller with given roles in one context, made through the resource API as a user would: a
// machine user (of `orgId`, else of the default org), a membership, a personal access token.

import assert from "node:assert/strict";
import { request } from "./emulator.js";

const B = "/resources/v3alpha";

/** The membership's context as `ctx` query parameters: `{orgId}`, `{projectId}`, `{projectGrantId}`; none: the instance. */
export type MemberCtx = Partial<Record<"orgId" | "projectId" | "projectGrantId", string>>;

export async function memberToken(
  url: string,
  adminPat: string,
  username: string,
  roles: string[],
  ctx: MemberCtx = {},
  orgId?: string,
): Promise<{ userId: string; token: string }> {
  const u = await request(`${url}${B}/users/machine${orgId ? `?organization.orgId=${orgId}` : ""}`, {
    method: "POST",
    token: adminPat,
    json: { username, name: username },
  });
  assert.equal(u.status, 201, JSON.stringify(u.body));
  const userId = (u.body as { details: { id: string } }).details.id;
  const qs = new URLSearchParams(Object.entries(ctx).map(([k, v]) => [`ctx.${k}`, v])).toString();
  const m = await request(`${url}${B}/memberships${qs ? `?${qs}` : ""}`, { method: "POST", token: adminPat, json: { userId, roles } });
  assert.equal(m.status, 201, JSON.stringify(m.body));
  const t = await request(`${url}${B}/users/${userId}/personal_access_tokens`, { method: "POST", token: adminPat, json: {} });
  assert.equal(t.status, 201, JSON.stringify(t.body));
  return { userId, token: (t.body as { token: string }).token };
}
