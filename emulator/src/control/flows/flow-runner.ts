// The flow runner behind POST /emulator/v1/flows: runs an OAuth / OIDC flow for a client against the
// emulator's own endpoints over real HTTP (loopback.ts) and returns every exchange and the tokens.
// The code and the device flow sign the user in through the login pages' one-click shortcut: the
// console acts as the user's browser. The emulator keeps only digests of client secrets, so a client
// that authenticates with a secret needs it in the request (`clientSecret`); it is masked in the record.

import type { Core } from "../../domain/core.js";
import { ENDPOINTS } from "../../oidc/discovery.js";
import { Code } from "../../kernel/errors.js";
import { instanceHost } from "../instance-origin.js";
import { LoopbackAgent, type FlowStep } from "./loopback.js";
import type { FlowRequest } from "../flow-schemas.js";
import { clientAuth, findClient, findInstance, FlowInputError, signingInUser } from "./flow-client.js";
import { codeFlow } from "./code-flow.js";
import { deviceFlow } from "./device-flow.js";

export { FlowInputError } from "./flow-client.js";

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

const TOKEN_KINDS: TokenKind[] = ["access_token", "id_token", "refresh_token"];
const TOKEN_TYPE = "urn:ietf:params:oauth:token-type:";

/** Runs one flow. `port` is the emulator's HTTP listener. */
export async function runFlow(core: Core, port: number, r: FlowRequest): Promise<FlowResult> {
  const instance = findInstance(core, r.instanceId);
  const client = findClient(core, instance, r);
  const auth = clientAuth(client, r.clientSecret);
  const agent = new LoopbackAgent(port, instanceHost(instance, port));
  const result: FlowResult = { flow: r.flow, clientId: client.clientId, outcome: "ok", steps: agent.steps, tokens: [] };
  const fail = (step: string): false => {
    Object.assign(result, { outcome: "failed", failedStep: step });
    return false;
  };
  let granted = "";
  const tokenRequest = async (form: Record<string, string>): Promise<boolean> => {
    const res = await agent.send("token", { method: "POST", path: ENDPOINTS.token, headers: auth.headers, form: { ...form, ...auth.form } });
    if (res.status !== 200) return fail("token");
    const body = res.body as Record<string, unknown>;
    // RFC 6749 5.1: no scope in the answer means the scope requested.
    granted = typeof body.scope === "string" ? body.scope : (form.scope ?? scope);
    for (const kind of TOKEN_KINDS) if (typeof body[kind] === "string") result.tokens.push({ kind, value: body[kind] as string });
    return true;
  };
  const scope = r.scope ?? (r.flow === "client_credentials" ? "openid profile" : "openid profile email offline_access");

  switch (r.flow) {
    case "authorization_code":
      if (!(await codeFlow(agent, client, signingInUser(core, client, r.flow, r.userId), scope, tokenRequest, fail))) return result;
      break;
    case "device_code":
      if (!(await deviceFlow(agent, auth, signingInUser(core, client, r.flow, r.userId), scope, tokenRequest, fail))) return result;
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
  // Userinfo needs the openid scope on the access token: the scope the token response granted.
  if (access && granted.split(" ").includes("openid")) {
    const res = await agent.send("userinfo", { method: "GET", path: ENDPOINTS.userinfo, headers: { authorization: `Bearer ${access.value}` } });
    if (res.status !== 200) fail("userinfo");
  }
  return result;
}
