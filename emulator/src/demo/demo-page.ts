// The emulator's own OIDC demo page (/ui/demo/): signs in with the seeded browser app (code + PKCE)
// and shows the tokens, their claims and userinfo, with refresh and logout. Plain browser
// JavaScript: WebCrypto for PKCE, fetch for the token and userinfo endpoints.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const SCRIPT = String.raw`
const issuer = location.origin;
const clientId = "demo-browser";
const redirectUri = issuer + "/ui/demo/callback";
const $ = (id) => document.getElementById(id);
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const random = () => b64url(crypto.getRandomValues(new Uint8Array(32)));
const claimsOf = (jwt) => JSON.parse(atob(jwt.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
const show = (id, value) => { $(id).textContent = typeof value === "string" ? value : JSON.stringify(value, null, 2); };

async function signIn() {
  const verifier = random(), state = random();
  sessionStorage.setItem("demo", JSON.stringify({ verifier, state }));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const scope = $("scope").value;
  const q = new URLSearchParams({
    client_id: clientId, redirect_uri: redirectUri, response_type: "code", scope, state,
    code_challenge: challenge, code_challenge_method: "S256",
  });
  location.assign(issuer + "/oauth/v2/authorize?" + q);
}

async function token(form) {
  const res = await fetch(issuer + "/oauth/v2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: clientId, ...form }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error + ": " + body.error_description);
  return body;
}

async function render(tokens) {
  sessionStorage.setItem("tokens", JSON.stringify(tokens));
  show("response", tokens);
  show("idclaims", tokens.id_token ? claimsOf(tokens.id_token) : "(no ID token)");
  const info = await fetch(issuer + "/oidc/v1/userinfo", { headers: { authorization: "Bearer " + tokens.access_token } });
  show("userinfo", await info.json());
  $("signedin").hidden = false;
}

async function callback() {
  const params = new URLSearchParams(location.search);
  const saved = JSON.parse(sessionStorage.getItem("demo") || "{}");
  history.replaceState(null, "", "/ui/demo/");
  if (params.get("error")) return show("status", params.get("error") + ": " + params.get("error_description"));
  if (params.get("state") !== saved.state) return show("status", "state does not match");
  try {
    await render(await token({ grant_type: "authorization_code", code: params.get("code"), redirect_uri: redirectUri, code_verifier: saved.verifier }));
    show("status", "Signed in.");
  } catch (e) { show("status", e.message); }
}

async function refresh() {
  const tokens = JSON.parse(sessionStorage.getItem("tokens"));
  try {
    await render(await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }));
    show("status", "Refreshed.");
  } catch (e) { show("status", e.message); }
}

function logout() {
  const tokens = JSON.parse(sessionStorage.getItem("tokens") || "{}");
  sessionStorage.clear();
  const q = new URLSearchParams({
    post_logout_redirect_uri: issuer + "/ui/demo/", client_id: clientId,
    ...(tokens.id_token ? { id_token_hint: tokens.id_token } : {}),
  });
  location.assign(issuer + "/oidc/v1/end_session?" + q);
}

$("signin").onclick = signIn;
$("refresh").onclick = refresh;
$("logout").onclick = logout;
if (location.pathname.endsWith("/callback")) callback();
`;

export function demoPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>OIDC demo · svc-emulator</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:900px;padding:0 1rem;color:#222}
button{padding:.5rem 1rem;border:0;border-radius:6px;background:#3451b2;color:#fff;cursor:pointer;margin-right:.5rem}
input{padding:.45rem;width:100%;box-sizing:border-box;border:1px solid #bbb;border-radius:6px}
pre{background:#f4f5f7;padding:1rem;border-radius:8px;overflow:auto;font-size:.8rem;white-space:pre-wrap;word-break:break-all}
h2{font-size:1rem;margin-top:1.5rem}
</style></head><body>
<h1>OIDC demo</h1>
<p>Signs in with the seeded browser app <code>demo-browser</code> (authorization code + PKCE) and shows what the emulator issues.</p>
<label for="scope">Scope</label>
<input id="scope" value="openid profile email offline_access urn:svc:iam:org:project:id:svc:aud">
<p><button id="signin">Sign in</button></p>
<p id="status" role="status"></p>
<section id="signedin" hidden>
<p><button id="refresh">Refresh tokens</button><button id="logout">Log out</button></p>
<h2>Token response</h2><pre id="response"></pre>
<h2>ID token claims</h2><pre id="idclaims"></pre>
<h2>Userinfo</h2><pre id="userinfo"></pre>
</section>
<script>${SCRIPT}</script>
</body></html>`;
}

/** Serves the demo page at /ui/demo/ and at its callback. */
export function demoRoutes(app: FastifyInstance): void {
  const demo = (_req: FastifyRequest, reply: FastifyReply) => reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(demoPage());
  app.get("/ui/demo/", demo);
  app.get("/ui/demo/callback", demo);
}
