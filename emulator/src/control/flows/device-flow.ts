// The device authorization grant (RFC 8628) as the flow runner runs it, both sides over real HTTP:
// the device asks for a device code and polls once (authorization_pending: the user has not decided);
// the user opens the verification URI with the code (verification_uri_complete), submits the code
// page, signs in (sign-in.ts) and allows the device on the consent page; then the device's poll gets
// the tokens. The second poll is not held back by the interval: the code is approved by then, and
// RFC 8628 3.5's slow_down is for polls of a pending code.

import type { DeviceAuthorizationResponse } from "../../oidc/device-authorization-endpoint.js";
import { DEVICE_CODE_GRANT, DEVICE_PAGE_PATH } from "../../oidc/device-paths.js";
import { ENDPOINTS } from "../../oidc/discovery.js";
import type { User } from "../../domain/user/user.js";
import type { ClientAuth } from "./flow-client.js";
import type { LoopbackAgent } from "./loopback.js";
import { signIn } from "./sign-in.js";

/** True when the token request succeeded; false once `fail` recorded the failed step. */
export async function deviceFlow(
  agent: LoopbackAgent,
  auth: ClientAuth,
  user: User,
  scope: string,
  tokenRequest: (form: Record<string, string>) => Promise<boolean>,
  fail: (step: string) => false,
): Promise<boolean> {
  const started = await agent.send("device authorization", {
    method: "POST",
    path: ENDPOINTS.deviceAuthorization,
    headers: auth.headers,
    form: { scope, ...auth.form },
  });
  if (started.status !== 200) return fail("device authorization");
  const { device_code, user_code, verification_uri_complete } = started.body as DeviceAuthorizationResponse;
  const grant = { grant_type: DEVICE_CODE_GRANT, device_code };
  const early = await agent.send(
    "poll",
    { method: "POST", path: ENDPOINTS.token, headers: auth.headers, form: { ...grant, ...auth.form } },
    "expected: the device polls before the user decided and is told authorization_pending",
  );
  if ((early.body as { error?: unknown }).error !== "authorization_pending") return fail("poll");

  // The user's browser, from here to the consent.
  const complete = new URL(verification_uri_complete);
  const opened = await agent.send("verification", { method: "GET", path: complete.pathname + complete.search });
  const codePage = agent.redirectTarget(opened);
  if (!codePage) return fail("verification");
  const page = await agent.send("user code page", { method: "GET", path: codePage.pathname + codePage.search });
  if (page.status !== 200) return fail("user code page");
  const entered = await agent.send("user code", { method: "POST", path: DEVICE_PAGE_PATH, form: { user_code } });
  const loginUrl = agent.redirectTarget(entered);
  const authRequest = loginUrl?.searchParams.get("authRequest");
  if (!loginUrl || !authRequest) return fail("user code");
  const consentUrl = await signIn(agent, loginUrl, authRequest, user.id, fail);
  if (!consentUrl) return false;
  const consent = await agent.send("consent page", { method: "GET", path: consentUrl.pathname + consentUrl.search });
  if (consent.status !== 200) return fail("consent page");
  const allowed = await agent.send("allow", { method: "POST", path: `${DEVICE_PAGE_PATH}/allowed`, form: { authRequest } });
  if (allowed.status !== 200) return fail("allow");

  return tokenRequest(grant);
}
