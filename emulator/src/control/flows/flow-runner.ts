// The flow runner behind POST /emulator/v1/flows: runs an OAuth / OIDC flow for a client against the
// emulator's own endpoints over real HTTP (loopback.ts) and returns every exchange and the tokens.
// The code flow signs the user in through the login pages' one-click shortcut: the console acts as
// the user's browser. The emulator keeps only digests of client secrets, so a client that
// authenticates with a secret needs it in the request (`clientSecret`); it is masked in the record.

import { createHash, randomBytes } from "node:crypto";
import type { Core } from "../../domain/core.js";
import type { App } from "../../domain/app/app.js";
import { appByClientId, getApp } from "../../domain/app/queries.js";
import { getInstance, defaultInstance } from "../../domain/instance/queries.js";
import type { Instance } from "../../domain/instance/instance.js";
import { getUser, getUserByUsername } from "../../domain/user/queries.js";
import type { User } from "../../domain/user/user.js";
import { ENDPOINTS } from "../../oidc/discovery.js";
import { Code } from "../../kernel/errors.js";
import { instanceHost } from "../instance-origin.js";
import { LoopbackAgent, type FlowStep, type RecordedResponse } from "./loopback.js";
import type { FlowRequest } from "../flow-schemas.js";

export type TokenKind = "access_token" | "id_token" | "refresh_token";

export interface FlowResult {
  flow: FlowRequest["flow"];
  clientId: string;
  /** ok: the flow reached its end; failed: a step was refused (failedStep names it, its response says why). */
  outcome: "ok" | "failed";
  failedStep?: string;
  steps: FlowStep[];
  tokens: { kind: TokenKind; value: string }[];
}

/** A request the runner cannot start, answered with its gRPC code. */
export class FlowInputError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

const b64url = (b: Buffer) => b.toString("base64url");
const TOKEN_KINDS: TokenKind[] = ["access_token", "id_token", "refresh_token"];
const TOKEN_TYPE = "urn:ietf:params:oauth:token-type:";

type Client = { clientId: string; authMethod: string; instanceId: string; app?: App; machine?: User };

export function findInstance(core: Core, instanceId: string | undefined): Instance {
  const instance = instanceId ? getInstance(core.db, instanceId) : defaultInstance(core.db);
  if (!instance) throw new FlowInputError(Code.NotFound, `no instance ${instanceId ?? "(default)"}`);
  return instance;
}

/** The client of the flow: an app by appId or clientId, or (client credentials) a machine user by userId or user name. */
function findClient(core: Core, instance: Instance, r: FlowRequest): Client {
  if (r.flow === "client_credentials") {
    const user = r.userId ? getUser(core.db, r.userId) : r.clientId ? getUserByUsername(core.db, instance.id, r.clientId) : undefined;
    if (!user || user.instanceId !== instance.id || user.type !== "machine")
      throw new FlowInputError(Code.NotFound, "client_credentials needs a machine user of the instance: userId or clientId (its user name)");
    return { clientId: user.username, authMethod: "client_secret_basic", instanceId: instance.id, machine: user };
  }
  const app = r.appId ? getApp(core.db, instance.id, r.appId) : r.clientId ? appByClientId(core.db, instance.id, r.clientId) : undefined;
  if (!app) throw new FlowInputError(Code.NotFound, r.appId || r.clientId ? "no such app in the instance" : "appId or clientId is required");
  if (app.kind !== "oidc" || !app.oidc) throw new FlowInputError(Code.FailedPrecondition, "the app is an API app: flows need an OIDC app");
  return { clientId: app.clientId, authMethod: app.oidc.authMethod, instanceId: instance.id, app };
}

/** The client authentication of a token request, as the client is configured. */
function clientAuth(c: Client, secret: string | undefined): { headers: Record<string, string>; form: Record<string, string> } {
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

/** Runs one flow. `port` is the emulator's HTTP listener. */
export async function runFlow(core: Core, port: number, r: FlowRequest): Promise<FlowResult> {
  const instance = findInstance(core, r.instanceId);
  const client = findClient(core, instance, r);
  const auth = clientAuth(client, r.clientSecret);
  const agent = new LoopbackAgent(port, instanceHost(instance, port));
  const result: FlowResult = { flow: r.flow, clientId: client.clientId, outcome: "ok", steps: agent.steps, tokens: [] };
  const fail = (step: string) => Object.assign(result, { outcome: "failed" as const, failedStep: step });
  const tokenRequest = async (form: Record<string, string>): Promise<boolean> => {
    const res = await agent.send("token", { method: "POST", path: ENDPOINTS.token, headers: auth.headers, form: { ...form, ...auth.form } });
    if (res.status !== 200) return !fail("token");
    const body = res.body as Record<string, unknown>;
    for (const kind of TOKEN_KINDS) if (typeof body[kind] === "string") result.tokens.push({ kind, value: body[kind] as string });
    return true;
  };
  const scope = r.scope ?? (r.flow === "client_credentials" ? "openid profile" : "openid profile email offline_access");

  switch (r.flow) {
    case "authorization_code":
      if (!(await codeFlow(core, agent, client, r.userId, scope, tokenRequest, fail))) return result;
      break;
    case "client_credentials":
      if (!(await tokenRequest({ grant_type: "client_credentials", scope }))) return result;
      break;
    case "refresh_token":
      if (!r.refreshToken) throw new FlowInputError(Code.InvalidArgument, "refresh_token needs refreshToken");
      if (!(await tokenRequest({ grant_type: "refresh_token", refresh_token: r.refreshToken, ...(r.scope ? { scope } : {}) }))) return result;
      break;
    case "token_exchange": {
      if (!r.subjectToken) throw new FlowInputError(Code.InvalidArgument, "token_exchange needs subjectToken");
      const form = {
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: r.subjectToken,
        subject_token_type: TOKEN_TYPE + (r.subjectTokenType ?? "access_token"),
        ...(r.scope ? { scope } : {}),
      };
      if (!(await tokenRequest(form))) return result;
      break;
    }
  }
  const access = result.tokens.find((t) => t.kind === "access_token");
  if (access && scope.split(" ").includes("openid")) {
    const res = await agent.send("userinfo", { method: "GET", path: ENDPOINTS.userinfo, headers: { authorization: `Bearer ${access.value}` } });
    if (res.status !== 200) fail("userinfo");
  }
  return result;
}

async function codeFlow(
  core: Core,
  agent: LoopbackAgent,
  client: Client,
  userId: string | undefined,
  scope: string,
  tokenRequest: (form: Record<string, string>) => Promise<boolean>,
  fail: (step: string) => unknown,
): Promise<boolean> {
  const user = userId ? getUser(core.db, userId) : undefined;
  if (!user || user.instanceId !== client.instanceId || user.type !== "human")
    throw new FlowInputError(Code.InvalidArgument, "authorization_code needs userId: a human user of the app's instance");
  const redirectUri = client.app!.oidc!.redirectUris[0];
  if (!redirectUri) throw new FlowInputError(Code.FailedPrecondition, "the app has no redirect URI");
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const nonce = b64url(randomBytes(16));
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope,
    state,
    nonce,
    code_challenge: b64url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    prompt: "login",
  });
  const authorized = await agent.send("authorize", { method: "GET", path: `${ENDPOINTS.authorization}?${query}` });
  const loginUrl = redirectTarget(agent, authorized);
  const authRequest = loginUrl?.searchParams.get("authRequest");
  if (!loginUrl || !authRequest) return !fail("authorize");
  const page = await agent.send("login page", { method: "GET", path: loginUrl.pathname + loginUrl.search });
  if (page.status !== 200) return !fail("login page");
  const signedIn = await agent.send("login", { method: "POST", path: "/ui/login/shortcut", form: { authRequest, userId: user.id } });
  const callback = redirectTarget(agent, signedIn);
  if (!callback) return !fail("login");
  agent.record("callback", callback.toString(), "the redirect to the app's redirect URI: not sent; the runner takes the code from it and checks the state");
  const code = callback.searchParams.get("code");
  if (callback.searchParams.get("state") !== state || !code) return !fail("callback");
  return tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
}

/** The Location of a redirect, resolved against the emulator; undefined for any other answer. */
function redirectTarget(agent: LoopbackAgent, res: RecordedResponse): URL | undefined {
  if (res.status < 300 || res.status > 399 || !res.headers.location) return undefined;
  return new URL(res.headers.location, agent.origin);
}
