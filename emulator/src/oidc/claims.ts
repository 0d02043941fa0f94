// Claims about a user by granted scope (OpenID Connect Core 5.4; reserved scopes and claim shapes of
// wire-facts 6.3 and 6.4): profile, email, phone, the org and resource owner claims, and roles as
// { roleKey: { orgId: orgPrimaryDomain } }.

import type { Core } from "../domain/core.js";
import { getOrg, orgPrimaryDomain } from "../domain/org/queries.js";
import { getProject } from "../domain/project/queries.js";
import { grantsOfUser } from "../domain/user-grant/queries.js";
import type { User } from "../domain/user/user.js";
import { loginName } from "../domain/user/queries.js";
import { apiProjectId } from "../domain/token/api-audience.js";

export const CLAIM_PREFIX = "urn:svc:iam";
export const ROLES_CLAIM = "urn:svc:iam:org:project:roles";
const PROJECT_AUD_SCOPE = /^urn:svc:iam:org:project:id:(.+):aud$/;
const ROLE_SCOPE = /^urn:svc:iam:org:project:role:(.+)$/;

/** Project ids the scopes add to the audience (`urn:svc:iam:org:project:id:<id>:aud`); "svc" names the API project. */
export function audienceScopes(scopes: string[], instance: { id: string }): string[] {
  return scopes
    .map((s) => PROJECT_AUD_SCOPE.exec(s)?.[1])
    .filter((x): x is string => !!x)
    .map((id) => (id === "svc" ? apiProjectId(instance) : id));
}

const scopeValues = (scopes: string[], re: RegExp) => scopes.map((s) => re.exec(s)?.[1]).filter((x): x is string => !!x);

/** The org the scopes restrict sign-in to (`urn:svc:iam:org:id:{id}`, `urn:svc:iam:org:domain:primary:{domain}`). */
export function userMatchesOrgScopes(core: Core, user: User, scopes: string[]): boolean {
  const ids = scopeValues(scopes, /^urn:svc:iam:org:id:(.+)$/);
  const domains = scopeValues(scopes, /^urn:svc:iam:org:domain:primary:(.+)$/);
  return ids.every((id) => user.orgId === id) && domains.every((d) => orgPrimaryDomain(core, user.instanceId, user.orgId) === d.toLowerCase());
}

/**
 * The role claims of a user for a project, limited to role keys requested by role scopes and to
 * granting orgs named by `urn:svc:iam:org:roles:id:{orgId}` scopes (if any).
 */
export function roleClaims(core: Core, user: User, projectId: string, scopes: string[], asClientProject: boolean): Record<string, unknown> {
  const requested = scopeValues(scopes, ROLE_SCOPE);
  const orgs = scopeValues(scopes, /^urn:svc:iam:org:roles:id:(.+)$/);
  const roles: Record<string, Record<string, string>> = {};
  for (const grant of grantsOfUser(core.db, user.instanceId, user.id).filter((g) => g.projectId === projectId && (!orgs.length || orgs.includes(g.orgId)))) {
    for (const role of grant.roles) {
      if (requested.length && !requested.includes(role)) continue;
      (roles[role] ??= {})[grant.orgId] = orgPrimaryDomain(core, user.instanceId, grant.orgId);
    }
  }
  if (Object.keys(roles).length === 0) return {};
  return { ...(asClientProject ? { [ROLES_CLAIM]: roles } : {}), [`urn:svc:iam:org:project:${projectId}:roles`]: roles };
}

/**
 * Role claims for the client's project (when asserted) and, with `urn:svc:iam:org:projects:roles`,
 * for every project in the audience.
 */
export function allRoleClaims(
  core: Core,
  user: User,
  clientProjectId: string | undefined,
  audience: string[],
  scopes: string[],
  appFlag: boolean,
): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes("urn:svc:iam:org:projects:roles")) {
    for (const id of audience) if (getProject(core.db, user.instanceId, id)) Object.assign(claims, roleClaims(core, user, id, scopes, false));
  }
  if (clientProjectId && assertsRoles(core, user.instanceId, clientProjectId, scopes, appFlag))
    Object.assign(claims, roleClaims(core, user, clientProjectId, scopes, true));
  return claims;
}

/** Whether roles are asserted: requested by a role scope, or switched on for the project or token type. */
export function assertsRoles(core: Core, instanceId: string, projectId: string, scopes: string[], appFlag: boolean): boolean {
  return (
    appFlag ||
    scopes.some((s) => ROLE_SCOPE.test(s) || s === "urn:svc:iam:org:projects:roles") ||
    (getProject(core.db, instanceId, projectId)?.roleAssertion ?? false)
  );
}

/** The claims of the scopes profile, email, phone and the reserved user scopes. */
export function userinfoClaims(core: Core, user: User, scopes: string[]): Record<string, unknown> {
  const d = user.data as Record<string, string | boolean | undefined>;
  const claims: Record<string, unknown> = { sub: user.id };
  if (scopes.includes("profile")) {
    if (user.type === "human") {
      Object.assign(claims, {
        name: `${d.firstName} ${d.lastName}`,
        given_name: d.firstName,
        family_name: d.lastName,
        locale: (d.preferredLanguage as string) || undefined,
      });
    } else {
      claims.name = d.name;
    }
    claims.preferred_username = loginName(core, user);
    // The time the user last changed (its details.changeDate), not the time of the request.
    claims.updated_at = Math.floor(Date.parse(user.changedAt) / 1000);
  }
  if (scopes.includes("email") && user.type === "human") Object.assign(claims, { email: d.email, email_verified: d.emailVerified === true });
  if (scopes.includes("phone") && user.type === "human" && d.phone)
    Object.assign(claims, { phone_number: d.phone, phone_number_verified: d.phoneVerified === true });
  const orgScope = scopeValues(scopes, /^urn:svc:iam:org:id:(.+)$/)[0];
  // The org is read only when a scope asks for its claims (not for every token's introspection).
  const resourceOwner = () => ({
    "urn:svc:iam:user:resourceowner:id": user.orgId,
    "urn:svc:iam:user:resourceowner:name": getOrg(core.db, user.instanceId, user.orgId)?.name ?? "",
    "urn:svc:iam:user:resourceowner:primary_domain": orgPrimaryDomain(core, user.instanceId, user.orgId),
  });
  if (scopes.includes("urn:svc:iam:user:resourceowner")) Object.assign(claims, resourceOwner());
  if (orgScope) Object.assign(claims, { "urn:svc:iam:org:id": orgScope, ...resourceOwner() });
  const domainScope = scopeValues(scopes, /^urn:svc:iam:org:domain:primary:(.+)$/)[0];
  if (domainScope) claims["urn:svc:iam:org:domain:primary"] = domainScope;
  const metadata = d.metadata as unknown as Record<string, string> | undefined;
  if (scopes.includes("urn:svc:iam:user:metadata") && metadata && Object.keys(metadata).length) {
    claims["urn:svc:iam:user:metadata"] = Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, Buffer.from(v).toString("base64url")]));
  }
  for (const k of Object.keys(claims)) if (claims[k] === undefined) delete claims[k];
  return claims;
}
