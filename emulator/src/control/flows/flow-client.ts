// Who a flow of the flow runner (flow-runner.ts) runs for: its instance, its client (an OIDC app, or
// a machine user for client credentials) with the client authentication that client is configured
// for, and the human who signs in. Bad input is a FlowInputError, thrown before any request is sent.

import type { Core } from "../../domain/core.js";
import type { App } from "../../domain/app/app.js";
import { appByClientId, getApp } from "../../domain/app/queries.js";
import { namedOrDefaultInstance } from "../../domain/instance/queries.js";
import type { Instance } from "../../domain/instance/instance.js";
import { getUser, getUserByUsername } from "../../domain/user/queries.js";
import type { User } from "../../domain/user/user.js";
import { Code } from "../../kernel/errors.js";
import type { FlowRequest } from "../flow-schemas.js";

/** A request the runner cannot start, answered with its gRPC code. */
export class FlowInputError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

export type Client = { clientId: string; authMethod: string; instanceId: string; app?: App; machine?: User };
/** What a request authenticating the client adds: an Authorization header or form fields. */
export type ClientAuth = { headers: Record<string, string>; form: Record<string, string> };

export function findInstance(core: Core, instanceId: string | undefined): Instance {
  const instance = namedOrDefaultInstance(core.db, instanceId);
  if (!instance) throw new FlowInputError(Code.NotFound, `no instance ${instanceId ?? "(default)"}`);
  return instance;
}

/** The client of the flow: an app by appId or clientId, or (client credentials) a machine user by userId or user name. */
export function findClient(core: Core, instance: Instance, r: FlowRequest): Client {
  if (r.flow === "client_credentials") {
    const user = r.userId ? getUser(core.db, instance.id, r.userId) : r.clientId ? getUserByUsername(core.db, instance.id, r.clientId) : undefined;
    if (!user || user.instanceId !== instance.id || user.type !== "machine")
      throw new FlowInputError(Code.NotFound, "client_credentials needs a machine user of the instance: userId or clientId (its user name)");
    return { clientId: user.username, authMethod: "client_secret_basic", instanceId: instance.id, machine: user };
  }
  const app = r.appId ? getApp(core.db, instance.id, r.appId) : r.clientId ? appByClientId(core.db, instance.id, r.clientId) : undefined;
  if (!app) throw new FlowInputError(Code.NotFound, r.appId || r.clientId ? "no such app in the instance" : "appId or clientId is required");
  if (app.kind !== "oidc" || !app.oidc) throw new FlowInputError(Code.FailedPrecondition, "the app is an API app: flows need an OIDC app");
  return { clientId: app.clientId, authMethod: app.oidc.authMethod, instanceId: instance.id, app };
}

/** The client authentication of a token (or device authorization) request, as the client is configured. */
export function clientAuth(c: Client, secret: string | undefined): ClientAuth {
  if (c.authMethod === "none") return { headers: {}, form: { client_id: c.clientId } };
  if (c.authMethod === "private_key_jwt")
    throw new FlowInputError(Code.FailedPrecondition, "the app authenticates with private_key_jwt: the emulator has no private key of it to sign an assertion");
  if (!secret)
    throw new FlowInputError(
      Code.FailedPrecondition,
      `the client authenticates with ${c.authMethod}: pass its clientSecret (the emulator keeps only a digest of client secrets)`,
    );
  if (c.authMethod === "client_secret_post") return { headers: {}, form: { client_id: c.clientId, client_secret: secret } };
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
  return { headers: { authorization: `Basic ${Buffer.from(`${enc(c.clientId)}:${enc(secret)}`).toString("base64")}` }, form: {} };
}

/** The human who signs in during a code or device flow: `userId`, a human user of the client's instance. */
export function signingInUser(core: Core, client: Client, flow: FlowRequest["flow"], userId: string | undefined): User {
  const user = userId ? getUser(core.db, client.instanceId, userId) : undefined;
  if (!user || user.instanceId !== client.instanceId || user.type !== "human")
    throw new FlowInputError(Code.InvalidArgument, `${flow} needs userId: a human user of the app's instance`);
  return user;
}
