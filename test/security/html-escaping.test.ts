// Every HTML page renders hostile values as text and refuses to be framed: a user whose names are
// markup (login page shortcut, account chooser), a client id and redirect URI that are markup (the
// authorize error page), a login name typed as markup (the login page's answer), end session's error
// page and the device page. Framing headers for every page are also in test/oidc/html-pages.test.ts.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { Browser, type Page } from "../helpers/browser.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)>"'`;
const fixtures = defaultFixtures();
const org = fixtures.instances[0]!.orgs[0]!;
org.users!.push({
  type: "human",
  username: "mallory<b>",
  firstName: XSS,
  lastName: `"><svg onload=alert(2)>`,
  email: "mallory@svc-emulator.localhost",
  emailVerified: true,
  passwordHash: "$2b$10$Hf8mDcvzlgUg53I3d2sNN.kb5hNbSdza8MltIMYjXZNYI1w6fQn/O",
} as never);
org.projects![0]!.apps![0]!.name = `${XSS} app`;
const emu = await startTestEmulator({ fixtures });

/** No hostile markup came through unescaped, and the page may not be framed. */
function assertSafe(page: { html: string; headers?: Headers }, what: string): void {
  for (const raw of ["<script>alert", "<img src=x", "<svg onload", "<b>"]) assert.ok(!page.html.includes(raw), `${what} contains ${raw}`);
  if (page.headers) {
    assert.equal(page.headers.get("x-frame-options"), "DENY", what);
    assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/, what);
  }
}

const get = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${emu.url}${path}`, { redirect: "manual", ...init });
  return { status: res.status, html: await res.text(), headers: res.headers };
};

const authorizeUrl =
  "/oauth/v2/authorize?client_id=demo-browser&response_type=code&scope=openid&redirect_uri=http://localhost:3000/callback" +
  "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256";

describe("HTML pages with hostile values", () => {
  it("the login page echoes a login name typed as markup as text", async () => {
    const b = new Browser(emu.url);
    const page = await b.go(`${authorizeUrl}&prompt=login`);
    const answer: Page = await b.submit(page, "login", { loginName: XSS, password: "wrong" });
    assert.equal(answer.status, 401);
    assert.ok(answer.html.includes('value="&#60;script&#62;alert('), "the login name is kept in its field, escaped");
    assertSafe(answer, "login answer");
  });

  it("the account chooser shows a signed-in user with markup names as text", async () => {
    const b = new Browser(emu.url);
    const login = await b.go(`${authorizeUrl}&prompt=login`);
    const done = await b.submit(login, "login", { loginName: "mallory<b>", password: "Password1!" });
    assert.match(done.url, /^http:\/\/localhost:3000\/callback\?code=/);
    const chooser = await b.go(`${authorizeUrl}&prompt=select_account`);
    assert.equal(chooser.status, 200);
    assert.ok(chooser.html.includes("&#60;script&#62;alert(&#34;x&#34;)"), "the names are shown, escaped");
    assertSafe(chooser, "account chooser");
  });

  it("authorize's error page shows a client id and redirect URI that are markup as text", async () => {
    const page = await get(`/oauth/v2/authorize?client_id=${encodeURIComponent(XSS)}&redirect_uri=${encodeURIComponent(XSS)}&response_type=code`);
    assert.equal(page.status, 400);
    assertSafe(page, "authorize error page");
    const known = await get(`/oauth/v2/authorize?client_id=demo-browser&redirect_uri=${encodeURIComponent(`http://x/${XSS}`)}&response_type=code`);
    assert.equal(known.status, 400);
    assertSafe(known, "authorize error page for a wrong redirect URI");
  });

  it("end session's error page and the device page show markup parameters as text", async () => {
    const end = await get(`/oidc/v1/end_session?post_logout_redirect_uri=${encodeURIComponent(XSS)}&client_id=${encodeURIComponent(XSS)}`);
    assert.ok(end.status < 500);
    assertSafe(end, "end session page");
    const device = await get(`/ui/login/device?user_code=${encodeURIComponent(XSS)}`);
    assert.ok(device.status < 500);
    assertSafe(device, "device page");
  });
});
