// The export document: the admin DataOrg of each exported org (wire-facts 7.2), built from the read
// of the whole org (read-org.ts). What the emulator holds and the format has a field for
// is exported; references to objects outside the export (a grant to an org not exported, a member
// from another org) are left out, as the product leaves them out. Choices: docs/behaviour.md
// "Admin export and import".

import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { createPublicKey, type JsonWebKey } from "node:crypto";
import type { App } from "../domain/app/app.js";
import type { OrgRead, OrgUser } from "./read-org.js";
import { APP_TYPES, AUTH_METHODS, GENDERS, GRANT_TYPES, RESPONSE_TYPES } from "./document-enums.js";
import { userState } from "../domain/user/user.js";
import { type DataOrgSchema, OrgState } from "../gen/svc/admin/v1/admin_pb.js";
import { AccessTokenType, APIAuthMethodType, Gender, KeyType, OIDCTokenType, UserState } from "../gen/svc/v1/v1/data_org_pb.js";
import { durationFromMs } from "@bufbuild/protobuf/wkt";

type DataOrgInit = MessageInitShape<typeof DataOrgSchema>;
type PublicKey = { id: string; jwk: object; expiresAt: string | null };

/** What the whole export holds, for leaving out references to objects outside it. */
export interface ExportScope {
  orgIds: Set<string>;
  projectIds: Set<string>;
  userIds: Set<string>;
}

export function exportScope(reads: OrgRead[]): ExportScope {
  return {
    orgIds: new Set(reads.map((r) => r.org.id)),
    projectIds: new Set(reads.flatMap((r) => r.projects.map((p) => p.project.id))),
    userIds: new Set(reads.flatMap((r) => r.users.map((u) => u.user.id))),
  };
}

/** The key's public part as PEM (SubjectPublicKeyInfo), the bytes the product exports. */
function keyMessage(k: PublicKey) {
  const pem = createPublicKey({ key: k.jwk as JsonWebKey, format: "jwk" }).export({ type: "spki", format: "pem" }) as string;
  return {
    type: KeyType.JSON,
    ...(k.expiresAt ? { expirationDate: timestampFromDate(new Date(k.expiresAt)) } : {}),
    publicKey: new TextEncoder().encode(pem),
  };
}

function oidcApp(app: App) {
  const c = app.oidc!;
  return {
    projectId: app.projectId,
    name: app.name,
    redirectUris: c.redirectUris,
    responseTypes: c.responseTypes.map((r) => RESPONSE_TYPES[r]),
    grantTypes: c.grantTypes.map((g) => GRANT_TYPES[g]),
    appType: APP_TYPES[c.appType],
    authMethodType: AUTH_METHODS[c.authMethod],
    postLogoutRedirectUris: c.postLogoutRedirectUris,
    devMode: c.devMode,
    accessTokenType: c.accessTokenType === "jwt" ? OIDCTokenType.OIDC_TOKEN_TYPE_JWT : OIDCTokenType.OIDC_TOKEN_TYPE_BEARER,
    accessTokenRoleAssertion: c.accessTokenRoleAssertion,
    idTokenRoleAssertion: c.idTokenRoleAssertion,
    idTokenUserinfoAssertion: c.idTokenUserinfoAssertion,
    ...(c.clockSkewMs ? { clockSkew: durationFromMs(c.clockSkewMs) } : {}),
  };
}

/** The user's state as the export format names it (wire-facts 7.3: the import of the product reads it). */
const EXPORTED_STATE = { active: UserState.ACTIVE, locked: UserState.LOCKED, inactive: UserState.INACTIVE } as const;

function humanUser(u: OrgUser) {
  const d = u.user.data as Record<string, string | boolean | undefined>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    userId: u.user.id,
    state: EXPORTED_STATE[userState(u.user)],
    user: {
      userName: u.user.username,
      profile: {
        firstName: text(d.firstName),
        lastName: text(d.lastName),
        nickName: text(d.nickName),
        displayName: text(d.displayName),
        preferredLanguage: text(d.preferredLanguage),
        gender: GENDERS[text(d.gender)] ?? Gender.UNSPECIFIED,
      },
      email: { email: text(d.email), isEmailVerified: d.emailVerified === true },
      ...(d.phone ? { phone: { phone: text(d.phone), isPhoneVerified: d.phoneVerified === true } } : {}),
      ...(u.passwordHash ? { hashedPassword: { value: u.passwordHash } } : {}),
    },
  };
}

function machineUser(u: OrgUser) {
  const d = u.user.data as Record<string, string | undefined>;
  return {
    userId: u.user.id,
    state: EXPORTED_STATE[userState(u.user)],
    user: {
      userName: u.user.username,
      name: d.name ?? "",
      description: d.description ?? "",
      accessTokenType: d.accessTokenType === "jwt" ? AccessTokenType.JWT : AccessTokenType.BEARER,
    },
  };
}

/** The admin DataOrg of one org read, within what the whole export holds. */
export function dataOrg(read: OrgRead, scope: ExportScope): DataOrgInit {
  const orgId = read.org.id;
  const humans = read.users.filter((u) => u.user.type === "human");
  const machines = read.users.filter((u) => u.user.type === "machine");
  const apps = read.projects.flatMap((p) => p.apps);
  const given = read.projectGrants.given.filter((g) => scope.orgIds.has(g.grantedOrgId));
  const members = read.memberships.filter((m) => scope.userIds.has(m.userId));
  const grantOf = new Map(given.map((g) => [g.id, g]));
  const utf8 = new TextEncoder();
  return {
    orgId,
    org: { name: read.org.name },
    orgState: read.org.active ? OrgState.ACTIVE : OrgState.INACTIVE,
    projects: read.projects.map((p) => ({
      projectId: p.project.id,
      project: {
        name: p.project.name,
        projectRoleAssertion: p.project.roleAssertion,
        projectRoleCheck: p.project.roleCheck,
        hasProjectCheck: p.project.hasProjectCheck,
      },
    })),
    projectRoles: read.projects.flatMap((p) => p.roles.map((r) => ({ projectId: p.project.id, roleKey: r.key, displayName: r.displayName, group: r.group }))),
    apiApps: apps
      .filter((a) => a.app.kind === "api")
      .map(({ app }) => ({
        appId: app.id,
        app: {
          projectId: app.projectId,
          name: app.name,
          authMethodType:
            app.api!.authMethod === "private_key_jwt" ? APIAuthMethodType.API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT : APIAuthMethodType.API_AUTH_METHOD_TYPE_BASIC,
        },
      })),
    oidcApps: apps.filter((a) => a.app.kind === "oidc").map(({ app }) => ({ appId: app.id, app: oidcApp(app) })),
    humanUsers: humans.map(humanUser),
    machineUsers: machines.map(machineUser),
    projectGrants: given.map((g) => ({ grantId: g.id, projectGrant: { projectId: g.projectId, grantedOrgId: g.grantedOrgId, roleKeys: g.roles } })),
    userGrants: read.users.flatMap((u) =>
      u.grants
        .filter((g) => scope.projectIds.has(g.projectId))
        .map((g) => {
          // A grant on another org's project goes through the grant of that project to this org.
          const projectGrant = read.projectGrants.received.find((pg) => pg.projectId === g.projectId && pg.grantedOrgId === orgId);
          return { userId: u.user.id, projectId: g.projectId, ...(projectGrant ? { projectGrantId: projectGrant.id } : {}), roleKeys: g.roles };
        }),
    ),
    orgMembers: members.filter((m) => m.contextType === "org").map((m) => ({ userId: m.userId, roles: m.roles })),
    projectMembers: members.filter((m) => m.contextType === "project").map((m) => ({ projectId: m.contextId, userId: m.userId, roles: m.roles })),
    // Members of the grants this org gave: the grant belongs to the project's org, as in the product.
    projectGrantMembers: members
      .filter((m) => m.contextType === "project_grant" && grantOf.has(m.contextId))
      .map((m) => ({ projectId: grantOf.get(m.contextId)!.projectId, grantId: m.contextId, userId: m.userId, roles: m.roles })),
    userMetadata: read.users.flatMap((u) => Object.entries(u.metadata).map(([key, value]) => ({ id: u.user.id, key, value: utf8.encode(value) }))),
    domains: read.domains.map((d) => ({
      orgId,
      domainName: d.domain,
      isVerified: d.isVerified,
      isPrimary: d.isPrimary,
      validationType: d.validationType,
    })),
    appKeys: apps.flatMap(({ app, keys }) => keys.map((k) => ({ id: k.id, projectId: app.projectId, appId: app.id, ...keyMessage(k) }))),
    machineKeys: machines.flatMap((u) => u.keys.map((k) => ({ keyId: k.id, userId: u.user.id, ...keyMessage(k) }))),
  };
}
