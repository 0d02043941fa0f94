// renderer/src/screens/tokens/claim-info.ts: where each claim comes from and what it means, for every
// claim an emulator token carries, for role claims of any project, and for names that are no claim
// the platform knows (an action's, another issuer's, or names that are also JavaScript's own).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { claimInfo, SOURCE_LABEL, TIME_CLAIMS, type ClaimSource } from "../../renderer/src/screens/tokens/claim-info.js";

const sourceOf = (name: string) => claimInfo(name).source;

describe("claimInfo", () => {
  it("sorts the claims of the emulator's tokens by their source", () => {
    const expected: Record<string, ClaimSource> = {
      iss: "registered",
      sub: "registered",
      aud: "registered",
      exp: "registered",
      iat: "registered",
      nbf: "registered",
      jti: "registered",
      auth_time: "oidc",
      azp: "oidc",
      at_hash: "oidc",
      nonce: "oidc",
      sid: "oidc",
      amr: "oidc",
      name: "oidc",
      preferred_username: "oidc",
      updated_at: "oidc",
      email_verified: "oidc",
      client_id: "oauth",
      scope: "oauth",
      act: "oauth",
      active: "oauth",
      username: "oauth",
      "urn:svc:iam:user:resourceowner:id": "reserved",
      "urn:svc:iam:user:resourceowner:name": "reserved",
      "urn:svc:iam:user:resourceowner:primary_domain": "reserved",
      "urn:svc:iam:user:metadata": "reserved",
      "urn:svc:iam:org:id": "reserved",
      "urn:svc:iam:org:domain:primary": "reserved",
      "urn:svc:iam:something:new": "reserved",
      "urn:svc:iam:org:project:roles": "role mapping",
      "urn:svc:iam:org:project:2741:roles": "role mapping",
      "https://example.com/claims/tenant": "custom",
      tenant: "custom",
    };
    assert.deepEqual(Object.fromEntries(Object.keys(expected).map((k) => [k, sourceOf(k)])), expected);
  });

  it("names the project of a role claim, or the client's project", () => {
    assert.match(claimInfo("urn:svc:iam:org:project:2741:roles").description, /^The user's roles in project 2741: /);
    assert.match(claimInfo("urn:svc:iam:org:project:roles").description, /^The user's roles in the client's project: /);
    assert.match(claimInfo("urn:svc:iam:org:project:a:b:roles").description, /in project a:b:/, "everything between the prefix and :roles");
  });

  it("does not take near misses of reserved names for them", () => {
    assert.equal(sourceOf("urn:svc:iam:org:projects:roles"), "reserved", "a scope's name, reserved but no role mapping");
    assert.equal(sourceOf("urn:svc:iam:user:resourceowner:id:extra"), "reserved");
    assert.equal(claimInfo("urn:svc:iam:user:resourceowner:id:extra").description, "A reserved claim of the platform");
    assert.equal(sourceOf("urn:zitadel:iam:org:project:roles"), "custom", "the product's own prefix is not the emulator's");
    assert.equal(sourceOf("ISS"), "custom", "claim names are case-sensitive");
    assert.equal(sourceOf(""), "custom");
  });

  it("takes claims named like JavaScript's own object properties for custom claims", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf", "isPrototypeOf"]) {
      const info = claimInfo(name);
      assert.equal(info.source, "custom", name);
      assert.equal(typeof info.description, "string", name);
    }
  });

  it("describes every claim in words and labels every source", () => {
    for (const name of ["iss", "updated_at", "scope", "urn:svc:iam:org:id", "urn:svc:iam:org:project:roles", "x"]) {
      const { source, description } = claimInfo(name);
      assert.ok(description.length > 10, name);
      assert.ok(SOURCE_LABEL[source], name);
    }
    assert.deepEqual(Object.keys(SOURCE_LABEL).sort(), ["custom", "oauth", "oidc", "registered", "reserved", "role mapping"]);
  });

  it("lists the claims that hold a time in seconds", () => {
    assert.deepEqual([...TIME_CLAIMS].sort(), ["auth_time", "exp", "iat", "nbf", "updated_at"]);
  });
});
