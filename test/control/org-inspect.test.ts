// POST /emulator/v1/orgs/_inspect (issue 13, for the import screen): the CLI's `inspect` on the
// control API. Per org the counts per kind, the secrets the file carries and what an import will not
// carry over, then the engine's validation errors with their paths; nothing is written.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Value } from "@sinclair/typebox/value";
import * as S from "../../emulator/src/control/schemas.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { databaseDump } from "../helpers/dump.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const dump = databaseDump(emu);

const doc = {
  orgs: [
    {
      orgId: "510000000000000001",
      org: { name: "Inspected" },
      humanUsers: [
        {
          userId: "510000000000000010",
          user: {
            userName: "ina",
            profile: { firstName: "Ina", lastName: "I" },
            email: { email: "ina@inspected.example" },
            hashedPassword: { value: "$2a$04$abcdefghijklmnopqrstuu5J8QEnD4b/5Ps1zC7tH1x3G8WQ1O7Hy" },
            otpCode: "testotp",
          },
        },
      ],
      projects: [{ projectId: "510000000000000020", project: { name: "P" } }],
      loginPolicy: { allowUsernamePassword: true },
    },
  ],
};

describe("POST /emulator/v1/orgs/_inspect", () => {
  it("summarises each org like the CLI inspect and writes nothing", async () => {
    const before = dump();
    const r = await ctl("/orgs/_inspect", { method: "POST", json: { document: doc } });
    assert.equal(r.status, 200, r.text);
    assert.ok(Value.Check(S.InspectResult, r.body));
    assert.deepEqual(r.body, {
      orgs: [
        {
          orgId: "510000000000000001",
          name: "Inspected",
          counts: { humanUsers: 1, projects: 1 },
          secrets: { "hashedPassword:bcrypt": 1, otpCode: 1 },
          notCarried: { loginPolicy: 1, "humanUsers.user.otpCode": 1 },
        },
      ],
      valid: true,
      errors: [],
    });
    assert.deepEqual(dump(), before);
  });

  it("answers an invalid document's errors with their paths beside what could be read", async () => {
    const bad = { orgs: [{ ...doc.orgs[0], humanUsers: [{ userId: "510000000000000011", user: { userName: "x", emial: "typo" } }] }] };
    const r = await control.inspectDocument({ body: { document: bad } });
    assert.equal(r.status, 200, r.text);
    const body = r.body;
    assert.equal(body.valid, false);
    assert.deepEqual(body.orgs[0]!.counts, { humanUsers: 1, projects: 1 });
    assert.ok(
      body.errors.some((e) => e.path === "orgs[0].humanUsers[0].user.emial" && e.message.endsWith("unknown field")),
      JSON.stringify(body.errors),
    );
  });

  it("refuses a body without a document in the control API's {code, message}, and callers without the token", async () => {
    const r = await ctl("/orgs/_inspect", { method: "POST", json: { doc } });
    assert.equal(r.status, 400);
    assert.equal(r.error.code, 3);
    const anon = await controlApi(emu, "").inspectDocument({ body: { document: doc } });
    assert.deepEqual([anon.status, anon.error.code], [401, 16]);
  });
});
