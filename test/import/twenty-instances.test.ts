// Issue 26: one export (with passwords) seeds 20 instances of one emulator, each with the file's ids
// (ids are per instance). Each instance's export equals the original apart from the differences
// docs/behaviour.md names; a user signs in through each instance's login form at its issuer and gets
// the file's roles; a token of instance 3 is refused by instance 4 on every surface.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, generateKeyPairSync, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { Browser } from "../helpers/browser.js";
import { fetchByHost, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { internals } from "../../emulator/src/internal.js";

const ORG = "610000000000000001";
const PASSWORD = "Shop-pass1!";
const REDIRECT = "http://localhost:3000/callback";
const API_SCOPE = "urn:svc:iam:org:project:id:svc:aud";
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

const fixtures = defaultFixtures();
fixtures.instances[0]!.orgs.push({
  id: ORG,
  name: "Shop",
  users: [{ type: "human", username: "ann", firstName: "Ann", lastName: "Shop", email: "ann@shop.test", emailVerified: true, password: PASSWORD }],
  projects: [
    {
      name: "Shop",
      roleAssertion: true,
      roles: [
        { key: "admin", displayName: "Admin" },
        { key: "viewer", displayName: "Viewer" },
        { key: "editor", displayName: "Editor" },
      ],
      apps: [
        { type: "oidc", name: "Shop web", authMethod: "none", appType: "user_agent", redirectUris: [REDIRECT], idTokenRoleAssertion: true },
        {
          type: "api",
          name: "Shop API",
          authMethod: "private_key_jwt",
          publicKeys: [publicKey.export({ format: "jwk" }) as { kty: "RSA"; n: string; e: string }],
        },
      ],
    },
  ],
  grants: [{ user: "ann", project: "Shop", roles: ["admin", "viewer"] }],
});

const emu = await startTestEmulator({ fixtures });
const core = internals(emu).core;
const api = controlApi(emu);
const byHost = fetchByHost(emu.port);
/** A request by Host that fails after a minute instead of waiting for ever (an answer that never comes names its URL). */
const send: typeof fetch = (input, init = {}) =>
  byHost(input, { ...init, signal: AbortSignal.timeout(60_000) }).catch((e: Error) => {
    throw new Error(`${init.method ?? "GET"} ${String(input)}: ${e.message}`);
  });
type Json = Record<string, unknown>;

/** An export of the instance's org by a job of the control API (the same path for every instance). */
async function exportOf(instanceId: string): Promise<Json> {
  const started = await api.startJob({ body: { kind: "export", instanceId, orgIds: [ORG], withPasswords: true } });
  assert.equal(started.status, 202, started.text);
  const id = started.body.id;
  for (;;) {
    const job = await api.job({ params: { id } });
    const { state, report } = job.body;
    if (state === "done") return report as Json;
    assert.ok(state === "queued" || state === "running", job.text);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The client id an app got in an instance (the export carries none: each import gives new ones). */
const clientIdIn = (instanceId: string, name: string) =>
  (core.db.stmt("SELECT client_id FROM apps WHERE instance_id = ? AND name = ?").get(instanceId, name) as { client_id: string }).client_id;

/** Ann signs in through the login form of `origin` with the web app; answers the ID token's claims and the access token. */
async function signIn(origin: string, clientId: string): Promise<{ claims: Json; accessToken: string }> {
  const verifier = randomUUID() + randomUUID();
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: `openid ${API_SCOPE}`,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const browser = new Browser(origin, send);
  const login = await browser.go(`${origin}/oauth/v2/authorize?${query}`);
  const callback = await browser.submit(login, "login", { loginName: "ann", password: PASSWORD });
  assert.ok(callback.url.startsWith(REDIRECT), `stopped at ${callback.url} (${callback.status})`);
  const code = new URL(callback.url).searchParams.get("code")!;
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier });
  const res = await send(`${origin}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const tokens = (await res.json()) as { id_token: string; access_token: string };
  assert.equal(res.status, 200, JSON.stringify(tokens));
  return { claims: JSON.parse(Buffer.from(tokens.id_token.split(".")[1]!, "base64url").toString()) as Json, accessToken: tokens.access_token };
}

/** Introspection at `origin` by the instance's API app, authenticated with a signed assertion (private_key_jwt). */
async function introspectAt(origin: string, apiClientId: string, token: string): Promise<Json> {
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(apiClientId)
    .setSubject(apiClientId)
    .setAudience(origin)
    .setIssuedAt()
    .setExpirationTime("1m")
    .setJti(randomUUID())
    .sign(privateKey);
  const body = new URLSearchParams({
    token,
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: assertion,
  });
  const res = await send(`${origin}/oauth/v2/introspect`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Json;
}

/** Removes an org's generated domain `name` from an export (the documented difference) after checking it is there. */
function withoutGenerated(doc: Json, name: string): Json {
  const copy = structuredClone(doc);
  const domains = ((copy.orgs as Json[])[0]!.domains ?? []) as { domainName: string }[];
  const at = domains.findIndex((d) => d.domainName === name);
  assert.ok(at >= 0, `${name} in ${JSON.stringify(domains)}`);
  assert.deepEqual(domains[at], { orgId: ORG, domainName: name, isVerified: true });
  domains.splice(at, 1);
  return copy;
}

describe("one export seeds 20 instances of one emulator", () => {
  const defaultInstance = (core.db.stmt("SELECT instance_id AS id FROM orgs WHERE id = ?").get(ORG) as { id: string }).id;
  const instances: { id: string; domains: string[]; issuer: string; adminPat: string; name: string }[] = [];
  let original: Json = {};

  it("creates 20 instances seeded with the export: each answers with its Host and issuer and holds the file's ids", async () => {
    original = await exportOf(defaultInstance);
    assert.equal((original.orgs as Json[]).length, 1);
    for (let n = 1; n <= 20; n++) {
      const made = await api.createInstance({ body: { name: `t${n}`, domain: `t${n}.localhost`, seed: { document: original } } });
      assert.equal(made.status, 201, made.text);
      const body = made.body;
      assert.deepEqual(
        { ...body, id: typeof body.id },
        { id: "string", name: `t${n}`, domains: [`t${n}.localhost`], issuer: `http://t${n}.localhost:${emu.port}`, adminPat: "" },
      );
      instances.push(body);
    }
    assert.equal(new Set(instances.map((i) => i.id)).size, 20, "generated instance ids stay unique");
    for (const i of instances) {
      const ids = core.db.stmt("SELECT id FROM orgs WHERE instance_id = ?").all(i.id) as { id: string }[];
      assert.deepEqual(ids, [{ id: ORG }]);
    }
  });

  it("exports from each instance what the original held, apart from the instance's generated org domain", async () => {
    for (const [n, i] of instances.entries()) {
      const again = await exportOf(i.id);
      assert.deepEqual(withoutGenerated(again, `shop.t${n + 1}.localhost`), original, `instance t${n + 1}`);
    }
  });

  const tokens: string[] = [];
  it("signs ann in through the login form at each instance's issuer, with the file's roles", async () => {
    const annId = (core.db.stmt("SELECT id FROM users WHERE instance_id = ? AND username = 'ann'").get(defaultInstance) as { id: string }).id;
    for (const i of instances) {
      const { claims, accessToken } = await signIn(i.issuer, clientIdIn(i.id, "Shop web"));
      assert.equal(claims.iss, i.issuer);
      assert.equal(claims.sub, annId, "the file's user id");
      assert.deepEqual(Object.keys(claims["urn:svc:iam:org:project:roles"] as Json).sort(), ["admin", "viewer"]);
      tokens.push(accessToken);
    }
  });

  it("refuses instance 3's token at instance 4 on introspection, userinfo and the resource API, and takes it at instance 3", async () => {
    const [t3, t4] = [instances[2]!, instances[3]!];
    const token = tokens[2]!;
    const active = await introspectAt(t3.issuer, clientIdIn(t3.id, "Shop API"), token);
    assert.equal(active.active, true);
    assert.deepEqual(await introspectAt(t4.issuer, clientIdIn(t4.id, "Shop API"), token), { active: false });

    const userinfo = (origin: string) => send(`${origin}/oidc/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await userinfo(t3.issuer)).status, 200);
    const refused = await userinfo(t4.issuer);
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get("www-authenticate") ?? "", /invalid_token/);

    const search = (origin: string) =>
      send(`${origin}/resources/v3alpha/users/_search`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "[]",
      });
    const own = await search(t3.issuer);
    assert.notEqual(own.status, 401, await own.text());
    const other = await search(t4.issuer);
    assert.equal(other.status, 401);
    assert.deepEqual(await other.json(), {
      code: 16,
      message: "Token is invalid (AUTH-7fs1g)",
      details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id: "AUTH-7fs1g", message: "Token is invalid" }],
    });
  });
});
