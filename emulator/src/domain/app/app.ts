// Applications of a project: OIDC apps (clients of the OpenID Connect provider) and API apps
// (resource servers that introspect tokens). Client secrets are stored as SHA-256 digests, sealed
// in the events (store/sealed.ts).

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { seal, unseal, type Sealed } from "../../store/sealed.js";

export type AuthMethod = "none" | "client_secret_basic" | "client_secret_post" | "private_key_jwt";
export type ResponseType = "code" | "id_token" | "id_token token";
/** The grant types an OIDC app may allow, as the token endpoint names them (implicit: the authorization endpoint). */
export const OIDC_GRANT_TYPES = [
  "authorization_code",
  "implicit",
  "refresh_token",
  "urn:ietf:params:oauth:grant-type:device_code",
  "urn:ietf:params:oauth:grant-type:token-exchange",
] as const;
export type GrantType = (typeof OIDC_GRANT_TYPES)[number];

export interface OidcAppConfig {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  responseTypes: ResponseType[];
  grantTypes: GrantType[];
  appType: "web" | "user_agent" | "native";
  authMethod: AuthMethod;
  accessTokenType: "opaque" | "jwt";
  idTokenRoleAssertion: boolean;
  idTokenUserinfoAssertion: boolean;
  accessTokenRoleAssertion: boolean;
  clockSkewMs: number;
  devMode: boolean;
}

export interface ApiAppConfig {
  authMethod: "client_secret_basic" | "private_key_jwt";
}

export interface App {
  changedAt: string;
  sequence: number;
  id: string;
  instanceId: string;
  projectId: string;
  orgId: string;
  name: string;
  kind: "oidc" | "api";
  clientId: string;
  hasSecret: boolean;
  oidc?: OidcAppConfig;
  api?: ApiAppConfig;
}

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

export function secretMatches(hash: string | null, secret: string): boolean {
  if (!hash) return false;
  const a = Buffer.from(hash);
  const b = Buffer.from(hashSecret(secret));
  return a.length === b.length && timingSafeEqual(a, b);
}

export const generateSecret = () => randomBytes(32).toString("base64url");

/** The digest of a client secret as events carry it: sealed. */
export const sealedSecretHash = (db: Database, secret: string): Sealed => seal(db, hashSecret(secret));

export function registerAppProjection(p: Projections): void {
  p.register(["app_keys", "apps"], {
    "app.added": (db, e) => {
      const { name, kind, clientId, secretHash, config } = e.payload as { name: string; kind: string; clientId: string; secretHash?: unknown; config: object };
      db.stmt("INSERT INTO apps (id, instance_id, project_id, name, kind, client_id, client_secret_hash, config, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.payload.projectId,
        name,
        kind,
        clientId,
        unseal(db, secretHash) ?? null,
        JSON.stringify(config),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "app.changed": (db, e) => {
      const current = JSON.parse((db.stmt("SELECT config FROM apps WHERE id = ?").get(e.aggregateId) as { config: string }).config) as object;
      const { name, ...config } = e.payload as Record<string, unknown>;
      db.stmt("UPDATE apps SET name = COALESCE(?, name), config = ?, client_secret_hash = COALESCE(?, client_secret_hash), changed_at = ?, sequence = ? WHERE id = ?").run(
        (name as string | undefined) ?? null,
        JSON.stringify({ ...current, ...Object.fromEntries(Object.entries(config).filter(([k]) => k !== "secretHash")) }),
        unseal(db, config.secretHash) ?? null,
        e.createdAt,
        e.aggregateSequence,
        e.aggregateId,
      );
    },
    "app.removed": (db, e) => {
      db.stmt("DELETE FROM apps WHERE id = ?").run(e.aggregateId);
    },
    "app.secret.changed": (db, e) => {
      db.stmt("UPDATE apps SET client_secret_hash = ?, changed_at = ?, sequence = ? WHERE id = ?").run(unseal(db, e.payload.secretHash), e.createdAt, e.aggregateSequence, e.aggregateId);
    },
    "app.key.added": (db, e) => {
      db.stmt("INSERT INTO app_keys (id, app_id, public_jwk, expires_at) VALUES (?, ?, ?, ?)").run(e.payload.keyId, e.aggregateId, JSON.stringify(e.payload.publicJwk), e.payload.expiresAt ?? null);
    },
  });
}

export interface AppInput {
  id?: string;
  name: string;
  clientId?: string;
  /** A fixed secret; generated for methods that need one when absent. */
  clientSecret?: string;
}

/** Adds an app; returns its id, client id and the plain secret when it has one. */
export function addApp(core: Core, instanceId: string, orgId: string, projectId: string, input: AppInput, kind: "oidc" | "api", config: OidcAppConfig | ApiAppConfig, creator: string) {
  const id = input.id ?? core.ids.next();
  const clientId = input.clientId ?? `${core.ids.next()}@svc`;
  const needsSecret = config.authMethod === "client_secret_basic" || config.authMethod === "client_secret_post";
  const clientSecret = needsSecret ? (input.clientSecret ?? generateSecret()) : undefined;
  core.events.push([
    {
      instanceId,
      aggregateType: "app",
      aggregateId: id,
      type: "app.added",
      payload: { projectId, name: input.name, kind, clientId, ...(clientSecret ? { secretHash: sealedSecretHash(core.db, clientSecret) } : {}), config },
      creator,
      resourceOwner: orgId,
    },
  ]);
  return { id, clientId, clientSecret };
}

export interface AppRow {
  changed_at: string;
  sequence: number;
  id: string;
  instance_id: string;
  project_id: string;
  name: string;
  kind: "oidc" | "api";
  client_id: string;
  client_secret_hash: string | null;
  config: string;
  org_id: string;
}

export function appFromRow(r: AppRow): App {
  const config = JSON.parse(r.config);
  return {
    changedAt: r.changed_at,
    sequence: r.sequence,
    id: r.id,
    instanceId: r.instance_id,
    projectId: r.project_id,
    orgId: r.org_id,
    name: r.name,
    kind: r.kind,
    clientId: r.client_id,
    hasSecret: r.client_secret_hash !== null,
    ...(r.kind === "oidc" ? { oidc: config as OidcAppConfig } : { api: config as ApiAppConfig }),
  };
}

/** Apps with the org of their project. */
export const APPS_WITH_ORG = { from: "apps a JOIN projects p ON p.id = a.project_id", select: "a.*, p.org_id" };
const SELECT = `SELECT ${APPS_WITH_ORG.select} FROM ${APPS_WITH_ORG.from}`;

export function appByClientId(db: Database, instanceId: string, clientId: string): App | undefined {
  const r = db.stmt(`${SELECT} WHERE a.instance_id = ? AND a.client_id = ?`).get(instanceId, clientId) as AppRow | undefined;
  return r && appFromRow(r);
}

export function getApp(db: Database, instanceId: string, id: string): App | undefined {
  const r = db.stmt(`${SELECT} WHERE a.instance_id = ? AND a.id = ?`).get(instanceId, id) as AppRow | undefined;
  return r && appFromRow(r);
}

export function appSecretHash(db: Database, appId: string): string | null {
  return (db.stmt("SELECT client_secret_hash AS h FROM apps WHERE id = ?").get(appId) as { h: string | null } | undefined)?.h ?? null;
}

export function appPublicKeys(db: Database, appId: string): { id: string; jwk: object; expiresAt: string | null }[] {
  const rows = db.stmt("SELECT id, public_jwk, expires_at FROM app_keys WHERE app_id = ?").all(appId) as { id: string; public_jwk: string; expires_at: string | null }[];
  return rows.map((r) => ({ id: r.id, jwk: JSON.parse(r.public_jwk) as object, expiresAt: r.expires_at }));
}

export function addAppKey(core: Core, app: App, publicJwk: object, creator: string, keyId = core.ids.next(), expiresAt?: string): string {
  core.events.push([
    { instanceId: app.instanceId, aggregateType: "app", aggregateId: app.id, type: "app.key.added", payload: { keyId, publicJwk, ...(expiresAt ? { expiresAt } : {}) }, creator, resourceOwner: app.orgId },
  ]);
  return keyId;
}
