// Applications of a project: OIDC apps (clients of the OpenID Connect provider) and API apps
// (resource servers that introspect tokens). Client secrets are stored as SHA-256 digests, sealed
// in the events (store/sealed.ts). The model, its rows and the secret digests.

import { createHash, timingSafeEqual } from "node:crypto";
import type { Database } from "../../store/database.js";
import { seal, type Sealed } from "../../store/sealed.js";
import { secretText } from "../../kernel/secret-text.js";

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

export const generateSecret = () => secretText(32);

/** The digest of a client secret as events carry it: sealed. */
export const sealedSecretHash = (db: Database, secret: string): Sealed => seal(db, hashSecret(secret));

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
