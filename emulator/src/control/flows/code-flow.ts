// The authorization code flow with PKCE as the flow runner runs it: authorize (S256, random state and
// nonce, prompt=login, the app's first redirect URI), the login (sign-in.ts), the redirect to the
// app's callback (recorded, not sent: the runner checks the state and takes the code), the token.

import { createHash, randomBytes } from "node:crypto";
import type { User } from "../../domain/user/user.js";
import { Code } from "../../kernel/errors.js";
import { ENDPOINTS } from "../../oidc/discovery.js";
import { type Client, FlowInputError } from "./flow-client.js";
import type { LoopbackAgent } from "./loopback.js";
import { signIn } from "./sign-in.js";

const b64url = (b: Buffer) => b.toString("base64url");

/** True when the token request succeeded; false once `fail` recorded the failed step. */
export async function codeFlow(
  agent: LoopbackAgent,
  client: Client,
  user: User,
  scope: string,
  tokenRequest: (form: Record<string, string>) => Promise<boolean>,
  fail: (step: string) => false,
): Promise<boolean> {
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
  const loginUrl = agent.redirectTarget(authorized);
  const authRequest = loginUrl?.searchParams.get("authRequest");
  if (!loginUrl || !authRequest) return fail("authorize");
  const callback = await signIn(agent, loginUrl, authRequest, user.id, fail);
  if (!callback) return false;
  agent.record("callback", callback.toString(), "the redirect to the app's redirect URI: not sent; the runner takes the code from it and checks the state");
  const code = callback.searchParams.get("code");
  if (callback.searchParams.get("state") !== state || !code) return fail("callback");
  return tokenRequest({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
}
