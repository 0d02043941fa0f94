// Hostile form posts and queries on every OAuth/OIDC endpoint: token (each grant type the endpoint
// supports, and unknown ones), introspection, revocation, device authorization, userinfo, authorize
// (GET and POST) and end_session (GET and POST). Each case: no 5xx, an OAuth JSON error {error, ...}
// from the endpoints a client calls, an HTML error page or a redirect from the browser endpoints,
// nothing stored when refused, the server still healthy.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { SUPPORTED_GRANT_TYPES } from "../../emulator/src/oidc/token-endpoint.js";
import { ENDPOINTS } from "../../emulator/src/oidc/discovery.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { assertAlive, assertNot5xx, assertUnchanged, fuzzParams, hostileString, invalidUtf8, storeState } from "./fuzz-kit.js";

const emu = await startTestEmulator();
const encodeBytes = (b: Buffer) => [...b].map((x) => `%${x.toString(16).padStart(2, "0")}`).join("");

const PARAMS = [
  "grant_type",
  "client_id",
  "client_secret",
  "client_assertion",
  "client_assertion_type",
  "code",
  "code_verifier",
  "redirect_uri",
  "refresh_token",
  "scope",
  "username",
  "password",
  "device_code",
  "assertion",
  "subject_token",
  "subject_token_type",
  "actor_token",
  "actor_token_type",
  "requested_token_type",
  "audience",
  "resource",
  "token",
  "token_type_hint",
  "response_type",
  "response_mode",
  "state",
  "nonce",
  "prompt",
  "max_age",
  "ui_locales",
  "login_hint",
  "id_token_hint",
  "post_logout_redirect_uri",
  "code_challenge",
  "code_challenge_method",
  "request",
  "request_uri",
  "acr_values",
  "claims",
  "display",
  "logout_hint",
];
const CLIENTS = ["demo-browser", "demo-server", "demo-api", "nobody"];
const REDIRECTS = ["http://localhost:3000/callback", "http://localhost:3000/api/auth/callback", "http://localhost:3000/", "javascript:alert(1)"];

const value = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((s) => encodeBytes(Buffer.from(s))) },
  fc
    .constantFrom(...CLIENTS, ...REDIRECTS, ...SUPPORTED_GRANT_TYPES, "openid profile email offline_access", "code", "id_token token", "S256", "plain")
    .map((s) => encodeURIComponent(s)),
  invalidUtf8.map(encodeBytes),
);
const pairs = (names: string[]) =>
  fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...names) },
        hostileString.map((s) => encodeBytes(Buffer.from(s))),
      ),
      value,
    ),
    {
      maxLength: 8,
    },
  );
const form = (kv: [string, string][]) => kv.map(([k, v]) => `${k}=${v}`).join("&");

const clientAuth = fc.constantFrom<string | undefined>(
  undefined,
  `Basic ${Buffer.from("demo-server:demo-server-secret").toString("base64")}`,
  `Basic ${Buffer.from("demo-api:wrong").toString("base64")}`,
  "Basic !!!",
  `Bearer ${emu.adminPat}`,
  "Bearer \u00ff",
);
const contentType = fc.constantFrom("application/x-www-form-urlencoded", "application/x-www-form-urlencoded", "application/json", "text/plain", "");

type Kind = "json" | "browser";
interface Endpoint {
  name: string;
  method: "GET" | "POST";
  path: string;
  kind: Kind;
  /** Fields fixed by the endpoint under test (the grant type). */
  fixed?: string;
}

const endpoints: Endpoint[] = [
  ...[...SUPPORTED_GRANT_TYPES, "password", "urn:unknown"].map((g) => ({
    name: `token ${g}`,
    method: "POST" as const,
    path: ENDPOINTS.token,
    kind: "json" as const,
    fixed: `grant_type=${encodeURIComponent(g)}`,
  })),
  { name: "introspect", method: "POST", path: ENDPOINTS.introspection, kind: "json" },
  { name: "revoke", method: "POST", path: ENDPOINTS.revocation, kind: "json" },
  { name: "device_authorization", method: "POST", path: ENDPOINTS.deviceAuthorization, kind: "json" },
  { name: "userinfo GET", method: "GET", path: ENDPOINTS.userinfo, kind: "json" },
  { name: "userinfo POST", method: "POST", path: ENDPOINTS.userinfo, kind: "json" },
  { name: "authorize GET", method: "GET", path: ENDPOINTS.authorization, kind: "browser" },
  { name: "authorize POST", method: "POST", path: ENDPOINTS.authorization, kind: "browser" },
  { name: "end_session GET", method: "GET", path: ENDPOINTS.endSession, kind: "browser" },
  { name: "end_session POST", method: "POST", path: ENDPOINTS.endSession, kind: "browser" },
];
const RUNS = 200;

function assertOAuthError(status: number, text: string, type: string): void {
  assert.match(type, /^application\/json/, `content type of ${status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as Record<string, unknown>;
  assert.equal(typeof body.error, "string", text.slice(0, 300));
  for (const k of Object.keys(body)) assert.ok(["error", "error_description", "error_uri", "state"].includes(k), `unexpected key ${k}`);
}

let cases = 0;
after(() => console.log(`fuzz oidc: ${cases} cases over ${endpoints.length} endpoints`));

describe("OAuth and OIDC endpoints under hostile input", () => {
  for (const e of endpoints) {
    it(e.name, async () => {
      await fc.assert(
        fc.asyncProperty(pairs(PARAMS), clientAuth, contentType, async (kv, authorization, type) => {
          cases++;
          const before = storeState(emu);
          const body = [e.fixed, form(kv)].filter(Boolean).join("&");
          const headers: Record<string, string> = {};
          if (authorization) headers.authorization = authorization;
          if (type && e.method === "POST") headers["content-type"] = type;
          const url = `${emu.url}${e.path}${e.method === "GET" ? `?${body}` : ""}`;
          const res = await fetch(url, { method: e.method, headers, body: e.method === "POST" ? body : undefined, redirect: "manual" });
          const text = await res.text();
          const ct = res.headers.get("content-type") ?? "";
          assertNot5xx(res.status, e.name, text);
          if (res.status >= 400) {
            if (e.kind === "json" || ct.startsWith("application/json")) assertOAuthError(res.status, text, ct);
            else assert.match(ct, /^text\/html/, `browser refusal ${res.status} is an error page`);
            assertUnchanged(emu, before, `${e.name} refused with ${res.status}: ${text.slice(0, 200)}`);
          }
          if (res.status >= 300 && res.status < 400) assert.ok(res.headers.get("location"), "a redirect has a location");
        }),
        fuzzParams(`oidc ${e.name}`, RUNS),
      );
      await assertAlive(emu);
    });
  }
});
