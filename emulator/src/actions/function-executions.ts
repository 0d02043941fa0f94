// Function executions (wire-facts 1.8, 1.10): `preuserinfo` while userinfo and ID token claims are
// built, `preaccesstoken` while a JWT access token's are. The targets get the user's context; their
// answers accumulate ({set_user_metadata, append_claims, append_log_claims}: present keys replace,
// later targets see the result) and are applied: metadata set on the user, claims added unless
// reserved (urn:svc:iam…) or already present, log lines as `urn:svc:iam:action:function/<name>:log`.
// `presamlresponse` is never reached: the emulator has no SAML endpoint.

import type { Core } from "../domain/core.js";
import type { User } from "../domain/user/user.js";
import { getOrg, orgPrimaryDomain } from "../domain/org/queries.js";
import { getProject } from "../domain/project/queries.js";
import { grantsOfUser } from "../domain/user-grant/queries.js";
import { setUserMetadata } from "../domain/user/commands.js";
import { SvcError } from "../kernel/errors.js";
import { matchTargets } from "./matching.js";
import { runTargets } from "./run-targets.js";

export type ClaimFunction = "preuserinfo" | "preaccesstoken";

interface FunctionResponse {
  set_user_metadata?: { key: string; value: string }[];
  append_claims?: { key: string; value: unknown }[];
  append_log_claims?: string[];
}

const RESERVED_PREFIX = "urn:svc:iam";

/** An interrupting target failed; the OIDC request that built the claims fails with it (oidc/function-claims.ts). */
export class FunctionExecutionFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function userContext(user: User): Record<string, unknown> {
  const d = user.data as Record<string, unknown>;
  const common = { id: user.id, change_date: user.changedAt, resource_owner: user.orgId, sequence: user.sequence, type: user.type, username: user.username };
  if (user.type === "machine") return { ...common, machine: { name: d.name, description: d.description } };
  return {
    ...common,
    human: {
      first_name: d.firstName,
      last_name: d.lastName,
      nick_name: d.nickName,
      display_name: d.displayName,
      preferred_language: d.preferredLanguage,
      email: d.email,
      is_email_verified: d.emailVerified === true,
      phone: d.phone,
      is_phone_verified: d.phoneVerified === true,
    },
  };
}

/**
 * Runs the function's execution for `user` with the claims built so far; returns the claims to add
 * (appended claims and the log claim). An interrupting target's failure throws FunctionExecutionFailed.
 */
export async function functionClaims(core: Core, name: ClaimFunction, user: User, claims: Record<string, unknown>): Promise<Record<string, unknown>> {
  const execution = `function/${name}`;
  const match = matchTargets(core.db, user.instanceId, [execution]);
  if (!match || match.targets.length === 0) return {};
  const metadata = ((user.data as { metadata?: Record<string, string> }).metadata ?? {}) as Record<string, string>;
  const org = getOrg(core.db, user.instanceId, user.orgId);
  const context = {
    function: execution,
    userinfo: claims,
    user: userContext(user),
    user_metadata: Object.entries(metadata).map(([key, value]) => ({ key, value: Buffer.from(value).toString("base64"), resource_owner: user.orgId })),
    org: { id: user.orgId, name: org?.name ?? "", primary_domain: orgPrimaryDomain(core, user.instanceId, user.orgId) },
    user_grants: grantsOfUser(core.db, user.instanceId, user.id).map((g) => {
      const grantOrg = getOrg(core.db, user.instanceId, g.orgId);
      return {
        id: g.id,
        roles: g.roles,
        user_id: user.id,
        username: user.username,
        user_type: user.type,
        user_resource_owner: user.orgId,
        resource_owner: g.orgId,
        org_name: grantOrg?.name ?? "",
        org_primary_domain: orgPrimaryDomain(core, user.instanceId, g.orgId),
        project_id: g.projectId,
        project_name: getProject(core.db, user.instanceId, g.projectId)?.name ?? "",
      };
    }),
  };
  let answered: FunctionResponse;
  try {
    answered = (await runTargets(
      core,
      user.instanceId,
      match,
      {},
      (response) => ({ ...context, response }),
      (current, body) => ({ ...(current as object), ...(body as object) }),
    )) as FunctionResponse;
  } catch (e) {
    // An interrupting target fails the OIDC request that built the claims.
    throw new FunctionExecutionFailed(`${execution}: ${e instanceof SvcError ? e.text : (e as Error).message}`);
  }
  const logs: string[] = [];
  // Each entry is set by the user's own command, in the user's name, as coming from Actions.
  const actor = { instanceId: user.instanceId, userId: user.id, origin: "actions" as const };
  for (const m of answered.set_user_metadata ?? []) {
    if (typeof m?.key !== "string" || !m.key || typeof m.value !== "string")
      logs.push(`failed to set user metadata key ${JSON.stringify(String(m?.key ?? ""))}`);
    else setUserMetadata(core, actor, user.id, m.key, Buffer.from(m.value, "base64").toString("utf8"));
  }
  const added: Record<string, unknown> = {};
  for (const c of answered.append_claims ?? []) {
    if (typeof c?.key !== "string" || c.key.startsWith(RESERVED_PREFIX)) continue;
    if (c.key in claims || c.key in added) logs.push(`key ${JSON.stringify(c.key)} already exists`);
    else added[c.key] = c.value;
  }
  logs.push(...(answered.append_log_claims ?? []).filter((l) => typeof l === "string"));
  if (logs.length) added[`${RESERVED_PREFIX}:action:${execution}:log`] = logs;
  return added;
}
