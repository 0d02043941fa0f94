// renderer/src/screens/faults/presets.ts: every preset is a fault definition a running emulator's
// control API takes, and the words for where and what describe the faults it then lists.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { describeWhat, describeWhere, PRESETS } from "../../renderer/src/screens/faults/presets.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = controlApi(emu);
const raw = rawControl(emu);

describe("PRESETS", () => {
  it("are each taken by the control API, and listed in words", async () => {
    assert.equal(new Set(PRESETS.map((p) => p.id)).size, PRESETS.length, "ids are unique");
    for (const preset of PRESETS) {
      const r = await raw.as("addFault", "/faults", { method: "POST", json: preset.definition });
      assert.equal(r.status, 201, `${preset.id}: ${r.text}`);
    }
    const listed = (await ctl.faults()).body.faults;
    assert.deepEqual(
      listed.map((f) => `${describeWhere(f.where as Record<string, unknown>)}: ${describeWhat(f.what as Record<string, unknown>)}`),
      [
        "token: invalid_grant (400)",
        "userinfo: HTTP 503, Retry-After 30",
        "jwks: connection dropped",
        "login: access_denied (400)",
        "/svc.resources.user.v3alpha.SvcUsers/GetUser: delay 3000 ms",
      ],
    );
  });
});

describe("describeWhere and describeWhat", () => {
  it("name the place with what narrows it, and every kind of answer", () => {
    assert.equal(
      describeWhere({ endpoint: "token", grantType: "refresh_token", clientId: "app", userId: "7" }),
      "token (grant refresh_token, client app, user 7)",
    );
    assert.equal(describeWhere({ service: "svc.resources.user.v3alpha.SvcUsers" }), "svc.resources.user.v3alpha.SvcUsers");
    assert.equal(describeWhere({}), "admin API");
    assert.equal(describeWhere({ clientId: "app" }), "admin API (client app)");
    assert.equal(describeWhat({ kind: "rpcError", code: 5, message: "gone" }), "rpc code 5: gone");
    assert.equal(describeWhat({ kind: "http", status: 500 }), "HTTP 500");
    assert.equal(describeWhat({ kind: "tokenExpiresIn", seconds: 5 }), "tokens expire in 5 s");
    assert.equal(describeWhat({ kind: "expiredToken" }), "tokens already expired");
    assert.equal(describeWhat({ kind: "truncate" }), "body cut short");
  });
});
