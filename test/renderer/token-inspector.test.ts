// renderer/src/links/token-inspector.ts: the inspector's input carried in the URL fragment. What
// inspectPath writes, a browser's URL parser and URLSearchParams (as the inspector reads it) give back
// unchanged, whatever the values hold; nothing goes into the path or the query, which reach the server.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { INSPECT_PATH, type InspectInput, inspectFragment, inspectPath } from "../../renderer/src/links/token-inspector.js";

/** What the inspector reads back from the address a link opens (its fragment's parameters). */
function readBack(path: string): { url: URL; params: Record<string, string> } {
  const url = new URL(`/ui${path}`, "http://localhost:8080");
  return { url, params: Object.fromEntries(new URLSearchParams(url.hash.slice(1))) };
}

const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln";

describe("inspectFragment and inspectPath", () => {
  it("put the token and what came with it in the fragment only", () => {
    const input: InspectInput = { token: JWT, accessToken: "opaque-AT_1", nonce: "n-1", idToken: `${JWT}x` };
    const path = inspectPath(input);
    assert.equal(path, `${INSPECT_PATH}${inspectFragment(input)}`);
    const { url, params } = readBack(path);
    assert.equal(url.pathname, "/ui/tokens/inspect");
    assert.equal(url.search, "", "nothing in the query, which the server would see");
    assert.deepEqual(params, { token: JWT, access_token: "opaque-AT_1", nonce: "n-1", id_token: `${JWT}x` });
  });

  it("leaves out the parts not given, and names a JWT access token's record by its jti alone", () => {
    assert.equal(inspectFragment({ token: JWT }), `#token=${JWT}`);
    assert.equal(inspectFragment({ token: "", jti: "3141" }), "#jti=3141");
    assert.equal(inspectFragment({ token: JWT, jti: "3141" }), `#token=${JWT}`, "a value wins over a record");
    assert.equal(inspectFragment({ token: "" }), "#token=", "the empty case still opens the inspector, empty");
    assert.equal(inspectFragment({ token: "t", accessToken: "", nonce: "", idToken: "" }), "#token=t");
  });

  it("carries values with the fragment's and the query's own characters unchanged", () => {
    const hostile: InspectInput = {
      token: "a&b=c#d?e f+g%20h/i",
      accessToken: "ünïcödé 🚀 \u0000 \n",
      nonce: "<script>alert(1)</script>",
      idToken: "x".repeat(20_000),
    };
    const { url, params } = readBack(inspectPath(hostile));
    assert.equal(url.search, "");
    assert.equal(url.pathname, "/ui/tokens/inspect");
    assert.deepEqual(params, { token: hostile.token, access_token: hostile.accessToken, nonce: hostile.nonce, id_token: hostile.idToken });
    assert.doesNotMatch(inspectFragment(hostile).slice(1), /[#<>\s]/, "encoded: no raw #, markup or white space");
  });
});
