// Client authentication (spec "Client authentication methods"): client_secret_basic,
// client_secret_post, none (client_id only) and private_key_jwt, each endpoint and grant accepting
// the methods of the spec's matrix. A client uses the method its app is configured with; machine
// users authenticate with their secret for client_credentials.

import { decodeJwt } from "jose";
import { verifiedByRegisteredKey } from "./assertion.js";
import type { Core } from "../domain/core.js";
import type { Instance } from "../domain/instance/instance.js";
import { secretMatches, type App, type AuthMethod } from "../domain/app/app.js";
import { appPublicKeys } from "../domain/app/queries.js";
import { getUser, machineKeys } from "../domain/user/queries.js";
import { clientRecord } from "./client-records.js";
import { canSignIn, type User } from "../domain/user/user.js";
import { invalidClient, invalidRequest } from "./errors.js";
import { decodeFormComponent, malformedText } from "../kernel/text.js";

export type Client = { kind: "app"; clientId: string; app: App } | { kind: "machine"; clientId: string; user: User };

export interface ClientCredentials {
  authorization: string | undefined;
  body: Record<string, string | undefined>;
}

/** All four methods: what the token endpoint's app grants, device authorization and revocation accept (spec matrix). */
export const EVERY_AUTH_METHOD: AuthMethod[] = ["none", "client_secret_basic", "client_secret_post", "private_key_jwt"];

const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

function presented(c: ClientCredentials): { method: AuthMethod; clientId: string; secret?: string; assertion?: string } {
  const methods: AuthMethod[] = [];
  let basic: { id: string; secret: string } | undefined;
  if (c.authorization?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(c.authorization.slice(6).trim(), "base64").toString("latin1");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw invalidClient("malformed Basic authorization header");
    // RFC 6749 2.3.1: id and secret are form-urlencoded before Basic encoding.
    basic = { id: decodeFormComponent(decoded.slice(0, colon)), secret: decodeFormComponent(decoded.slice(colon + 1)) };
    if (malformedText(basic.id) || malformedText(basic.secret)) throw invalidClient("malformed Basic authorization header: not UTF-8 text, or NUL in it");
    methods.push("client_secret_basic");
  }
  if (c.body.client_secret !== undefined) methods.push("client_secret_post");
  if (c.body.client_assertion !== undefined) methods.push("private_key_jwt");
  if (methods.length > 1) throw invalidRequest("more than one client authentication mechanism was used");
  const method = methods[0] ?? "none";
  if (method === "client_secret_basic") {
    if (c.body.client_id !== undefined && c.body.client_id !== basic!.id) throw invalidRequest("client_id does not match the Basic authorization header");
    return { method, clientId: basic!.id, secret: basic!.secret };
  }
  if (method === "private_key_jwt") {
    if (c.body.client_assertion_type !== ASSERTION_TYPE) throw invalidClient(`client_assertion_type must be ${ASSERTION_TYPE}`);
    let sub: string | undefined;
    try {
      sub = decodeJwt(c.body.client_assertion!).sub;
    } catch {
      throw invalidClient("client_assertion is not a JWT");
    }
    if (!sub) throw invalidClient("client_assertion has no sub");
    return { method, clientId: sub, assertion: c.body.client_assertion };
  }
  const clientId = c.body.client_id;
  if (!clientId) throw invalidClient("client authentication is missing: no client_id, Basic authorization or client_assertion");
  return method === "client_secret_post" ? { method, clientId, secret: c.body.client_secret } : { method, clientId };
}

async function verifyAssertion(core: Core, app: App, assertion: string, audiences: string[]): Promise<void> {
  const ok = await verifiedByRegisteredKey(core, assertion, appPublicKeys(core.db, app.instanceId, app.id), {
    issuer: app.clientId,
    subject: app.clientId,
    audience: audiences,
  });
  if (!ok) throw invalidClient("client_assertion could not be verified with a key of the client");
}

/**
 * Authenticates the client of a token, introspection or revocation request. `accepted` are the
 * methods the endpoint or grant allows; `issuer` and the endpoint URL are the audiences a client
 * assertion may name.
 */
export async function authenticateClient(
  core: Core,
  instance: Instance,
  creds: ClientCredentials,
  accepted: AuthMethod[],
  audiences: string[],
  allowMachines = false,
): Promise<Client> {
  const p = presented(creds);
  const record = clientRecord(core, instance.id, p.clientId);
  const app = record.app?.app;
  if (!app) {
    if (allowMachines && (p.method === "client_secret_basic" || p.method === "client_secret_post")) {
      const machine = record.machine;
      if (machine && canSignIn(machine.user) && secretMatches(machine.secretHash, p.secret ?? "")) {
        return { kind: "machine", clientId: p.clientId, user: machine.user };
      }
    }
    // A machine user is the client of its JWT profile tokens (client id = its user id) and
    // authenticates with an assertion signed by one of its keys, e.g. to refresh them.
    if (allowMachines && p.method === "private_key_jwt" && accepted.includes(p.method)) {
      const user = getUser(core.db, instance.id, p.clientId);
      if (user?.type === "machine" && user.instanceId === instance.id && canSignIn(user)) {
        const ok = await verifiedByRegisteredKey(core, p.assertion!, machineKeys(core.db, user.instanceId, user.id), {
          issuer: user.id,
          subject: user.id,
          audience: audiences,
        });
        if (ok) return { kind: "machine", clientId: user.id, user };
      }
    }
    throw invalidClient("client authentication failed: unknown client or wrong credentials");
  }
  const configured = app.oidc?.authMethod ?? app.api!.authMethod;
  if (!accepted.includes(p.method)) throw invalidClient(`client authentication method ${p.method} is not accepted here`);
  if (p.method !== configured) throw invalidClient(`client ${app.clientId} authenticates with ${configured}, not ${p.method}`);
  if (p.method === "client_secret_basic" || p.method === "client_secret_post") {
    if (!secretMatches(record.app!.secretHash, p.secret ?? "")) throw invalidClient("client authentication failed: unknown client or wrong credentials");
  }
  if (p.method === "private_key_jwt") await verifyAssertion(core, app, p.assertion!, audiences);
  return { kind: "app", clientId: app.clientId, app };
}

/** The app of a client id, for the authorization endpoint (which authenticates no one). */
export function findApp(core: Core, instance: Instance, clientId: string): App | undefined {
  const app = clientRecord(core, instance.id, clientId).app?.app;
  return app?.kind === "oidc" ? app : undefined;
}
