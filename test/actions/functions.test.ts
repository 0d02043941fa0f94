// Function executions seen by openid-client (issue 5, wire-facts 1.10): preuserinfo adds claims to
// userinfo and the ID token, preaccesstoken to JWT access tokens; reserved and existing claims are
// not overridden and say so in the log claim; set_user_metadata lands on the user.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { decodeJwt } from "jose";
import { SvcActions } from "../../emulator/src/gen/svc/resources/action/v3alpha/action_service_pb.js";
import { ok } from "../helpers/assertions.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";
import { control, startTestEmulator } from "../helpers/emulator.js";
import { withApps } from "../helpers/fixtures.js";
import { startTargetServer } from "../helpers/target-server.js";
import { ACTIONS_ROUTES, transportsFor } from "../helpers/transports.js";

const REDIRECT = "http://localhost:3000/callback";
const emu = await startTestEmulator({
  fixtures: withApps({ type: "oidc", name: "JWT app", clientId: "jwt-app", authMethod: "none", redirectUris: [REDIRECT], accessTokenType: "jwt" }),
});
const ctl = control(emu);
const set = transportsFor(emu.url, { service: SvcActions, protoFile: "svc/resources/action/v3alpha/action_service.proto", routes: ACTIONS_ROUTES });
const rest = set.all.find((t) => t.name === "rest")!;
const server = await startTargetServer();
const insecure = { execute: [client.allowInsecureRequests] };
const app = await client.discovery(new URL(emu.issuer), "jwt-app", undefined, client.None(), insecure);

async function signIn(scope = "openid profile email") {
  const { callback, verifier } = await pkceSignIn(emu.url, app, { redirectUri: REDIRECT, scope });
  const tokens = await client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier });
  return { tokens, info: await client.fetchUserInfo(app, tokens.access_token, client.skipSubjectCheck) };
}

async function functionTarget(fn: string, path: string, answer: unknown) {
  const body = ok(
    await rest.call("CreateTarget", { target: { name: `${fn}-${path}`, restRequestResponse: { url: server.url(path) }, timeout: "5s" } }, emu.adminPat),
    201,
  );
  server.answer(path, { body: answer });
  return (body.details as { id: string }).id;
}
const putFunction = async (fn: string, targets: string[]) =>
  ok(await rest.call("PutExecution", { execution: { condition: { function: fn }, targets } }, emu.adminPat));

beforeEach(async () => {
  assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
  server.clear();
});

describe("function executions", () => {
  it("preuserinfo appends claims to userinfo and the ID token, never overriding existing or reserved ones", async () => {
    const t = await functionTarget("preuserinfo", "/pre", {
      append_claims: [
        { key: "team", value: "blue" },
        { key: "email", value: "evil@example.test" },
        { key: "urn:svc:iam:user:resourceowner:id", value: "forged" },
      ],
      append_log_claims: ["hello from the target"],
    });
    await putFunction("preuserinfo", [t]);
    const { tokens, info } = await signIn();
    const idClaims = tokens.claims()!;
    for (const claims of [info, idClaims] as Record<string, unknown>[]) {
      assert.equal(claims.team, "blue");
      assert.notEqual(claims.email, "evil@example.test");
      assert.equal(claims["urn:svc:iam:user:resourceowner:id"], undefined);
      assert.deepEqual(claims["urn:svc:iam:action:function/preuserinfo:log"], ['key "email" already exists', "hello from the target"]);
    }
    const sent = server.to("/pre")[0]!.body;
    assert.equal(sent.function, "function/preuserinfo");
    assert.equal((sent.user as { username: string }).username, "alice");
    assert.equal((sent.userinfo as { sub: string }).sub, info.sub);
    assert.deepEqual(Object.keys(sent.org as object).sort(), ["id", "name", "primary_domain"]);
    // alice holds roles on the demo project (seed), so the payload carries her grant.
    const grants = sent.user_grants as { roles: string[]; user_id: string; project_name: string }[];
    assert.equal(grants.length, 1);
    assert.deepEqual([grants[0]!.user_id, [...grants[0]!.roles].sort()], [info.sub, ["admin", "editor"]]);
    assert.equal(typeof grants[0]!.project_name, "string");
  });

  it("preaccesstoken appends claims to JWT access tokens only", async () => {
    const t = await functionTarget("preaccesstoken", "/at", { append_claims: [{ key: "plan", value: { tier: 2 } }] });
    await putFunction("preaccesstoken", [t]);
    const { tokens, info } = await signIn();
    assert.deepEqual(decodeJwt(tokens.access_token).plan, { tier: 2 });
    assert.equal(info.plan, undefined);
    assert.equal(tokens.claims()!.plan, undefined);
  });

  it("later targets see the accumulated response; set_user_metadata lands on the user", async () => {
    const first = await functionTarget("preuserinfo", "/first", {
      set_user_metadata: [{ key: "seen", value: Buffer.from("yes").toString("base64") }],
      append_claims: [{ key: "a", value: 1 }],
    });
    const second = await functionTarget("preuserinfo", "/second", { append_log_claims: ["second"] });
    await putFunction("preuserinfo", [first, second]);
    const { info } = await signIn("openid urn:svc:iam:user:metadata");
    assert.deepEqual(server.to("/second")[0]!.body.response, {
      set_user_metadata: [{ key: "seen", value: Buffer.from("yes").toString("base64") }],
      append_claims: [{ key: "a", value: 1 }],
    });
    assert.equal(info.a, 1);
    assert.deepEqual(info["urn:svc:iam:action:function/preuserinfo:log"], ["second"]);
    assert.equal((info["urn:svc:iam:user:metadata"] as Record<string, string>).seen, Buffer.from("yes").toString("base64url"));
  });

  it("an interrupting failure fails the token request that builds the ID token", async () => {
    const body = ok(
      await rest.call(
        "CreateTarget",
        { target: { name: "breaker", restWebhook: { url: server.url("/down") }, timeout: "5s", interruptOnError: true } },
        emu.adminPat,
      ),
      201,
    );
    server.answer("/down", { status: 500 });
    await putFunction("preuserinfo", [(body.details as { id: string }).id]);
    // openid-client rejects the 500 answer; its cause is the token endpoint's response.
    const error = await signIn("openid").then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: Response },
    );
    assert.ok(error?.cause, "the token request failed");
    assert.equal(error.cause.status, 500);
    const body500 = (await error.cause.json()) as { error: string; error_description: string };
    assert.equal(body500.error, "server_error");
    assert.match(body500.error_description, /function\/preuserinfo: Execution failed: target breaker answered 500/);
  });

  it("an interrupting failure makes userinfo a 500 server_error, without a Bearer challenge: the token is fine", async () => {
    const { tokens } = await signIn("openid");
    const body = ok(
      await rest.call(
        "CreateTarget",
        { target: { name: "breaker", restWebhook: { url: server.url("/down") }, timeout: "5s", interruptOnError: true } },
        emu.adminPat,
      ),
      201,
    );
    server.answer("/down", { status: 500 });
    await putFunction("preuserinfo", [(body.details as { id: string }).id]);
    for (const method of ["GET", "POST"]) {
      const res = await fetch(`${emu.url}/oidc/v1/userinfo`, { method, headers: { authorization: `Bearer ${tokens.access_token}` } });
      assert.equal(res.status, 500, method);
      assert.equal(res.headers.get("www-authenticate"), null);
      assert.equal(res.headers.get("cache-control"), "no-store");
      const answer = (await res.json()) as { error: string; error_description: string };
      assert.equal(answer.error, "server_error");
      assert.match(answer.error_description, /^function\/preuserinfo: Execution failed: target breaker answered 500/);
    }
  });
});
