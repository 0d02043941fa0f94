// renderer/src/api/public-app.ts: which app a flow starts on, for the apps a running emulator's seed
// answers (a public app among confidential ones and an API app), and for none.

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { needsSecretOf, PUBLIC_AUTH_METHOD, preferredClientId } from "../../renderer/src/api/public-app.js";
import { resourceClient } from "../../renderer/src/api/resource.js";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
type App = { clientId: string; oidc?: { authMethodType?: string } };
const seeded = (await resourceClient(emu.adminPat).post<{ result: App[] }>("/apps/_search", [])).result;

describe("preferredClientId", () => {
  it("picks the seed's public app, whatever the order of the apps", () => {
    assert.deepEqual(seeded.map((a) => a.clientId).sort(), ["demo-api", "demo-browser", "demo-server"]);
    assert.equal(preferredClientId(seeded), "demo-browser");
    assert.equal(preferredClientId([...seeded].reverse()), "demo-browser");
  });

  it("falls back to the first OIDC app, and to nothing without one", () => {
    const confidential = seeded.filter((a) => a.clientId !== "demo-browser");
    assert.equal(preferredClientId(confidential), "demo-server", "the API app is no OIDC app");
    assert.equal(preferredClientId(seeded.filter((a) => !a.oidc)), undefined);
    assert.equal(preferredClientId([]), undefined);
    assert.equal(preferredClientId(undefined), undefined);
  });
});

describe("needsSecretOf", () => {
  it("asks a secret of every OIDC app that is not public, and of nothing else", () => {
    const byId = Object.fromEntries(seeded.map((a) => [a.clientId, needsSecretOf(a)]));
    assert.deepEqual(byId, { "demo-api": false, "demo-browser": false, "demo-server": true });
    assert.equal(needsSecretOf(undefined), false);
    assert.equal(needsSecretOf({ clientId: "x", oidc: {} }), false, "no auth method known");
    assert.equal(needsSecretOf({ clientId: "x", oidc: { authMethodType: PUBLIC_AUTH_METHOD } }), false);
    assert.equal(needsSecretOf({ clientId: "x", oidc: { authMethodType: "OIDC_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT" } }), true);
  });
});
