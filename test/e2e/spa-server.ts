// A small browser app for the e2e test: a page that signs in with oidc-client-ts (code + PKCE)
// against the emulator, and a callback page that shows who signed in.

import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { after } from "node:test";
import type { Emulator } from "../../emulator/src/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { withApps } from "../helpers/fixtures.js";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { AddressInfo } from "node:net";

// The package exports no path to its browser build; find it beside the resolved package.json.
const require = createRequire(import.meta.url);
const LIBRARY = readFileSync(join(dirname(require.resolve("oidc-client-ts/package.json")), "dist/browser/oidc-client-ts.min.js"));

function page(authority: string, origin: string, body: string): string {
  const settings = JSON.stringify({
    authority,
    client_id: "e2e-spa",
    redirect_uri: `${origin}/callback`,
    response_type: "code",
    scope: "openid profile email",
    loadUserInfo: true,
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>e2e app</title><script src="/oidc-client-ts.js"></script></head>
<body><script>const manager = new oidc.UserManager(${settings});</script>${body}</body></html>`;
}

export async function startSpa(authority: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    if (req.url === "/oidc-client-ts.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(LIBRARY);
    if (req.url?.startsWith("/callback")) {
      return void res.writeHead(200, { "content-type": "text/html" }).end(
        page(
          authority(),
          origin,
          `<p id="who">…</p><script>
          manager.signinRedirectCallback().then((user) => { document.getElementById("who").textContent = user.profile.name + " <" + user.profile.email + ">"; },
            (e) => { const who = document.getElementById("who"); who.dataset.error = e.error || ""; who.textContent = "error: " + e.message; });</script>`,
        ),
      );
    }
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(page(authority(), origin, `<button id="signin" onclick="manager.signinRedirect()">Sign in</button>`));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** The app above and an emulator whose fixtures hold its client (`e2e-spa`, public, redirect to the app's /callback); both closed after the file. */
export async function startSpaAndEmulator(): Promise<{ spa: { origin: string; server: Server }; emu: Emulator }> {
  let emu: Emulator | undefined;
  const spa = await startSpa(() => emu!.issuer);
  after(() => spa.server.close());
  emu = await startTestEmulator({
    fixtures: withApps({
      type: "oidc",
      name: "e2e SPA",
      clientId: "e2e-spa",
      authMethod: "none",
      appType: "user_agent",
      redirectUris: [`${spa.origin}/callback`],
    }),
  });
  return { spa, emu };
}
