// renderer/src/screens/tokens/checklist.ts: the checks a relying party runs on an ID token, on the
// emulator's clock. An implicit sign-in's ID token and access token from a running emulator pass every
// check; each check then fails or is skipped for the reason it names, on hand-made payloads.

import "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { type CheckInput, runChecks } from "../../renderer/src/screens/tokens/checklist.js";
import { decodeToken } from "../../renderer/src/screens/tokens/jwt.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const ctl = controlApi(emu);
const REDIRECT = "http://localhost:3000/callback";

/** An implicit sign-in (response_type `id_token token`): the ID token, its access token and the nonce sent. */
async function implicitSignIn() {
  const nonce = `n-${Date.now()}`;
  const url = new URL("/oauth/v2/authorize", emu.url);
  const params = { client_id: "demo-browser", redirect_uri: REDIRECT, response_type: "id_token token", scope: "openid", nonce, state: "s" };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const b = new Browser(emu.url);
  const done = await b.submit(await b.go(url.toString()), "login", { loginName: "alice", password: "Password1!" });
  assert.ok(done.url.startsWith(REDIRECT), done.html);
  const answer = new URLSearchParams(new URL(done.url).hash.slice(1));
  return { idToken: answer.get("id_token")!, accessToken: answer.get("access_token")!, nonce };
}
const emulatorNow = async () => new Date((await ctl.clock()).body.now);
const atHash = (value: string) => createHash("sha256").update(value).digest().subarray(0, 16).toString("base64url");

const NOW = new Date("2026-01-01T00:00:00Z");
const nowS = NOW.getTime() / 1000;
const base: CheckInput = {
  payload: { iss: "http://localhost:8080", aud: ["client", "project"], azp: "client", exp: nowS + 3600 },
  alg: "RS256",
  expectedIssuer: "http://localhost:8080",
  now: NOW,
};
/** The check of `name` for the base input changed by `change`. */
async function check(name: string, change: Partial<CheckInput> & { claims?: Record<string, unknown> }) {
  const { claims, ...rest } = change;
  const checks = await runChecks({ ...base, ...rest, payload: { ...base.payload, ...claims } });
  return checks.find((c) => c.name === name);
}

describe("runChecks", () => {
  it("passes every check for the emulator's ID token with its access token and nonce, on the emulator clock", async () => {
    const { idToken, accessToken, nonce } = await implicitSignIn();
    const decoded = decodeToken(idToken);
    const payload = decoded.payload!;
    const checks = await runChecks({
      payload,
      alg: String(decoded.header!.alg),
      expectedIssuer: emu.issuer,
      accessToken,
      nonce,
      now: await emulatorNow(),
    });
    assert.deepEqual(
      checks.map((c) => [c.name, c.state]),
      [
        ["iss", "ok"],
        ["aud", "ok"],
        ["azp", "ok"],
        ["nonce", "ok"],
        ["at_hash", "ok"],
        ["exp", "ok"],
      ],
      JSON.stringify(checks),
    );
    assert.equal(checks[0]!.detail, `is the instance's issuer ${emu.issuer}`);
    assert.equal(checks[4]!.detail, "matches the access token");
    assert.equal(payload.at_hash, atHash(accessToken));
    assert.match(checks[5]!.detail, /^valid for 1[12]h( \d+m)? on the emulator clock$/);

    const other = await runChecks({
      payload,
      alg: "RS256",
      expectedIssuer: "http://elsewhere",
      accessToken: "another",
      nonce: "other",
      now: await emulatorNow(),
    });
    assert.deepEqual(
      other.filter((c) => c.state === "failed").map((c) => c.detail),
      [
        `${emu.issuer} is not the instance's issuer http://elsewhere`,
        `${nonce} is not the request's nonce other`,
        `${String(payload.at_hash)} is not the access token's hash ${atHash("another")}`,
      ],
    );
  });

  it("fails an ID token once the emulator clock passes its expiry", async () => {
    const { idToken } = await implicitSignIn();
    const payload = decodeToken(idToken).payload!;
    assert.equal((await ctl.advanceClock({ body: { by: "13h" } })).status, 200);
    const checks = await runChecks({ payload, alg: "RS256", expectedIssuer: emu.issuer, now: await emulatorNow() });
    assert.match(checks.find((c) => c.name === "exp")!.detail, /^expired (1h( \d+[ms])?|59m \d+s) ago on the emulator clock$/);
  });

  it("says why an audience or authorized party fails", async () => {
    assert.deepEqual(await check("aud", { claims: { aud: [] } }), { name: "aud", state: "failed", detail: "no audience" });
    assert.deepEqual(await check("aud", { claims: { aud: undefined } }), { name: "aud", state: "failed", detail: "no audience" });
    assert.deepEqual(await check("aud", { claims: { aud: ["other"] } }), {
      name: "aud",
      state: "failed",
      detail: "does not contain the authorized party client",
    });
    assert.deepEqual(await check("aud", { claims: { aud: "client", azp: undefined } }), { name: "aud", state: "ok", detail: "client" });
    assert.deepEqual(await check("azp", { claims: { azp: undefined } }), { name: "azp", state: "failed", detail: "several audiences but no azp" });
    assert.deepEqual(await check("azp", { claims: { aud: "client", azp: undefined } }), {
      name: "azp",
      state: "not checked",
      detail: "one audience: azp not needed",
    });
  });

  it("skips what it cannot know and fails what does not match: nonce and at_hash", async () => {
    assert.equal((await check("nonce", {}))!.state, "not checked");
    assert.equal((await check("nonce", { nonce: "n" }))!.detail, "the request sent nonce n, the token has none");
    assert.equal((await check("nonce", { claims: { nonce: "n" } }))!.state, "not checked");
    assert.equal((await check("at_hash", { accessToken: "x" }))!.detail, "no at_hash in the token");
    assert.equal((await check("at_hash", { claims: { at_hash: "abc" } }))!.detail, "the access token is unknown (open the token with &access_token=…)");
    const rs384 = await check("at_hash", { alg: "RS384", accessToken: "x", claims: { at_hash: "abc" } });
    assert.deepEqual(rs384, { name: "at_hash", state: "not checked", detail: "alg RS384: only SHA-256 algorithms are checked" });
    assert.equal((await check("at_hash", { alg: "ES256", accessToken: "tok", claims: { at_hash: atHash("tok") } }))!.state, "ok");
  });

  it("checks exp and nbf against the given now", async () => {
    assert.deepEqual(await check("exp", { claims: { exp: nowS - 3600 } }), { name: "exp", state: "failed", detail: "expired 1h ago on the emulator clock" });
    assert.deepEqual(await check("exp", { claims: { exp: nowS + 90 } }), { name: "exp", state: "ok", detail: "valid for 1m 30s on the emulator clock" });
    assert.deepEqual(await check("exp", { claims: { exp: nowS } }), { name: "exp", state: "failed", detail: "expired 0s ago on the emulator clock" });
    assert.deepEqual(await check("exp", { claims: { exp: String(nowS + 60) } }), { name: "exp", state: "failed", detail: "no expiration time" });
    assert.deepEqual(await check("nbf", { claims: { nbf: nowS + 60 } }), { name: "nbf", state: "failed", detail: "not valid before 2026-01-01T00:01:00.000Z" });
    assert.equal(await check("nbf", { claims: { nbf: nowS } }), undefined, "valid from now: nothing to report");
  });

  it("reports times beyond any date instead of failing", async () => {
    assert.deepEqual(await check("nbf", { claims: { nbf: 1e300 } }), {
      name: "nbf",
      state: "failed",
      detail: "not valid before 1e+300 (seconds since the epoch)",
    });
    assert.equal((await check("exp", { claims: { exp: 1e300 } }))!.state, "ok");
  });

  it("fails an empty payload on every check it must not skip", async () => {
    const checks = await runChecks({ ...base, payload: {} });
    assert.deepEqual(
      checks.map((c) => [c.name, c.state, c.detail]),
      [
        ["iss", "failed", "undefined is not the instance's issuer http://localhost:8080"],
        ["aud", "failed", "no audience"],
        ["azp", "not checked", "one audience: azp not needed"],
        ["nonce", "not checked", "no nonce in the token"],
        ["at_hash", "not checked", "no at_hash in the token"],
        ["exp", "failed", "no expiration time"],
      ],
    );
  });
});
