// @zitadel/react against the emulator (issue 10), in Debian's Chromium driven by Playwright: the
// library's createZitadelAuth (a thin wrapper around oidc-client-ts) is bundled with esbuild into a
// small page that signs alice in with code + PKCE, loads userinfo and signs out through the
// end-session endpoint. It needs window.localStorage, so it runs in a browser, not headless Node.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import type { Emulator } from "../../emulator/src/index.js";
import { control, startTestEmulator } from "../helpers/emulator.js";
import { withApps } from "../helpers/fixtures.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`;

// The library as an app bundles it: createZitadelAuth on window.
const bundle = (
  await build({
    stdin: { contents: 'import { createZitadelAuth } from "@zitadel/react"; window.createZitadelAuth = createZitadelAuth;', resolveDir: process.cwd() },
    bundle: true,
    write: false,
    format: "iife",
  })
).outputFiles[0]!.text;

/** The SPA: "/" signs in or out, "/callback" finishes the sign-in; the config is the library's own. */
async function startSpa(config: () => Record<string, unknown>) {
  const server = createServer((req, res) => {
    if (req.url === "/zitadel-react.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(bundle);
    const callback = req.url?.startsWith("/callback");
    const buttons = '<button id="signin" onclick="zitadel.authorize()">Sign in</button><button id="signout" onclick="zitadel.signout()">Sign out</button>';
    const script = callback
      ? `zitadel.userManager.signinRedirectCallback().then((u) => {
             document.getElementById("who").textContent = u.profile.name + " <" + u.profile.email + ">";
             document.getElementById("scope").textContent = u.scope;
           },
           (e) => { document.getElementById("who").textContent = "error: " + e.message; });`
      : `zitadel.userManager.getUser().then((u) => { document.getElementById("who").textContent = u ? u.profile.name : "signed out"; });`;
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(`<!doctype html><html><head><meta charset="utf-8"><title>react app</title><script src="/zitadel-react.js"></script></head><body>
<script>const zitadel = window.createZitadelAuth(${JSON.stringify(config())});</script>
<p id="who">…</p><p id="scope"></p>${buttons}
<script>${script}</script></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  after(() => server.close());
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

describe("@zitadel/react (oidc-client-ts) code + PKCE and sign-out in Chromium", { skip }, () => {
  let browser: Browser | undefined;
  after(async () => browser?.close());

  it("signs alice in with createZitadelAuth's configuration, loads userinfo, and signs her out", async () => {
    let emu: Emulator | undefined;
    const origin = await startSpa(() => ({
      authority: emu!.issuer,
      client_id: "react-spa",
      redirect_uri: `${origin}/callback`,
      post_logout_redirect_uri: `${origin}/`,
      // The library's default scope names urn:zitadel:… scopes; with the emulator use the urn:svc:… ones.
      // The extra urn:zitadel scope shows that scopes the client may not use are dropped.
      scope: "openid profile email urn:svc:iam:org:projects:roles urn:zitadel:iam:org:projects:roles",
    }));
    emu = await startTestEmulator({
      fixtures: withApps({
        type: "oidc",
        name: "react SPA",
        clientId: "react-spa",
        authMethod: "none",
        appType: "user_agent",
        redirectUris: [`${origin}/callback`],
        postLogoutRedirectUris: [`${origin}/`],
      }),
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const page = await (await browser.newContext()).newPage();
    await page.goto(origin);
    await page.waitForFunction(() => document.getElementById("who")?.textContent === "signed out");
    await page.click("#signin");
    await page.waitForURL(/\/ui\/login\/login\?authRequest=/);
    await page.fill("#loginName", "alice");
    await page.fill("#password", "Password1!");
    await page.click("button[type=submit]");
    await page.waitForURL(`${origin}/callback**`);
    await page.waitForFunction(() => document.getElementById("who")?.textContent !== "…");
    assert.equal(await page.textContent("#who"), "Alice Allen <alice@svc-emulator.localhost>");
    assert.equal(await page.textContent("#scope"), "openid profile email urn:svc:iam:org:projects:roles");
    const sessions = async () => ((await control(emu!)("/sessions")).body as { sessions: { terminatedAt: string | null }[] }).sessions;
    assert.equal((await sessions()).filter((s) => !s.terminatedAt).length, 1);

    await page.goto(origin);
    await page.waitForFunction(() => document.getElementById("who")?.textContent === "Alice Allen");
    await page.click("#signout");
    await page.waitForURL(`${origin}/`);
    await page.waitForFunction(() => document.getElementById("who")?.textContent === "signed out");
    assert.equal((await sessions()).filter((s) => !s.terminatedAt).length, 0, "the end-session endpoint ended the login session");

    await page.click("#signin");
    await page.waitForURL(/\/ui\/login\/login\?authRequest=/, { timeout: 10_000 });
    assert.ok(page.url().startsWith(emu!.url), "signing in again needs the login page");
  });
});
