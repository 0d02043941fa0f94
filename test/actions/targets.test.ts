// Target CRUD of SvcActions on REST, gRPC and gRPC-web with one table of cases (spec "SvcActions",
// wire-facts 1.1 and 1.3): field rules, command checks, PATCH without change, delete.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { assertDetails, fails, ok } from "../helpers/assertions.js";
import { actionsSetup, webhook } from "./setup.js";

const { emu, transports, instanceId, ctl } = await actionsSetup();
const pat = emu.adminPat;

async function targetEvents(id: string): Promise<{ type: string; payload: unknown }[]> {
  const r = await ctl.as("events", `/events?aggregate_type=target&aggregate_id=${id}`);
  return r.body.events;
}

for (const t of transports) {
  describe(`targets over ${t.name}`, () => {
    const n = (s: string) => `${t.name}-${s}`;
    let id = "";

    before(async () => {
      const body = ok(await t.call("CreateTarget", { target: webhook(n("first")) }, pat), 201);
      id = (body.details as { id: string }).id;
    });

    it("creates a target: 201 with details from the target.added event", async () => {
      const body = ok(await t.call("CreateTarget", { target: webhook(n("second"), { interruptOnError: true }) }, pat), 201);
      assertDetails(body.details, instanceId, { sequence: "1" });
      const id2 = (body.details as { id: string }).id;
      const events = await targetEvents(id2);
      // The event holds the signing key sealed (wire-facts 1.3: stored encrypted), never in clear.
      const sealed = (events[0]!.payload as { signingKey: { crypted: string } }).signingKey;
      assert.deepEqual(
        events.map((e) => [e.type, e.payload]),
        [
          [
            "target.added",
            {
              name: n("second"),
              targetType: "rest_webhook",
              url: "http://localhost:9999/hook",
              timeoutMs: 10000,
              isAsync: false,
              interruptOnError: true,
              signingKey: { algorithm: "aes-256-gcm", keyID: "events", crypted: sealed.crypted },
            },
          ],
        ],
      );
      const key = (ok(await t.call("GetTarget", { id: id2 }, pat)).target as { signingKey: string }).signingKey;
      assert.match(key, /^[A-Za-z0-9]{36}$/, "GetTarget shows the owner the signing key");
      assert.ok(!JSON.stringify(events).includes(key));
    });

    it("gets a target exactly as created", async () => {
      const body = ok(await t.call("GetTarget", { id }, pat), 200);
      const target = body.target as Record<string, unknown>;
      assertDetails(target.details, instanceId, { id, sequence: "1" });
      assert.deepEqual(target.target, { name: n("first"), restWebhook: { url: "http://localhost:9999/hook" }, timeout: "10s" });
    });

    const invalid: [string, Record<string, unknown>, number, RegExp, string][] = [
      [
        "no target type",
        { name: n("x"), timeout: "10s" },
        3,
        /invalid CreateTargetRequest\.target\.target_type: exactly one field is required in oneof \[oneof\.required\]/,
        "VALIDATE-oneof.required",
      ],
      [
        "a url that is no URI",
        webhook(n("x"), { restWebhook: { url: "not a uri" } }),
        3,
        /target\.rest_webhook\.url: value must be an absolute URI \[string\.uri\]/,
        "VALIDATE-string.uri",
      ],
      [
        "an empty url",
        webhook(n("x"), { restWebhook: { url: "" } }),
        3,
        /url: value length must be between 1 and 1000 runes, inclusive \[string\.min_len\]/,
        "VALIDATE-string.min_len",
      ],
      [
        "a url of 1001 characters",
        webhook(n("x"), { restRequestResponse: { url: `http://x/${"a".repeat(992)}` }, restWebhook: undefined }),
        3,
        /rest_request_response\.url: .*\[string\.max_len\]/,
        "VALIDATE-string.max_len",
      ],
      ["an empty name", webhook(""), 3, /Target name must not be empty/, "COMMAND-ddqbm9us5p"],
      ["no timeout", webhook(n("x"), { timeout: undefined }), 3, /timeout must be greater than 0s/, "COMMAND-39f35d8uri"],
      ["a timeout above 270s", webhook(n("x"), { timeout: "271s" }), 3, /timeout must be at most 270s/, "COMMAND-39f35d8urj"],
      ["a name in use", webhook(n("first")), 6, /already exists/, "INSTANCE-9axkz0jvzm"],
    ];
    for (const [what, target, code, message, detail] of invalid) {
      it(`refuses ${what} and stores nothing`, async () => {
        const before = (await ctl.as("events", "/events?type=target.added&limit=1000")).body;
        const clean = JSON.parse(JSON.stringify(target));
        fails(await t.call("CreateTarget", { target: clean }, pat), code, code === 6 ? 409 : 400, message, detail);
        const after = (await ctl.as("events", "/events?type=target.added&limit=1000")).body;
        assert.equal(after.events.length, before.events.length);
      });
    }

    it("refuses a missing target message", async () => {
      fails(await t.call("CreateTarget", {}, pat), 3, 400, /CreateTargetRequest\.target: value is required \[message\.required\]/);
    });

    it("answers NotFound for an unknown id and InvalidArgument for an id over 200 characters", async () => {
      fails(await t.call("GetTarget", { id: "1" }, pat), 5, 404, /^Target not found \(COMMAND-xj14f2cccn\)$/, "COMMAND-xj14f2cccn");
      fails(await t.call("GetTarget", { id: "9".repeat(201) }, pat), 3, 400, /GetTargetRequest\.id: .*\[string\.max_len\]/);
    });

    it("patches: changed fields append target.changed; the same values again append nothing", async () => {
      const body = ok(
        await t.call(
          "PatchTarget",
          { id, target: { name: n("renamed"), restRequestResponse: { url: "https://example.test/rr" }, isAsync: true, timeout: "2.5s" } },
          pat,
        ),
        200,
      );
      assertDetails(body.details, instanceId, { id, sequence: "2" });
      const got = ok(await t.call("GetTarget", { id }, pat)).target as Record<string, unknown>;
      assert.deepEqual(got.target, { name: n("renamed"), restRequestResponse: { url: "https://example.test/rr" }, timeout: "2.500s", isAsync: true });
      const same = ok(await t.call("PatchTarget", { id, target: { name: n("renamed"), timeout: "2.5s" } }, pat), 200);
      assertDetails(same.details, instanceId, { id, sequence: "2" });
      assert.deepEqual(
        (await targetEvents(id)).map((e) => e.type),
        ["target.added", "target.changed"],
      );
      const flip = ok(await t.call("PatchTarget", { id, target: { interruptOnError: true } }, pat), 200);
      assertDetails(flip.details, instanceId, { id, sequence: "3" });
      assert.deepEqual((ok(await t.call("GetTarget", { id }, pat)).target as { target: unknown }).target, {
        name: n("renamed"),
        restRequestResponse: { url: "https://example.test/rr" },
        timeout: "2.500s",
        interruptOnError: true,
      });
    });

    it("refuses a patch to a name in use, an unknown id, or a bad url", async () => {
      fails(await t.call("PatchTarget", { id, target: { name: n("second") } }, pat), 6, 409, /already exists/, "INSTANCE-9axkz0jvzm");
      fails(await t.call("PatchTarget", { id: "42", target: { name: "x" } }, pat), 5, 404, /Target not found/, "COMMAND-xj14f2cccn");
      fails(await t.call("PatchTarget", { id, target: { restWebhook: { url: "::" } } }, pat), 3, 400, /\[string\.uri\]/);
    });

    it("deletes a target, then it is gone", async () => {
      const created = ok(await t.call("CreateTarget", { target: webhook(n("doomed")) }, pat), 201);
      const doomed = (created.details as { id: string }).id;
      const body = ok(await t.call("DeleteTarget", { id: doomed }, pat), 200);
      assertDetails(body.details, instanceId, { id: doomed, sequence: "2" });
      fails(await t.call("GetTarget", { id: doomed }, pat), 5, 404, /Target not found/);
      fails(await t.call("DeleteTarget", { id: doomed }, pat), 5, 404, /Target not found/);
    });
  });
}
