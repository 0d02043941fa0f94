// The items of one DataOrg in the product's order (wire-facts 7.4): pass 1 the org, its domains,
// users, metadata, machine keys, projects, apps, app keys and roles; pass 2 project grants and user
// grants; pass 3 org, project grant and project members. Each item goes through its domain command
// (given ids kept; apps get new client ids and secrets); an org's and a user's state (`orgState`,
// `state`) through the same commands as a deactivation or lock on the control API, in the item's
// savepoint, so it is in force from the start. What the emulator keeps nothing of
// (policies, texts, actions, IDPs, links, OTP secrets) is skipped: docs/behaviour.md.

import type { Actor, Core } from "../domain/core.js";
import { addAppKey, createApp, publicJwkOf } from "../domain/app/commands.js";
import type { ApiAppConfig, GrantType, OidcAppConfig, ResponseType } from "../domain/app/app.js";
import { createMembership } from "../domain/membership/commands.js";
import { addRole, createProject, createProjectGrant } from "../domain/project/commands.js";
import { createGrant } from "../domain/user-grant/commands.js";
import { addMachineKey, changeUserState, createHuman, createMachine, setUserMetadata } from "../domain/user/commands.js";
import type { User, UserStateChange } from "../domain/user/user.js";
import { addDomain, createOrg, setOrgActive, setPrimaryDomain, validateDomain } from "../domain/org/commands.js";
import { domainsOfOrg, getOrg } from "../domain/org/queries.js";

export type Item = Record<string, unknown>;
/** Runs one item (in a savepoint); false when it failed (recorded with `field`'s type and the item's id). */
export type Attempt = (field: string, orgId: string, path: string, item: Item, run: () => void) => boolean;

export interface ImportSuccessOrg {
  orgId: string;
  projectIds: string[];
  projectRoles: string[];
  oidcAppIds: string[];
  apiAppIds: string[];
  humanUserIds: string[];
  machineUserIds: string[];
  projectGrants: { grantId: string; projectId: string; orgId: string }[];
  userGrants: { projectId: string; userId: string }[];
  orgMembers: string[];
  projectMembers: { projectId: string; userId: string }[];
  projectGrantMembers: { projectId: string; grantId: string; userId: string }[];
  userMetadata: { userId: string; key: string }[];
  domains: string[];
  appKeys: string[];
  machineKeys: string[];
}

export interface OrgImport {
  org: Item;
  index: number;
  success: ImportSuccessOrg;
}

const s = (v: unknown) => (typeof v === "string" ? v : "");
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const obj = (v: unknown): Item => (v && typeof v === "object" ? (v as Item) : {});
const items = (org: Item, field: string) => (Array.isArray(org[field]) ? (org[field] as Item[]) : []);
const pem = (bytes: unknown) => Buffer.from(s(bytes), "base64").toString("utf8");

const emptySuccess = (orgId: string): ImportSuccessOrg => ({
  orgId,
  projectIds: [],
  projectRoles: [],
  oidcAppIds: [],
  apiAppIds: [],
  humanUserIds: [],
  machineUserIds: [],
  projectGrants: [],
  userGrants: [],
  orgMembers: [],
  projectMembers: [],
  projectGrantMembers: [],
  userMetadata: [],
  domains: [],
  appKeys: [],
  machineKeys: [],
});

const GENDERS: Record<string, string | undefined> = { GENDER_FEMALE: "female", GENDER_MALE: "male", GENDER_DIVERSE: "diverse" };
const RESPONSE_TYPES: Record<string, ResponseType> = {
  OIDC_RESPONSE_TYPE_CODE: "code",
  OIDC_RESPONSE_TYPE_ID_TOKEN: "id_token",
  OIDC_RESPONSE_TYPE_ID_TOKEN_TOKEN: "id_token token",
};
const GRANT_TYPES: Record<string, GrantType> = {
  OIDC_GRANT_TYPE_AUTHORIZATION_CODE: "authorization_code",
  OIDC_GRANT_TYPE_IMPLICIT: "implicit",
  OIDC_GRANT_TYPE_REFRESH_TOKEN: "refresh_token",
  OIDC_GRANT_TYPE_DEVICE_CODE: "urn:ietf:params:oauth:grant-type:device_code",
  OIDC_GRANT_TYPE_TOKEN_EXCHANGE: "urn:ietf:params:oauth:grant-type:token-exchange",
};
const APP_TYPES: Record<string, OidcAppConfig["appType"]> = { OIDC_APP_TYPE_USER_AGENT: "user_agent", OIDC_APP_TYPE_NATIVE: "native" };
const AUTH_METHODS: Record<string, OidcAppConfig["authMethod"]> = {
  OIDC_AUTH_METHOD_TYPE_POST: "client_secret_post",
  OIDC_AUTH_METHOD_TYPE_NONE: "none",
  OIDC_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT: "private_key_jwt",
};

/** The change that brings a new (active) user to the state the document gives; none for active (validate-import.ts refuses the states the emulator has not). */
const STATE_CHANGES: Readonly<Record<string, UserStateChange | undefined>> = { USER_STATE_INACTIVE: "deactivate", USER_STATE_LOCKED: "lock" };

/** Creates the user, then gives it the document's state. */
function withState(core: Core, actor: Actor, state: unknown, create: () => User): void {
  const user = create();
  const change = STATE_CHANGES[s(state)];
  if (change) changeUserState(core, actor, user.id, change);
}

function oidcConfig(app: Item): OidcAppConfig {
  // proto3 JSON omits defaults: no responseTypes means [CODE], no grantTypes means [AUTHORIZATION_CODE].
  const responseTypes = strings(app.responseTypes).map((r) => RESPONSE_TYPES[r]!);
  const grantTypes = strings(app.grantTypes).map((g) => GRANT_TYPES[g]!);
  const skew = /^(-?\d+(?:\.\d+)?)s$/.exec(s(app.clockSkew));
  return {
    redirectUris: strings(app.redirectUris),
    postLogoutRedirectUris: strings(app.postLogoutRedirectUris),
    responseTypes: responseTypes.length ? responseTypes : ["code"],
    grantTypes: grantTypes.length ? grantTypes : ["authorization_code"],
    appType: APP_TYPES[s(app.appType)] ?? "web",
    authMethod: AUTH_METHODS[s(app.authMethodType)] ?? "client_secret_basic",
    accessTokenType: app.accessTokenType === "OIDC_TOKEN_TYPE_JWT" ? "jwt" : "opaque",
    idTokenRoleAssertion: app.idTokenRoleAssertion === true,
    idTokenUserinfoAssertion: app.idTokenUserinfoAssertion === true,
    accessTokenRoleAssertion: app.accessTokenRoleAssertion === true,
    clockSkewMs: skew ? Math.round(Number(skew[1]) * 1000) : 0,
    devMode: app.devMode === true,
  };
}

function pass1(core: Core, actor: Actor, o: OrgImport, attempt: Attempt): void {
  const { org, index, success: ok } = o;
  const orgId = ok.orgId;
  const at = (field: string) => (item: Item, j: number, run: () => void) => attempt(field, orgId, `orgs[${index}].${field}[${j}]`, item, run);
  items(org, "domains").forEach((d, j) => {
    const name = s(d.domainName).toLowerCase();
    // The org's own generated domain, or one it already has (an org continued into): nothing to add.
    if (domainsOfOrg(core.db, actor.instanceId, orgId).some((x) => x.domain === name)) return;
    if (!at("domains")(d, j, () => addDomain(core, actor, orgId, name))) return;
    ok.domains.push(name);
    if (d.isVerified === true) attempt("domain_isverified", orgId, `orgs[${index}].domains[${j}].isVerified`, d, () => validateDomain(core, actor, name, 0));
    if (d.isPrimary === true) attempt("domain_isprimary", orgId, `orgs[${index}].domains[${j}].isPrimary`, d, () => setPrimaryDomain(core, actor, name));
  });
  items(org, "humanUsers").forEach((h, j) => {
    const u = obj(h.user);
    const p = obj(u.profile);
    const hash = s(obj(u.hashedPassword).value);
    const run = () =>
      withState(core, actor, h.state, () =>
        createHuman(
          core,
          actor,
          orgId,
          {
            username: s(u.userName),
            firstName: s(p.firstName),
            lastName: s(p.lastName),
            nickName: s(p.nickName),
            displayName: s(p.displayName),
            preferredLanguage: s(p.preferredLanguage),
            gender: GENDERS[s(p.gender)],
            email: s(obj(u.email).email),
            emailVerified: obj(u.email).isEmailVerified === true,
            phone: s(obj(u.phone).phone),
            phoneVerified: obj(u.phone).isPhoneVerified === true,
            ...(hash ? { passwordHash: hash } : s(u.password) ? { password: s(u.password) } : {}),
          },
          { id: s(h.userId) || undefined },
        ),
      );
    if (at("humanUsers")(h, j, run)) ok.humanUserIds.push(s(h.userId));
  });
  items(org, "machineUsers").forEach((m, j) => {
    const u = obj(m.user);
    const input = {
      username: s(u.userName),
      name: s(u.name),
      description: s(u.description),
      accessTokenType: u.accessTokenType === "ACCESS_TOKEN_TYPE_JWT" ? ("jwt" as const) : ("opaque" as const),
    };
    const run = () => withState(core, actor, m.state, () => createMachine(core, actor, orgId, input, { id: s(m.userId) || undefined }));
    if (at("machineUsers")(m, j, run)) ok.machineUserIds.push(s(m.userId));
  });
  items(org, "userMetadata").forEach((m, j) => {
    const value = Buffer.from(s(m.value), "base64").toString("utf8");
    if (at("userMetadata")(m, j, () => setUserMetadata(core, actor, s(m.id), s(m.key), value))) ok.userMetadata.push({ userId: s(m.id), key: s(m.key) });
  });
  items(org, "machineKeys").forEach((k, j) => {
    if (at("machineKeys")(k, j, () => addMachineKey(core, actor, s(k.userId), publicJwkOf(pem(k.publicKey)), { id: s(k.keyId) || undefined })))
      ok.machineKeys.push(s(k.keyId));
  });
  items(org, "projects").forEach((pr, j) => {
    const p = obj(pr.project);
    const input = {
      name: s(p.name),
      roleAssertion: p.projectRoleAssertion === true,
      roleCheck: p.projectRoleCheck === true,
      hasProjectCheck: p.hasProjectCheck === true,
    };
    if (at("projects")(pr, j, () => createProject(core, actor, orgId, input, { id: s(pr.projectId) || undefined }))) ok.projectIds.push(s(pr.projectId));
  });
  items(org, "oidcApps").forEach((a, j) => {
    const app = obj(a.app);
    if (at("oidcApps")(a, j, () => createApp(core, actor, s(app.projectId), s(app.name), "oidc", oidcConfig(app), { id: s(a.appId) || undefined })))
      ok.oidcAppIds.push(s(a.appId));
  });
  items(org, "apiApps").forEach((a, j) => {
    const app = obj(a.app);
    const config: ApiAppConfig = { authMethod: app.authMethodType === "API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT" ? "private_key_jwt" : "client_secret_basic" };
    if (at("apiApps")(a, j, () => createApp(core, actor, s(app.projectId), s(app.name), "api", config, { id: s(a.appId) || undefined })))
      ok.apiAppIds.push(s(a.appId));
  });
  items(org, "appKeys").forEach((k, j) => {
    const opts = { id: s(k.id) || undefined, ...(s(k.expirationDate) ? { expiresAt: new Date(s(k.expirationDate)).toISOString() } : {}) };
    if (at("appKeys")(k, j, () => addAppKey(core, actor, s(k.appId), publicJwkOf(pem(k.publicKey)), opts))) ok.appKeys.push(s(k.id));
  });
  items(org, "projectRoles").forEach((r, j) => {
    const role = { key: s(r.roleKey), displayName: s(r.displayName) || s(r.roleKey), group: s(r.group) };
    if (at("projectRoles")(r, j, () => addRole(core, actor, s(r.projectId), role))) ok.projectRoles.push(`${s(r.projectId)}_${role.key}`);
  });
}

function pass2(core: Core, actor: Actor, o: OrgImport, attempt: Attempt): void {
  const { org, index, success: ok } = o;
  const at = (field: string) => (item: Item, j: number, run: () => void) => attempt(field, ok.orgId, `orgs[${index}].${field}[${j}]`, item, run);
  items(org, "projectGrants").forEach((g, j) => {
    const pg = obj(g.projectGrant);
    const input = { projectId: s(pg.projectId), grantedOrgId: s(pg.grantedOrgId), roles: strings(pg.roleKeys) };
    if (at("projectGrants")(g, j, () => createProjectGrant(core, actor, input, { id: s(g.grantId) || undefined })))
      ok.projectGrants.push({ grantId: s(g.grantId), projectId: input.projectId, orgId: input.grantedOrgId });
  });
  items(org, "userGrants").forEach((g, j) => {
    const input = { userId: s(g.userId), projectId: s(g.projectId), roles: strings(g.roleKeys) };
    if (at("userGrants")(g, j, () => createGrant(core, actor, input))) ok.userGrants.push({ projectId: input.projectId, userId: input.userId });
  });
}

function pass3(core: Core, actor: Actor, o: OrgImport, attempt: Attempt): void {
  const { org, index, success: ok } = o;
  const orgId = ok.orgId;
  const at = (field: string) => (item: Item, j: number, run: () => void) => attempt(field, orgId, `orgs[${index}].${field}[${j}]`, item, run);
  const ctx = { instanceId: actor.instanceId, orgId };
  items(org, "orgMembers").forEach((m, j) => {
    if (at("orgMembers")(m, j, () => createMembership(core, actor, { ...ctx, type: "org", id: orgId }, s(m.userId), strings(m.roles))))
      ok.orgMembers.push(s(m.userId));
  });
  items(org, "projectGrantMembers").forEach((m, j) => {
    const c = { ...ctx, type: "project_grant" as const, id: s(m.grantId), projectId: s(m.projectId) };
    if (at("projectGrantMembers")(m, j, () => createMembership(core, actor, c, s(m.userId), strings(m.roles))))
      ok.projectGrantMembers.push({ projectId: s(m.projectId), grantId: s(m.grantId), userId: s(m.userId) });
  });
  items(org, "projectMembers").forEach((m, j) => {
    const c = { ...ctx, type: "project" as const, id: s(m.projectId), projectId: s(m.projectId) };
    if (at("projectMembers")(m, j, () => createMembership(core, actor, c, s(m.userId), strings(m.roles))))
      ok.projectMembers.push({ projectId: s(m.projectId), userId: s(m.userId) });
  });
}

/**
 * Pass 1 creates the org (an org that exists already is recorded as an error and, as in the product,
 * continued into) and answers the org's import, or undefined when the org could not be had at all.
 */
export function importOrgItems(
  core: Core,
  actor: Actor,
  o: { org: Item; index: number; success?: ImportSuccessOrg },
  attempt: Attempt,
  pass: "pass1" | "pass2" | "pass3",
): OrgImport | undefined {
  if (pass === "pass2") return (pass2(core, actor, o as OrgImport, attempt), undefined);
  if (pass === "pass3") return (pass3(core, actor, o as OrgImport, attempt), undefined);
  const orgId = s(o.org.orgId) || core.ids.next();
  const created = attempt("org", orgId, `orgs[${o.index}].orgId`, o.org, () => {
    createOrg(core, actor, { name: s(obj(o.org.org).name) }, { id: orgId });
    if (o.org.orgState === "ORG_STATE_INACTIVE") setOrgActive(core, actor, orgId, false);
  });
  if (!created && !getOrg(core.db, actor.instanceId, orgId)) return undefined;
  const imported: OrgImport = { org: o.org, index: o.index, success: emptySuccess(orgId) };
  pass1(core, actor, imported, attempt);
  return imported;
}
