// The items of one DataOrg in the product's order (wire-facts 7.4): pass 1 the org, its domains,
// users, metadata, machine keys, projects, apps, app keys and roles; pass 2 project grants and user
// grants; pass 3 org, project grant and project members. Each item goes through its domain command
// (given ids kept; apps get new client ids and secrets); an org's and a user's state (`orgState`,
// `state`) through the same commands as a deactivation or lock on the control API, in the item's
// savepoint, so it is in force from the start. What the emulator keeps nothing of
// (policies, texts, actions, IDPs, links, OTP secrets) is skipped: docs/behaviour.md.

import type { Timestamp } from "@bufbuild/protobuf/wkt";
import type { Actor, Core } from "../domain/core.js";
import { addAppKey, createApp, publicJwkOf } from "../domain/app/commands.js";
import type { ApiAppConfig, OidcAppConfig } from "../domain/app/app.js";
import { createMembership } from "../domain/membership/commands.js";
import { addRole, createProject, createProjectGrant } from "../domain/project/commands.js";
import { createGrant } from "../domain/user-grant/commands.js";
import { addMachineKey, changeUserState, createHuman, createMachine, setUserMetadata } from "../domain/user/commands.js";
import type { User, UserStateChange } from "../domain/user/user.js";
import { addDomain, createOrg, setOrgActive, setPrimaryDomain, validateDomain } from "../domain/org/commands.js";
import { domainsOfOrg, getOrg } from "../domain/org/queries.js";
import { OrgState } from "../gen/svc/admin/v1/admin_pb.js";
import {
  AccessTokenType,
  type AddOIDCAppRequest,
  APIAuthMethodType,
  Gender,
  OIDCAppType,
  OIDCAuthMethodType,
  OIDCTokenType,
  UserState,
} from "../gen/svc/v1/v1/data_org_pb.js";
import type { DocumentOrg } from "./document-org.js";
import { APP_TYPES, AUTH_METHODS, byEnum, GENDERS, GRANT_TYPES, RESPONSE_TYPES } from "./document-enums.js";

/** Runs one item (in a savepoint); false when it failed (recorded with `field`'s type and the item's id). */
export type Attempt = (field: string, orgId: string, path: string, item: object, run: () => void) => boolean;

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
  org: DocumentOrg;
  index: number;
  success: ImportSuccessOrg;
}

const pem = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
/** The instant to the millisecond, digits beyond it cut off as a JavaScript Date reads an RFC 3339 string (timestampDate rounds up). */
const isoOf = (t: Timestamp) => new Date(Number(t.seconds) * 1000 + Math.floor(t.nanos / 1e6)).toISOString();

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

const GENDER = byEnum(GENDERS);
const RESPONSE_TYPE = byEnum(RESPONSE_TYPES);
const GRANT_TYPE = byEnum(GRANT_TYPES);
const APP_TYPE = byEnum(APP_TYPES);
const AUTH_METHOD = byEnum(AUTH_METHODS);

/** The change that brings a new (active) user to the state the document gives; none for active (validate-import.ts refuses the states the emulator has not). */
const STATE_CHANGES: Partial<Record<UserState, UserStateChange>> = { [UserState.INACTIVE]: "deactivate", [UserState.LOCKED]: "lock" };

/** Creates the user, then gives it the document's state. */
function withState(core: Core, actor: Actor, state: UserState, create: () => User): void {
  const user = create();
  const change = STATE_CHANGES[state];
  if (change) changeUserState(core, actor, user.id, change);
}

function oidcConfig(app: AddOIDCAppRequest | undefined): OidcAppConfig {
  // proto3 leaves defaults out: no responseTypes means [CODE], no grantTypes means [AUTHORIZATION_CODE].
  const responseTypes = (app?.responseTypes ?? []).map((r) => RESPONSE_TYPE[r]!);
  const grantTypes = (app?.grantTypes ?? []).map((g) => GRANT_TYPE[g]!);
  const skew = app?.clockSkew;
  return {
    redirectUris: app?.redirectUris ?? [],
    postLogoutRedirectUris: app?.postLogoutRedirectUris ?? [],
    responseTypes: responseTypes.length ? responseTypes : ["code"],
    grantTypes: grantTypes.length ? grantTypes : ["authorization_code"],
    appType: APP_TYPE[app?.appType ?? OIDCAppType.OIDC_APP_TYPE_WEB] ?? "web",
    authMethod: AUTH_METHOD[app?.authMethodType ?? OIDCAuthMethodType.OIDC_AUTH_METHOD_TYPE_BASIC] ?? "client_secret_basic",
    accessTokenType: app?.accessTokenType === OIDCTokenType.OIDC_TOKEN_TYPE_JWT ? "jwt" : "opaque",
    idTokenRoleAssertion: app?.idTokenRoleAssertion === true,
    idTokenUserinfoAssertion: app?.idTokenUserinfoAssertion === true,
    accessTokenRoleAssertion: app?.accessTokenRoleAssertion === true,
    clockSkewMs: skew ? Math.round(Number(skew.seconds) * 1000 + skew.nanos / 1e6) : 0,
    devMode: app?.devMode === true,
  };
}

function pass1(core: Core, actor: Actor, o: OrgImport, attempt: Attempt): void {
  const { org, index, success: ok } = o;
  const orgId = ok.orgId;
  const at = (field: string) => (item: object, j: number, run: () => void) => attempt(field, orgId, `orgs[${index}].${field}[${j}]`, item, run);
  org.domains.forEach((d, j) => {
    const name = d.domainName.toLowerCase();
    // The org's own generated domain, or one it already has (an org continued into): nothing to add.
    if (domainsOfOrg(core.db, actor.instanceId, orgId).some((x) => x.domain === name)) return;
    if (!at("domains")(d, j, () => addDomain(core, actor, orgId, name))) return;
    ok.domains.push(name);
    if (d.isVerified) attempt("domain_isverified", orgId, `orgs[${index}].domains[${j}].isVerified`, d, () => validateDomain(core, actor, name, 0));
    if (d.isPrimary) attempt("domain_isprimary", orgId, `orgs[${index}].domains[${j}].isPrimary`, d, () => setPrimaryDomain(core, actor, name));
  });
  org.humanUsers.forEach((h, j) => {
    const u = h.user;
    const p = u?.profile;
    const hash = u?.hashedPassword?.value ?? "";
    const password = u?.password ?? "";
    const run = () =>
      withState(core, actor, h.state, () =>
        createHuman(
          core,
          actor,
          orgId,
          {
            username: u?.userName ?? "",
            firstName: p?.firstName ?? "",
            lastName: p?.lastName ?? "",
            nickName: p?.nickName ?? "",
            displayName: p?.displayName ?? "",
            preferredLanguage: p?.preferredLanguage ?? "",
            gender: GENDER[p?.gender ?? Gender.UNSPECIFIED],
            email: u?.email?.email ?? "",
            emailVerified: u?.email?.isEmailVerified === true,
            phone: u?.phone?.phone ?? "",
            phoneVerified: u?.phone?.isPhoneVerified === true,
            ...(hash ? { passwordHash: hash } : password ? { password } : {}),
          },
          { id: h.userId || undefined },
        ),
      );
    if (at("humanUsers")(h, j, run)) ok.humanUserIds.push(h.userId);
  });
  org.machineUsers.forEach((m, j) => {
    const u = m.user;
    const input = {
      username: u?.userName ?? "",
      name: u?.name ?? "",
      description: u?.description ?? "",
      accessTokenType: u?.accessTokenType === AccessTokenType.JWT ? ("jwt" as const) : ("opaque" as const),
    };
    const run = () => withState(core, actor, m.state, () => createMachine(core, actor, orgId, input, { id: m.userId || undefined }));
    if (at("machineUsers")(m, j, run)) ok.machineUserIds.push(m.userId);
  });
  org.userMetadata.forEach((m, j) => {
    const value = Buffer.from(m.value).toString("utf8");
    if (at("userMetadata")(m, j, () => setUserMetadata(core, actor, m.id, m.key, value))) ok.userMetadata.push({ userId: m.id, key: m.key });
  });
  org.machineKeys.forEach((k, j) => {
    if (at("machineKeys")(k, j, () => addMachineKey(core, actor, k.userId, publicJwkOf(pem(k.publicKey)), { id: k.keyId || undefined })))
      ok.machineKeys.push(k.keyId);
  });
  org.projects.forEach((pr, j) => {
    const p = pr.project;
    const input = {
      name: p?.name ?? "",
      roleAssertion: p?.projectRoleAssertion === true,
      roleCheck: p?.projectRoleCheck === true,
      hasProjectCheck: p?.hasProjectCheck === true,
    };
    if (at("projects")(pr, j, () => createProject(core, actor, orgId, input, { id: pr.projectId || undefined }))) ok.projectIds.push(pr.projectId);
  });
  org.oidcApps.forEach((a, j) => {
    const [projectId, name] = [a.app?.projectId ?? "", a.app?.name ?? ""];
    if (at("oidcApps")(a, j, () => createApp(core, actor, projectId, name, "oidc", oidcConfig(a.app), { id: a.appId || undefined })))
      ok.oidcAppIds.push(a.appId);
  });
  org.apiApps.forEach((a, j) => {
    const [projectId, name] = [a.app?.projectId ?? "", a.app?.name ?? ""];
    const jwt = a.app?.authMethodType === APIAuthMethodType.API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT;
    const config: ApiAppConfig = { authMethod: jwt ? "private_key_jwt" : "client_secret_basic" };
    if (at("apiApps")(a, j, () => createApp(core, actor, projectId, name, "api", config, { id: a.appId || undefined }))) ok.apiAppIds.push(a.appId);
  });
  org.appKeys.forEach((k, j) => {
    const opts = { id: k.id || undefined, ...(k.expirationDate ? { expiresAt: isoOf(k.expirationDate) } : {}) };
    if (at("appKeys")(k, j, () => addAppKey(core, actor, k.appId, publicJwkOf(pem(k.publicKey)), opts))) ok.appKeys.push(k.id);
  });
  org.projectRoles.forEach((r, j) => {
    const role = { key: r.roleKey, displayName: r.displayName || r.roleKey, group: r.group };
    if (at("projectRoles")(r, j, () => addRole(core, actor, r.projectId, role))) ok.projectRoles.push(`${r.projectId}_${role.key}`);
  });
}

function pass2(core: Core, actor: Actor, o: OrgImport, attempt: Attempt): void {
  const { org, index, success: ok } = o;
  const at = (field: string) => (item: object, j: number, run: () => void) => attempt(field, ok.orgId, `orgs[${index}].${field}[${j}]`, item, run);
  org.projectGrants.forEach((g, j) => {
    const pg = g.projectGrant;
    const input = { projectId: pg?.projectId ?? "", grantedOrgId: pg?.grantedOrgId ?? "", roles: pg?.roleKeys ?? [] };
    if (at("projectGrants")(g, j, () => createProjectGrant(core, actor, input, { id: g.grantId || undefined })))
      ok.projectGrants.push({ grantId: g.grantId, projectId: input.projectId, orgId: input.grantedOrgId });
  });
  org.userGrants.forEach((g, j) => {
    const input = { userId: g.userId, projectId: g.projectId, roles: g.roleKeys };
    if (at("userGrants")(g, j, () => createGrant(core, actor, input))) ok.userGrants.push({ projectId: input.projectId, userId: input.userId });
  });
}

function pass3(core: Core, actor: Actor, o: OrgImport, attempt: Attempt): void {
  const { org, index, success: ok } = o;
  const orgId = ok.orgId;
  const at = (field: string) => (item: object, j: number, run: () => void) => attempt(field, orgId, `orgs[${index}].${field}[${j}]`, item, run);
  const ctx = { instanceId: actor.instanceId, orgId };
  org.orgMembers.forEach((m, j) => {
    if (at("orgMembers")(m, j, () => createMembership(core, actor, { ...ctx, type: "org", id: orgId }, m.userId, m.roles))) ok.orgMembers.push(m.userId);
  });
  org.projectGrantMembers.forEach((m, j) => {
    const c = { ...ctx, type: "project_grant" as const, id: m.grantId, projectId: m.projectId };
    if (at("projectGrantMembers")(m, j, () => createMembership(core, actor, c, m.userId, m.roles)))
      ok.projectGrantMembers.push({ projectId: m.projectId, grantId: m.grantId, userId: m.userId });
  });
  org.projectMembers.forEach((m, j) => {
    const c = { ...ctx, type: "project" as const, id: m.projectId, projectId: m.projectId };
    if (at("projectMembers")(m, j, () => createMembership(core, actor, c, m.userId, m.roles)))
      ok.projectMembers.push({ projectId: m.projectId, userId: m.userId });
  });
}

/**
 * Pass 1 creates the org (an org that exists already is recorded as an error and, as in the product,
 * continued into) and answers the org's import, or undefined when the org could not be had at all.
 */
export function importOrgItems(
  core: Core,
  actor: Actor,
  o: { org: DocumentOrg; index: number; success?: ImportSuccessOrg },
  attempt: Attempt,
  pass: "pass1" | "pass2" | "pass3",
): OrgImport | undefined {
  if (pass === "pass2") return (pass2(core, actor, o as OrgImport, attempt), undefined);
  if (pass === "pass3") return (pass3(core, actor, o as OrgImport, attempt), undefined);
  const orgId = o.org.orgId || core.ids.next();
  const created = attempt("org", orgId, `orgs[${o.index}].orgId`, o.org, () => {
    createOrg(core, actor, { name: o.org.org?.name ?? "" }, { id: orgId });
    if (o.org.orgState === OrgState.INACTIVE) setOrgActive(core, actor, orgId, false);
  });
  if (!created && !getOrg(core.db, actor.instanceId, orgId)) return undefined;
  const imported: OrgImport = { org: o.org, index: o.index, success: emptySuccess(orgId) };
  pass1(core, actor, imported, attempt);
  return imported;
}
