// POST /emulator/v1/flows: the flow runner does the real exchanges against the emulator's own
// endpoints and records them; secrets are masked; the tokens it returns are real (userinfo, events).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";
import { Value } from "@sinclair/typebox/value";
import { FlowResult } from "../../emulator/src/control/schemas.js";

const emu = await startTestEmulator();
const call = rawControl(emu);
const control = controlApi(emu);
const core = internals(emu).core;
const userId = (name: string) => getUserByUsername(core.db, defaultInstance(core.db)!.id, name)!.id;
/** Written by hand: the refusals below send what the schema does not allow. */
const run = (json: Record<string, unknown>) => call.as("runFlow", "/flows", { method: "POST", json });
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;

describe("the flow runner", () => {
  it("runs code + PKCE for a public app: authorize, login, callback, token, userinfo, as real HTTP", async () => {
    const res = await run({ flow: "authorization_code", clientId: "demo-browser", userId: userId("alice") });
    assert.equal(res.status, 200, res.text);
    const r = res.body;
    assert.equal(r.outcome, "ok");
    assert.equal(Value.Errors(FlowResult, r).First()?.message, undefined, "the answer fits its schema");
    assert.deepEqual(
      r.steps.map((s) => [s.name, s.response?.status ?? null]),
      [
        ["authorize", 302],
        ["login page", 200],
        ["login", 302],
        ["callback", null],
        ["token", 200],
        ["userinfo", 200],
      ],
    );
    const authorize = new URL(r.steps[0]!.request.url);
    assert.equal(authorize.origin, emu.url);
    assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
    assert.ok(authorize.searchParams.get("state") && authorize.searchParams.get("nonce"));
    const callback = new URL(r.steps[3]!.request.url);
    assert.equal(callback.origin + callback.pathname, "http://localhost:3000/callback");
    assert.equal(callback.searchParams.get("state"), authorize.searchParams.get("state"));
    assert.match(r.steps[4]!.request.body!, /grant_type=authorization_code&code=[^&]+&redirect_uri=.+&code_verifier=[\w-]{43}&client_id=demo-browser/);
    assert.deepEqual(r.tokens.map((t) => t.kind).sort(), ["access_token", "id_token", "refresh_token"]);
    const id = claimsOf(r.tokens.find((t) => t.kind === "id_token")!.value);
    assert.equal(id.sub, userId("alice"));
    assert.equal(id.nonce, authorize.searchParams.get("nonce"));
    assert.equal((r.steps[5]!.response!.body as { sub: string }).sub, userId("alice"));
    // The tokens are the emulator's records: listed by the control API.
    const listed = (await control.tokens()).body;
    assert.ok(listed.tokens.some((t) => t.userId === userId("alice") && t.clientId === "demo-browser" && t.kind === "refresh"));
  });

  it("authenticates a confidential app with the given secret and masks it in the record", async () => {
    const res = await run({ flow: "authorization_code", clientId: "demo-server", clientSecret: "demo-server-secret", userId: userId("bob"), scope: "openid" });
    const r = res.body;
    assert.equal(r.outcome, "ok", JSON.stringify(r.steps.at(-1)));
    const token = r.steps.find((s) => s.name === "token")!;
    assert.equal(token.request.headers.authorization, "Basic ***");
    assert.ok(!JSON.stringify(r).includes("demo-server-secret"));
    assert.ok(!JSON.stringify(r).includes(Buffer.from("demo-server:demo-server-secret").toString("base64")));
  });

  it("runs client credentials for a machine user, client_secret_post style secrets masked too", async () => {
    const r = (await run({ flow: "client_credentials", clientId: "demo-worker", clientSecret: "demo-worker-secret" })).body;
    assert.equal(r.outcome, "ok");
    // The grant does not grant openid to a machine user, so there is no userinfo step.
    assert.deepEqual(
      r.steps.map((s) => s.name),
      ["token"],
    );
    assert.doesNotMatch((r.steps[0]!.response!.body as { scope: string }).scope, /openid/);
    assert.equal(r.steps[0]!.request.headers.authorization, "Basic ***");
    assert.deepEqual(
      r.tokens.map((t) => t.kind),
      ["access_token"],
    );
  });

  it("runs the device flow: device authorization, a pending poll, the user's verification, login and consent, then the tokens", async () => {
    const res = await run({ flow: "device_code", clientId: "demo-browser", userId: userId("alice") });
    assert.equal(res.status, 200, res.text);
    const r = res.body;
    assert.equal(r.outcome, "ok", JSON.stringify(r.steps.at(-1)));
    assert.equal(Value.Errors(FlowResult, r).First()?.message, undefined, "the answer fits its schema");
    assert.deepEqual(
      r.steps.map((s) => [s.name, s.request.method, new URL(s.request.url).pathname, s.response?.status ?? null]),
      [
        ["device authorization", "POST", "/oauth/v2/device_authorization", 200],
        ["poll", "POST", "/oauth/v2/token", 400],
        ["verification", "GET", "/device", 302],
        ["user code page", "GET", "/ui/login/device", 200],
        ["user code", "POST", "/ui/login/device", 302],
        ["login page", "GET", "/ui/login/login", 200],
        ["login", "POST", "/ui/login/shortcut", 302],
        ["consent page", "GET", "/ui/login/device/consent", 200],
        ["allow", "POST", "/ui/login/device/allowed", 200],
        ["token", "POST", "/oauth/v2/token", 200],
        ["userinfo", "GET", "/oidc/v1/userinfo", 200],
      ],
    );
    const step = (name: string) => r.steps.find((s) => s.name === name)!;
    const started = step("device authorization").response!.body as { device_code: string; user_code: string; verification_uri_complete: string };
    assert.equal(step("device authorization").request.body, "scope=openid+profile+email+offline_access&client_id=demo-browser");
    assert.equal(step("verification").request.url, started.verification_uri_complete);
    assert.equal(new URL(started.verification_uri_complete).searchParams.get("user_code"), started.user_code);
    assert.deepEqual(step("poll").response!.body, { error: "authorization_pending", error_description: "the user has not decided yet" });
    assert.equal(step("poll").note, "expected: the device polls before the user decided and is told authorization_pending");
    assert.deepEqual(
      r.steps.filter((s) => s.note).map((s) => s.name),
      ["poll"],
      "only the expected refusal carries a note",
    );
    assert.equal(step("user code").request.body, new URLSearchParams({ user_code: started.user_code }).toString());
    const grant = new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      device_code: started.device_code,
      client_id: "demo-browser",
    });
    assert.equal(step("poll").request.body, grant.toString());
    assert.equal(step("token").request.body, grant.toString());
    assert.deepEqual(r.tokens.map((t) => t.kind).sort(), ["access_token", "id_token", "refresh_token"]);
    assert.equal(claimsOf(r.tokens.find((t) => t.kind === "id_token")!.value).sub, userId("alice"));
    assert.equal((step("userinfo").response!.body as { sub: string }).sub, userId("alice"));
    // The device authorization the runner caused, as the events tell it: added, approved by alice, tokens issued once.
    const events = (await control.events({ query: { aggregateType: "device_authorization" } })).body;
    assert.deepEqual(
      events.events.map((e) => e.type),
      ["oidc.device_authorization.added", "oidc.device_authorization.approved", "oidc.device_authorization.token_issued"],
    );
    assert.equal(events.events[1]!.payload.userId, userId("alice"));
  });

  it("records the provider's refusal when the app does not allow the device code grant, and masks the secret", async () => {
    const r = (await run({ flow: "device_code", clientId: "demo-server", clientSecret: "demo-server-secret", userId: userId("bob") })).body;
    assert.equal(r.outcome, "failed");
    assert.equal(r.failedStep, "device authorization");
    assert.equal(r.steps.length, 1);
    assert.equal(r.steps[0]!.response!.status, 400);
    assert.equal((r.steps[0]!.response!.body as { error: string }).error, "unauthorized_client");
    assert.equal(r.steps[0]!.request.headers.authorization, "Basic ***");
    assert.ok(!JSON.stringify(r).includes("demo-server-secret"));
    assert.deepEqual(r.tokens, []);
  });

  it("refreshes with a refresh token and reports a refused step with its OAuth error", async () => {
    const first = (await run({ flow: "authorization_code", clientId: "demo-browser", userId: userId("alice") })).body;
    const refresh = first.tokens.find((t) => t.kind === "refresh_token")!.value;
    const r = (await run({ flow: "refresh_token", clientId: "demo-browser", refreshToken: refresh })).body;
    assert.equal(r.outcome, "ok");
    assert.ok(r.tokens.some((t) => t.kind === "access_token"));
    const again = (await run({ flow: "refresh_token", clientId: "demo-browser", refreshToken: "not-a-token" })).body;
    assert.equal(again.outcome, "failed");
    assert.equal(again.failedStep, "token");
    assert.equal(again.steps[0]!.response!.status, 400);
    assert.equal((again.steps[0]!.response!.body as { error: string }).error, "invalid_grant");
  });

  it("runs token exchange and records the refusal when the instance does not allow it", async () => {
    const first = (await run({ flow: "authorization_code", clientId: "demo-browser", userId: userId("alice") })).body;
    const access = first.tokens.find((t) => t.kind === "access_token")!.value;
    const off = (await run({ flow: "token_exchange", clientId: "demo-browser", subjectToken: access })).body;
    assert.equal(off.outcome, "failed");
    assert.equal((off.steps[0]!.response!.body as { error: string }).error, "unsupported_grant_type");
    const instanceId = defaultInstance(core.db)!.id;
    assert.equal((await control.setFeatures({ params: { id: instanceId }, body: { oidcTokenExchange: true } })).status, 200);
    const r = (await run({ flow: "token_exchange", clientId: "demo-browser", subjectToken: access })).body;
    assert.match(r.steps[0]!.request.body!, /subject_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aaccess_token/);
    // The app must allow the grant: demo-browser does not, so the exchange is refused by the real endpoint.
    assert.equal(r.failedStep, "token");
    assert.equal((r.steps[0]!.response!.body as { error: string }).error, "unauthorized_client", JSON.stringify(r.steps[0]!.response));
  });

  it("refuses bad input with {code, message} and changes nothing", async () => {
    const before = (await control.tokens()).body.tokens.length;
    const cases: [Record<string, unknown>, number, number, RegExp][] = [
      [{ flow: "authorization_code", clientId: "nope", userId: userId("alice") }, 404, 5, /no such app/],
      [{ flow: "authorization_code", clientId: "demo-browser" }, 400, 3, /needs userId/],
      [{ flow: "authorization_code", clientId: "demo-browser", userId: userId("demo-worker") }, 400, 3, /human user/],
      [{ flow: "authorization_code", clientId: "demo-server", userId: userId("alice") }, 400, 9, /pass its clientSecret/],
      [{ flow: "device_code", clientId: "demo-browser" }, 400, 3, /device_code needs userId/],
      [{ flow: "device_code", clientId: "demo-browser", userId: userId("demo-worker") }, 400, 3, /human user/],
      [{ flow: "refresh_token", clientId: "demo-browser" }, 400, 3, /needs refreshToken/],
      [{ flow: "implicit", clientId: "demo-browser" }, 400, 3, /flow/],
      [{ flow: "client_credentials", clientId: "alice", clientSecret: "x" }, 404, 5, /machine user/],
    ];
    for (const [json, status, code, message] of cases) {
      const res = await run(json);
      assert.equal(res.status, status, `${JSON.stringify(json)}: ${res.text}`);
      const body = res.error;
      assert.equal(body.code, code, res.text);
      assert.match(body.message, message);
    }
    assert.equal((await control.tokens()).body.tokens.length, before);
  });

  it("needs the console token", async () => {
    const res = await fetch(`${emu.url}/emulator/v1/flows`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    assert.equal(res.status, 401);
  });
});
