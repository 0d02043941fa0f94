// The console's user routes: lock / unlock / deactivate / reactivate (seen by the resource API, the
// login and the token endpoint) and metadata (list, set, remove; seen in the tokens' metadata claim).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { control, request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";

const emu = await startTestEmulator();
const call = control(emu);
const typed = controlApi(emu);
const core = internals(emu).core;
const userId = (name: string) => getUserByUsername(core.db, defaultInstance(core.db)!.id, name)!.id;
const post = (path: string) => call(path, { method: "POST" });
const stateInApi = async (id: string) =>
  ((await request(`${emu.url}/resources/v3alpha/users/${id}`, { token: emu.adminPat })).body as { user: { state: string } }).user.state;
const codeFlow = async (id: string) => (await typed.runFlow({ body: { flow: "authorization_code", clientId: "demo-browser", userId: id } })).body;
const eventCount = () => core.events.latest(defaultInstance(core.db)!.id)?.position;

describe("user state on the control API", () => {
  it("locks a user: the resource API shows it, the login refuses it; unlock lets it in again", async () => {
    const alice = userId("alice");
    assert.equal(await stateInApi(alice), "USER_STATE_ACTIVE");
    const locked = await post(`/users/${alice}/_lock`);
    assert.equal(locked.status, 200, locked.text);
    assert.deepEqual(locked.body, { id: alice, state: "locked" });
    assert.equal(await stateInApi(alice), "USER_STATE_LOCKED");
    const refused = await codeFlow(alice);
    assert.equal(refused.outcome, "failed");
    assert.equal(refused.steps.find((s) => s.name === "login")?.response?.status, 403);
    // A second lock is refused and writes nothing.
    const before = eventCount();
    const again = await post(`/users/${alice}/_lock`);
    assert.equal(again.status, 400);
    assert.deepEqual(again.body, { code: 9, message: "Cannot lock a user that is locked" });
    assert.equal(eventCount(), before);
    assert.deepEqual((await post(`/users/${alice}/_unlock`)).body, { id: alice, state: "active" });
    const ok = (await typed.runFlow({ body: { flow: "authorization_code", clientId: "demo-browser", userId: alice } })).body;
    assert.equal(ok.outcome, "ok");
    // Tokens made before a lock do not get new ones after it: the refresh grant refuses the user.
    await post(`/users/${alice}/_lock`);
    const refreshToken = ok.tokens.find((t) => t.kind === "refresh_token")!.value;
    const refreshed = await request(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=refresh_token&client_id=demo-browser&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    assert.equal(refreshed.status, 400);
    assert.deepEqual(refreshed.body, { error: "invalid_grant", error_description: "the user is locked or deactivated" });
    await post(`/users/${alice}/_unlock`);
  });

  it("deactivates a machine user: client_credentials fails until it is reactivated", async () => {
    const worker = userId("demo-worker");
    const token = () =>
      request(`${emu.url}/oauth/v2/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`,
        },
        body: "grant_type=client_credentials&scope=openid",
      });
    assert.equal((await token()).status, 200);
    assert.deepEqual((await post(`/users/${worker}/_deactivate`)).body, { id: worker, state: "inactive" });
    assert.equal(await stateInApi(worker), "USER_STATE_INACTIVE");
    assert.equal((await token()).status, 401);
    assert.equal((await post(`/users/${worker}/_unlock`)).status, 400, "an inactive user is not unlocked");
    assert.deepEqual((await post(`/users/${worker}/_reactivate`)).body, { id: worker, state: "active" });
    assert.equal((await token()).status, 200);
  });

  it("answers 404 for an unknown user and 400 for an unknown change", async () => {
    assert.deepEqual((await post("/users/404/_lock")).body, { code: 5, message: "No such user" });
    assert.equal((await post(`/users/${userId("bob")}/_freeze`)).status, 400);
  });
});

describe("user metadata on the control API", () => {
  it("sets, lists (by key) and removes entries", async () => {
    const bob = userId("bob");
    assert.deepEqual((await call(`/users/${bob}/metadata`)).body, { metadata: [] });
    const put = (key: string, value: string) => call(`/users/${bob}/metadata/${key}`, { method: "PUT", json: { value } });
    assert.equal((await put("tier", "gold")).status, 200);
    assert.deepEqual((await put("region", "eu")).body, {
      metadata: [
        { key: "region", value: "eu" },
        { key: "tier", value: "gold" },
      ],
    });
    assert.deepEqual((await call(`/users/${bob}/metadata`)).body, {
      metadata: [
        { key: "region", value: "eu" },
        { key: "tier", value: "gold" },
      ],
    });
    assert.deepEqual((await call(`/users/${bob}/metadata/region`, { method: "DELETE" })).body, { metadata: [{ key: "tier", value: "gold" }] });
    const before = eventCount();
    assert.deepEqual((await call(`/users/${bob}/metadata/region`, { method: "DELETE" })).body, {
      code: 5,
      message: 'The user has no metadata "region"',
    });
    assert.equal((await call(`/users/${bob}/metadata/x`, { method: "PUT", json: {} })).status, 400);
    assert.equal(eventCount(), before);
  });
});
