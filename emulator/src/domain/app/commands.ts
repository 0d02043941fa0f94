// App commands of SvcApps: create OIDC and API apps in a project (the response and grant types must
// fit each other), remove, regenerate the client secret, add a public key for private_key_jwt.

import { createPublicKey } from "node:crypto";
import type { Actor, Core } from "../core.js";
import { failedPrecondition, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { getProject } from "../project/project.js";
import { generateKey, keyFile } from "../authn-key.js";
import { addApp, addAppKey, generateSecret, getApp, hashSecret, sealedSecretHash, type ApiAppConfig, type App, type OidcAppConfig } from "./app.js";

const appNotFound = () => notFound("APP-not-found", "App not found");

export function foundApp(core: Core, actor: Actor, id: string): App {
  const app = getApp(core.db, actor.instanceId, id);
  if (!app) throw appNotFound();
  return app;
}

function checkOidc(c: OidcAppConfig): void {
  if (c.responseTypes.includes("code") && !c.grantTypes.includes("authorization_code")) throw invalidArgument("APP-grant-types", "response type code needs grant type authorization_code");
  if (c.responseTypes.some((r) => r !== "code") && !c.grantTypes.includes("implicit")) throw invalidArgument("APP-grant-types", "response types id_token and id_token token need grant type implicit");
  if (c.clockSkewMs > 5000) throw invalidArgument("APP-clock-skew", "clock_skew must be at most 5s");
}

export function createApp(core: Core, actor: Actor, projectId: string, name: string, kind: "oidc" | "api", config: OidcAppConfig | ApiAppConfig) {
  const project = getProject(core.db, projectId);
  if (!project || project.instanceId !== actor.instanceId) throw notFound("PROJECT-not-found", "Project not found");
  if (kind === "oidc") checkOidc(config as OidcAppConfig);
  const { id, clientId, clientSecret } = addApp(core, actor.instanceId, project.orgId, projectId, { name }, kind, config, actor.userId);
  return { app: getApp(core.db, actor.instanceId, id)!, clientId, clientSecret };
}

function event(actor: Actor, app: App, type: string, payload: Record<string, unknown>) {
  return { instanceId: actor.instanceId, aggregateType: "app", aggregateId: app.id, type, payload, creator: actor.userId, resourceOwner: app.orgId };
}

export function removeApp(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => [event(actor, foundApp(core, actor, id), "app.removed", {})]);
  return removed!;
}

export function regenerateSecret(core: Core, actor: Actor, id: string): { event: StoredEvent; secret: string } {
  const secret = generateSecret();
  const [changed] = core.events.command(() => {
    const app = foundApp(core, actor, id);
    if (!app.hasSecret) throw failedPrecondition("APP-no-secret", "The app does not authenticate with a client secret");
    return [event(actor, app, "app.secret.changed", { secretHash: sealedSecretHash(core.db, secret) })];
  });
  return { event: changed!, secret };
}

/** A public key given as a JWK (JSON) or as PEM, as a JWK. */
export function publicJwkOf(text: string): object {
  try {
    const key = text.trim().startsWith("{") ? createPublicKey({ key: JSON.parse(text) as import("node:crypto").JsonWebKey, format: "jwk" }) : createPublicKey(text);
    if (key.asymmetricKeyType !== "rsa") throw new Error("not RSA");
    return key.export({ format: "jwk" });
  } catch {
    throw invalidArgument("APP-key-invalid", "public_key must be an RSA public key as JWK or PEM");
  }
}

/** Adds a key given as a public key, or generates the pair and returns its key file once. */
export function addKey(core: Core, actor: Actor, appId: string, publicKey: string | undefined): { keyId: string; keyDetails?: Uint8Array } {
  const app = foundApp(core, actor, appId);
  if (publicKey) return { keyId: addAppKey(core, app, publicJwkOf(publicKey), actor.userId) };
  const generated = generateKey();
  const keyId = addAppKey(core, app, generated.publicJwk, actor.userId);
  return { keyId, keyDetails: keyFile({ type: "application", keyId, key: generated.privatePem, appId: app.id, clientId: app.clientId }) };
}

/**
 * Changes an app's name and configuration; a switch to a secret method generates a secret, returned
 * once. The OIDC configuration that results must still be consistent.
 */
export function changeApp(core: Core, actor: Actor, id: string, kind: "oidc" | "api", patch: Record<string, unknown>): { event: StoredEvent | undefined; secret?: string } {
  let secret: string | undefined;
  const [changed] = core.events.command(() => {
    const app = foundApp(core, actor, id);
    if (app.kind !== kind) throw notFound("APP-not-found", `App not found among the ${kind} apps`);
    const config = (app.oidc ?? app.api) as unknown as Record<string, unknown>;
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(k === "name" ? app.name : config[k])));
    if (Object.keys(diff).length === 0) return [];
    if (kind === "oidc") checkOidc({ ...(app.oidc as OidcAppConfig), ...(diff as Partial<OidcAppConfig>) });
    const method = diff.authMethod as string | undefined;
    if (method && (method === "client_secret_basic" || method === "client_secret_post") && !app.hasSecret) {
      secret = generateSecret();
      diff.secretHash = sealedSecretHash(core.db, secret);
    }
    return [event(actor, app, "app.changed", diff)];
  });
  return { event: changed, secret };
}
