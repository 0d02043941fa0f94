// The login as the flow runner's user agent goes through it, for the code and the device flow: the
// login page an authorization request led to, then the login pages' one-click shortcut as the user
// (the console signs in as that user: a real login session).

import type { LoopbackAgent } from "./loopback.js";

/** Where the login sent the user agent next (the app's callback, the device consent page); false once `fail` recorded the failed step. */
export async function signIn(agent: LoopbackAgent, loginUrl: URL, authRequest: string, userId: string, fail: (step: string) => false): Promise<URL | false> {
  const page = await agent.send("login page", { method: "GET", path: loginUrl.pathname + loginUrl.search });
  if (page.status !== 200) return fail("login page");
  const signedIn = await agent.send("login", { method: "POST", path: "/ui/login/shortcut", form: { authRequest, userId } });
  return agent.redirectTarget(signedIn) ?? fail("login");
}
