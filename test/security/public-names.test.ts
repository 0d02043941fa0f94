// A public URL and extra host names (issue 28; docs/behaviour.md "Public URL and host names"): a
// browser on the host (localhost) and a backend in another container (svc-emulator) see one issuer;
// discovery's back-channel endpoints follow the name the caller used; listed names are admitted and
// served as the default instance, every other name is still refused; bad settings fail the start.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createLocalJWKSet, jwtVerify } from "jose";
import { fetchByHost, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { withJwtMachine } from "../helpers/fixtures.js";
import { startEmulator } from "../../emulator/src/index.js";

const PUBLIC = "http://localhost:18080";
const emu = await startTestEmulator({ fixtures: withJwtMachine("ci-worker"), publicUrl: `${PUBLIC}/`, hostNames: ["svc-emulator", "Backend.Internal"] });
const via = fetchByHost(emu.port);
const basic = `Basic ${Buffer.from("ci-worker:ci-worker-secret").toString("base64")}`;

async function clientCredentialsToken(origin: string): Promise<string> {
  const res = await via(`${origin}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
    body: "grant_type=client_credentials&scope=openid%20urn%3Asvc%3Aiam%3Aorg%3Aproject%3Aid%3Asvc%3Aaud",
  });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("a public URL and extra host names", () => {
  it("reports the public URL as the issuer and opens the UI there, while the emulator listens on its own port", () => {
    assert.equal(emu.issuer, PUBLIC);
    assert.equal(emu.url, `http://localhost:${emu.port}`);
    assert.match(emu.uiLink(), new RegExp(`^${PUBLIC}/ui/\\?t=`));
  });

  it("gives discovery the public issuer under every name, front-channel endpoints under it and back-channel ones under the caller's name", async () => {
    for (const origin of [`http://localhost:${emu.port}`, "http://svc-emulator:8080", "http://backend.internal:8080"]) {
      const d = (await (await via(`${origin}/.well-known/openid-configuration`)).json()) as Record<string, string>;
      assert.deepEqual(
        [d.issuer, d.authorization_endpoint, d.end_session_endpoint, d.token_endpoint, d.jwks_uri, d.introspection_endpoint, d.userinfo_endpoint],
        [
          PUBLIC,
          `${PUBLIC}/oauth/v2/authorize`,
          `${PUBLIC}/oidc/v1/end_session`,
          `${origin}/oauth/v2/token`,
          `${origin}/oauth/v2/keys`,
          `${origin}/oauth/v2/introspect`,
          `${origin}/oidc/v1/userinfo`,
        ],
        origin,
      );
    }
  });

  it("validates through discovery at svc-emulator a token obtained at localhost: same iss, its key set and the resource API", async () => {
    const token = await clientCredentialsToken(`http://localhost:${emu.port}`);
    const d = (await (await via("http://svc-emulator:8080/.well-known/openid-configuration")).json()) as Record<string, string>;
    const keys = await (await via(d.jwks_uri!)).json();
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys as never), { issuer: d.issuer });
    assert.equal(payload.iss, PUBLIC);
    const search = await via("http://svc-emulator:8080/resources/v3alpha/targets/_search", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "[]",
    });
    // Authenticated (a token under another issuer is 401 "Token is invalid"); the machine user holds no role.
    assert.deepEqual([search.status, ((await search.json()) as { code: number }).code], [403, 7]);
  });

  it("still refuses any other name, and a listed name with another instance's look-alike", async () => {
    for (const host of ["evil.example:8080", "svc-emulator.evil.example", "xsvc-emulator:8080", "emulator"]) {
      const res = await requestWithHost(emu.port, "/.well-known/openid-configuration", host);
      assert.equal(res.status, 403, host);
      assert.doesNotMatch(res.text, /issuer/, host);
    }
  });
});

describe("without a public URL", () => {
  it("refuses the name svc-emulator and keeps http://<Host> as the issuer", async () => {
    const plain = await startTestEmulator();
    assert.equal((await requestWithHost(plain.port, "/.well-known/openid-configuration", "svc-emulator:8080")).status, 403);
    const d = (await (await fetch(`${plain.url}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    assert.deepEqual([plain.issuer, d.issuer, d.jwks_uri], [plain.url, plain.url, `${plain.url}/oauth/v2/keys`]);
  });

  it("admits the public URL's own host without listing it", async () => {
    const named = await startTestEmulator({ publicUrl: "https://id.example.test:9443" });
    const d = JSON.parse((await requestWithHost(named.port, "/.well-known/openid-configuration", "id.example.test:9443")).text) as Record<string, string>;
    assert.deepEqual([d.issuer, d.token_endpoint], ["https://id.example.test:9443", "http://id.example.test:9443/oauth/v2/token"]);
  });
});

describe("bad settings", () => {
  const bad: [string, object, RegExp][] = [
    ["a path in the public URL", { publicUrl: "http://localhost:8080/auth" }, /origin .* without path/],
    ["a query in the public URL", { publicUrl: "http://localhost:8080/?x=1" }, /without path, query/],
    ["another scheme", { publicUrl: "ftp://localhost" }, /http or https/],
    ["no URL at all", { publicUrl: "localhost:8080" }, /http or https|absolute/],
    ["a host name with a port", { hostNames: ["svc-emulator:8080"] }, /without port/],
    ["a wildcard host name", { hostNames: ["*"] }, /DNS name/],
    ["an empty host name", { hostNames: [""] }, /DNS name/],
  ];
  for (const [what, options, message] of bad)
    it(`refuses ${what} before anything listens`, async () => {
      await assert.rejects(startEmulator({ port: 0, inMemory: true, ...options }), (e: Error) => e instanceof RangeError && message.test(e.message));
    });
});
