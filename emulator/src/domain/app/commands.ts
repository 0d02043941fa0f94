// App commands of SvcApps: create OIDC and API apps in a project (the response and grant types must
// fit each other), change, remove, regenerate the client secret, add a public key for private_key_jwt.

import { createPublicKey } from "node:crypto";
import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { foundProject } from "../project/queries.js";
import { generateKey, keyFile } from "../authn-key.js";
import { generateSecret, sealedSecretHash, type ApiAppConfig, type App, type OidcAppConfig } from "./app.js";
import { AppAdded, AppChanged, AppKeyAdded, AppRemoved, AppSecretChanged } from "./events.js";
import { foundApp, getApp } from "./queries.js";

function checkOidc(c: OidcAppConfig): void {
  if (c.responseTypes.includes("code") && !c.grantTypes.includes("authorization_code"))
    throw invalidArgument("APP-grant-types", "response type code needs grant type authorization_code");
  if (c.responseTypes.some((r) => r !== "code") && !c.grantTypes.includes("implicit"))
    throw invalidArgument("APP-grant-types", "response types id_token and id_token token need grant type implicit");
  if (c.clockSkewMs > 5000) throw invalidArgument("APP-clock-skew", "clock_skew must be at most 5s");
}

const needsSecret = (method: string | undefined) => method === "client_secret_basic" || method === "client_secret_post";

/**
 * Creates an app in a project; returns it with its client id and, for the secret methods, the plain
 * secret (once). `opts` keeps a given id, client id and secret (seed, import).
 */
export function createApp(
  core: Core,
  actor: Actor,
  projectId: string,
  name: string,
  kind: "oidc" | "api",
  config: OidcAppConfig | ApiAppConfig,
  opts: { id?: string; clientId?: string; clientSecret?: string } = {},
): { app: App; clientId: string; clientSecret: string | undefined } {
  const project = foundProject(core, actor, projectId);
  if (kind === "oidc") checkOidc(config as OidcAppConfig);
  if (opts.id && getApp(core.db, actor.instanceId, opts.id)) throw alreadyExists("APP-exists", `An application with the id ${opts.id} already exists`);
  const id = opts.id ?? core.ids.next();
  const clientId = opts.clientId ?? `${core.ids.next()}@svc`;
  const clientSecret = needsSecret(config.authMethod) ? (opts.clientSecret ?? generateSecret()) : undefined;
  core.events.command(() => [
    AppAdded.event(actor, id, project.orgId, {
      projectId,
      name,
      kind,
      clientId,
      ...(clientSecret ? { secretHash: sealedSecretHash(core.db, clientSecret) } : {}),
      config,
    }),
  ]);
  return { app: getApp(core.db, actor.instanceId, id)!, clientId, clientSecret };
}

export function removeApp(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const app = foundApp(core, actor, id);
    return [AppRemoved.event(actor, app.id, app.orgId, {})];
  });
  return removed!;
}

export function regenerateSecret(core: Core, actor: Actor, id: string): { event: StoredEvent; secret: string } {
  const secret = generateSecret();
  const [changed] = core.events.command(() => {
    const app = foundApp(core, actor, id);
    if (!app.hasSecret) throw failedPrecondition("APP-no-secret", "The app does not authenticate with a client secret");
    return [AppSecretChanged.event(actor, app.id, app.orgId, { secretHash: sealedSecretHash(core.db, secret) })];
  });
  return { event: changed!, secret };
}

/** A public key given as a JWK (JSON) or as PEM, as a JWK. */
export function publicJwkOf(text: string): object {
  try {
    const key = text.trim().startsWith("{")
      ? createPublicKey({ key: JSON.parse(text) as import("node:crypto").JsonWebKey, format: "jwk" })
      : createPublicKey(text);
    if (key.asymmetricKeyType !== "rsa") throw new Error("not RSA");
    return key.export({ format: "jwk" });
  } catch {
    throw invalidArgument("APP-key-invalid", "public_key must be an RSA public key as JWK or PEM");
  }
}

/** Adds a public key (a JWK, stored as given) to an app; `opts` keeps a given key id and expiry. */
export function addAppKey(core: Core, actor: Actor, appId: string, publicJwk: object, opts: { id?: string; expiresAt?: string } = {}): string {
  const keyId = opts.id ?? core.ids.next();
  core.events.command(() => {
    const app = foundApp(core, actor, appId);
    return [AppKeyAdded.event(actor, app.id, app.orgId, { keyId, publicJwk, ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}) })];
  });
  return keyId;
}

/** Adds a key given as a public key, or generates the pair and returns its key file once. */
export function addKey(core: Core, actor: Actor, appId: string, publicKey: string | undefined): { keyId: string; keyDetails?: Uint8Array } {
  const app = foundApp(core, actor, appId);
  if (publicKey) return { keyId: addAppKey(core, actor, app.id, publicJwkOf(publicKey)) };
  const generated = generateKey();
  const keyId = addAppKey(core, actor, app.id, generated.publicJwk);
  return { keyId, keyDetails: keyFile({ type: "application", keyId, key: generated.privatePem, appId: app.id, clientId: app.clientId }) };
}

/**
 * Changes an app's name and configuration; a switch to a secret method generates a secret, returned
 * once. The OIDC configuration that results must still be consistent.
 */
export function changeApp(
  core: Core,
  actor: Actor,
  id: string,
  kind: "oidc" | "api",
  patch: Record<string, unknown>,
): { event: StoredEvent | undefined; secret?: string } {
  let secret: string | undefined;
  const [changed] = core.events.command(() => {
    const app = foundApp(core, actor, id);
    if (app.kind !== kind) throw notFound("APP-not-found", `App not found among the ${kind} apps`);
    const config = (app.oidc ?? app.api) as unknown as Record<string, unknown>;
    const diff = Object.fromEntries(
      Object.entries(patch).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(k === "name" ? app.name : config[k])),
    );
    if (Object.keys(diff).length === 0) return [];
    if (kind === "oidc") checkOidc({ ...(app.oidc as OidcAppConfig), ...(diff as Partial<OidcAppConfig>) });
    if (needsSecret(diff.authMethod as string | undefined) && !app.hasSecret) {
      secret = generateSecret();
      diff.secretHash = sealedSecretHash(core.db, secret);
    }
    return [AppChanged.event(actor, app.id, app.orgId, diff)];
  });
  return { event: changed, secret };
}
