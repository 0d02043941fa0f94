// The seed writes through the domain's commands (issue 11): a fixture's projects, roles, apps and
// app keys become the same events an API call appends, with the ids the file gives, the keys as
// given, and origin "seed"; what is created later through the API says origin "api".

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import type { FixtureFile } from "../../emulator/src/index.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const PROJECT = "200000000000000001";
const APP = "200000000000000002";
const TOKEN = "seed-token-0123456789";
const jwk = {
  ...(generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }) as { kty: "RSA"; n: string; e: string }),
  kid: "given-kid",
};

const FIXTURES: FixtureFile = {
  instances: [
    {
      name: "Main",
      domains: ["localhost"],
      orgs: [
        {
          name: "O",
          users: [{ type: "machine", username: "sa", name: "sa", personalAccessTokens: [{ token: TOKEN }] }],
          projects: [
            {
              id: PROJECT,
              name: "Shop",
              roles: [{ key: "reader" }],
              apps: [
                {
                  type: "oidc",
                  id: APP,
                  name: "web",
                  clientId: "seeded-client",
                  authMethod: "private_key_jwt",
                  redirectUris: ["http://localhost/cb"],
                  publicKeys: [jwk],
                },
              ],
            },
          ],
        },
      ],
      members: [{ user: "sa", roles: ["IAM_OWNER"] }],
    },
  ],
};

const emu = await startTestEmulator({ fixtures: FIXTURES });
const ctl = control(emu);

const eventsOf = async (aggregateId: string) => {
  const r = await ctl.as("events", `/events?aggregate_id=${aggregateId}&limit=1000`);
  assert.equal(r.status, 200, r.text);
  return r.body.events;
};

describe("seeding through commands", () => {
  it("stores the fixture's project and roles with the given id, by SYSTEM, origin seed", async () => {
    const events = await eventsOf(PROJECT);
    assert.deepEqual(
      events.map(({ type, payload, creator, origin }) => ({ type, payload, creator, origin })),
      [
        { type: "project.added", payload: { name: "Shop", roleAssertion: false, roleCheck: false, hasProjectCheck: false }, creator: "SYSTEM", origin: "seed" },
        { type: "project.role.added", payload: { key: "reader", displayName: "reader", group: "" }, creator: "SYSTEM", origin: "seed" },
      ],
    );
  });

  it("stores the fixture's app with the given id and client id, and its key exactly as given", async () => {
    const events = await eventsOf(APP);
    assert.deepEqual(
      events.map((e) => [e.type, e.origin, e.creator]),
      [
        ["app.added", "seed", "SYSTEM"],
        ["app.key.added", "seed", "SYSTEM"],
      ],
    );
    assert.equal(events[0]!.payload.clientId, "seeded-client");
    assert.equal(events[0]!.payload.projectId, PROJECT);
    assert.deepEqual(events[1]!.payload.publicJwk, jwk);
  });

  it("marks a project created through the API with origin api", async () => {
    const r = await request(`${emu.url}/resources/v3alpha/projects`, { method: "POST", token: TOKEN, json: { name: "Later" } });
    assert.equal(r.status, 201, r.text);
    const events = await eventsOf((r.body as { details: { id: string } }).details.id);
    assert.deepEqual(
      events.map((e) => [e.type, e.origin]),
      [["project.added", "api"]],
    );
  });
});
