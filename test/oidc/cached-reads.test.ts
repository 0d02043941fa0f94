// What the token path caches (client records, signing keys, executions, the sealing key, the
// records of presented tokens, their users and login names) never outlives the write that changes
// it: a new machine secret, a rotated key, a new primary domain, a removed user, a reset or a
// snapshot restore are seen by the very next request.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, ctl, pat, seededId } = await setUpResourceTest();
const worker = await seededId("user.machine.added", (p) => p.username === "demo-worker");
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

async function token(secret: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${emu.url}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("demo-worker", secret) },
    body: "grant_type=client_credentials&scope=profile",
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function newSecret(): Promise<string> {
  const res = await fetch(`${emu.url}${B}/users/${worker}/_generate_secret`, { method: "POST", headers: { authorization: `Bearer ${pat}` }, body: "{}" });
  assert.equal(res.status, 200, await res.clone().text());
  return String(((await res.json()) as { clientSecret: string }).clientSecret);
}

describe("cached reads of the token path", () => {
  it("a machine's new secret replaces the old one at once, and a reset brings the old one back", async () => {
    assert.equal((await token("demo-worker-secret")).status, 200);
    const fresh = await newSecret();
    assert.deepEqual(await token("demo-worker-secret"), {
      status: 401,
      body: { error: "invalid_client", error_description: "client authentication failed: unknown client or wrong credentials" },
    });
    assert.equal((await token(fresh)).status, 200);
    await ctl("/reset", { method: "POST" });
    assert.equal((await token(fresh)).status, 401);
    assert.equal((await token("demo-worker-secret")).status, 200);
  });

  it("a snapshot restore brings back the secret and the signing key of the snapshot", async () => {
    // The key set is read first: the first read makes the instance's first key, which the snapshot then holds.
    const jwksBefore = (await (await fetch(`${emu.url}/oauth/v2/keys`)).json()) as { keys: { kid: string }[] };
    await ctl("/snapshots", { method: "POST", json: { name: "before" } });
    const fresh = await newSecret();
    const instance = (await ctl.as("instances", "/instances")).body.instances[0]!.id;
    const rotated = (await ctl.as("rotateKeys", `/instances/${instance}/keys/_rotate`, { method: "POST" })).body;
    const jwksAfter = (await (await fetch(`${emu.url}/oauth/v2/keys`)).json()) as { keys: { kid: string }[] };
    assert.equal(jwksAfter.keys[0]!.kid, rotated.kid);
    assert.equal((await token(fresh)).status, 200);
    await ctl("/snapshots/before/_restore", { method: "POST" });
    assert.equal((await token(fresh)).status, 401);
    assert.equal((await token("demo-worker-secret")).status, 200);
    assert.deepEqual((await (await fetch(`${emu.url}/oauth/v2/keys`)).json()) as unknown, jwksBefore);
  });

  it("an introspected token's login name follows a new primary domain, and its user's removal makes it inactive, at once", async () => {
    await ctl("/reset", { method: "POST" });
    const project = await seededId("project.added");
    const res = await fetch(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("demo-worker", "demo-worker-secret") },
      body: `grant_type=client_credentials&scope=${encodeURIComponent(`urn:svc:iam:org:project:id:${project}:aud`)}`,
    });
    const access = String(((await res.json()) as { access_token: string }).access_token);
    const introspect = async () =>
      (await (
        await fetch(`${emu.url}/oauth/v2/introspect`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("demo-api", "demo-api-secret") },
          body: `token=${access}`,
        })
      ).json()) as Record<string, unknown>;
    assert.equal((await introspect()).username, "demo-worker@emulator-org.localhost");
    const rest = async (path: string, json: unknown, method = "POST") => {
      const r = await fetch(`${emu.url}${B}${path}`, { method, headers: { authorization: `Bearer ${pat}` }, body: JSON.stringify(json) });
      assert.equal(r.status < 300, true, await r.text());
    };
    await rest("/domains", { domain: "example.test" });
    await rest("/domains/example.test/_validate", { type: "VALIDATION_TYPE_DNS" });
    await rest("/domains/example.test/_set_as_primary", {});
    assert.equal((await introspect()).username, "demo-worker@example.test");
    const user = await seededId("user.machine.added", (p) => p.username === "demo-worker");
    const removed = await fetch(`${emu.url}${B}/users/${user}`, { method: "DELETE", headers: { authorization: `Bearer ${pat}` } });
    assert.equal(removed.status, 200, await removed.text());
    assert.deepEqual(await introspect(), { active: false });
    await ctl("/reset", { method: "POST" });
  });
});
