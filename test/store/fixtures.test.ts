// Fixture files (fixtures/README.md): more instances reached by their domains with separate data,
// and a file with an error rejected whole with a message naming the problem.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import bcrypt from "bcryptjs";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { generateKeyPairSync } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultFixtures, startEmulator, type FixtureFile } from "../../emulator/src/index.js";
import { request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const sa = (username: string, token: string) => ({ type: "machine" as const, username, name: username, personalAccessTokens: [{ token }] });
const FIXTURES: FixtureFile = {
  instances: [
    {
      name: "Main",
      domains: ["localhost"],
      orgs: [{ name: "O", users: [sa("main-sa", "main-token-0123456789")] }],
      members: [{ user: "main-sa", roles: ["IAM_OWNER"] }],
    },
    {
      name: "Acme",
      domains: ["acme.localhost"],
      features: { oidc_token_exchange: true, impersonation: true, multitenancy_settings: false },
      orgs: [{ name: "Acme", users: [sa("acme-sa", "acme-token-0123456789")] }],
      members: [{ user: "acme-sa", roles: ["IAM_OWNER"] }],
    },
  ],
};

const emu = await startTestEmulator({ fixtures: FIXTURES });

async function post(path: string, host: string, token: string, body: string): Promise<{ status: number; body: unknown }> {
  const r = await requestWithHost(emu.port, path, host, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  return { status: r.status, body: JSON.parse(r.text) };
}

const target = (name: string) => JSON.stringify({ name, restWebhook: { url: "http://localhost:1/h" }, timeout: "1s" });
const names = async (host: string, token: string) =>
  ((await post("/resources/v3alpha/targets/_search", host, token, "[]")).body as { result?: { target: { name: string } }[] }).result?.map(
    (r) => r.target.name,
  ) ?? [];

describe("fixture files", () => {
  it("serves each instance on its own domains with its own data", async () => {
    assert.equal((await post("/resources/v3alpha/targets", `acme.localhost:${emu.port}`, "acme-token-0123456789", target("acme-only"))).status, 201);
    assert.equal((await post("/resources/v3alpha/targets", `localhost:${emu.port}`, "main-token-0123456789", target("main-only"))).status, 201);
    assert.deepEqual(await names(`acme.localhost:${emu.port}`, "acme-token-0123456789"), ["acme-only"]);
    assert.deepEqual(await names(`127.0.0.1:${emu.port}`, "main-token-0123456789"), ["main-only"]);
    assert.equal((await post("/resources/v3alpha/targets/_search", `acme.localhost:${emu.port}`, "main-token-0123456789", "[]")).status, 401);
    assert.equal(emu.adminPat, "");
  });

  const broken: [string, unknown, RegExp][] = [
    [
      "an unknown role",
      {
        instances: [
          { name: "I", domains: ["localhost"], orgs: [{ name: "O", users: [sa("u", "token-0123456789abc")] }], members: [{ user: "u", roles: ["GOD"] }] },
        ],
      },
      /member u: unknown role GOD/,
    ],
    [
      "a user name twice",
      { instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O", users: [sa("u", "token-0123456789abc"), sa("u", "token-0123456789abd")] }] }] },
      /user name u appears twice/,
    ],
    [
      "a missing field",
      {
        instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O", users: [{ type: "human", username: "h", lastName: "L", email: "h@x.test" }] }] }],
      },
      /\/instances\/0\/orgs\/0\/users\/0\/firstName: Expected required property/,
    ],
    [
      "an unknown property",
      { instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O" }], colour: "red" }] },
      /\/instances\/0\/colour: Unexpected property/,
    ],
    [
      "a member who is no user",
      { instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O" }], members: [{ user: "ghost", roles: ["IAM_OWNER"] }] }] },
      /member ghost is not a user of the instance/,
    ],
    [
      "a domain twice",
      {
        instances: [
          { name: "A", domains: ["localhost"], orgs: [{ name: "O" }] },
          { name: "B", domains: ["localhost"], orgs: [{ name: "O" }] },
        ],
      },
      /domain localhost appears twice/,
    ],
    [
      "an instance id twice",
      {
        instances: [
          { id: "5", name: "A", domains: ["localhost"], orgs: [{ name: "O" }] },
          { id: "5", name: "B", domains: ["b.localhost"], orgs: [{ name: "O" }] },
        ],
      },
      /^fixtures option: instance id 5 appears twice$/,
    ],
    [
      "a token twice",
      { instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O", users: [sa("u", "token-0123456789abc"), sa("v", "token-0123456789abc")] }] }] },
      /^fixtures option: personal access token token-0123456789abc appears twice$/,
    ],
    [
      "a user granted twice on one project",
      {
        instances: [
          {
            name: "I",
            domains: ["localhost"],
            orgs: [
              {
                name: "O",
                users: [sa("u", "token-0123456789abc")],
                projects: [{ name: "P", roles: [{ key: "r" }, { key: "s" }] }],
                grants: [
                  { user: "u", project: "P", roles: ["r"] },
                  { user: "u", project: "P", roles: ["s"] },
                ],
              },
            ],
          },
        ],
      },
      /^fixtures option: grant of u on project P appears twice \(one grant per user and project\)$/,
    ],
    [
      "an org name twice in an instance",
      { instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O" }, { name: "o" }] }] },
      /^fixtures option: instance I: org name o appears twice$/,
    ],
    [
      "a loopback domain on another than the default instance",
      {
        instances: [
          { name: "A", domains: ["a.localhost"], orgs: [{ name: "O" }] },
          { name: "B", domains: ["localhost"], orgs: [{ name: "O" }] },
        ],
      },
      /^fixtures option: instance B: only the default instance may have the domain localhost$/,
    ],
    [
      "a role key twice",
      { instances: [{ name: "I", domains: ["localhost"], orgs: [{ name: "O", projects: [{ name: "P", roles: [{ key: "r" }, { key: "r" }] }] }] }] },
      /^fixtures option: project P: role r appears twice$/,
    ],
  ];
  for (const [what, fixtures, message] of broken) {
    it(`rejects a file with ${what}, naming it`, async () => {
      await assert.rejects(
        startEmulator({ port: 0, inMemory: true, fixtures: fixtures as FixtureFile }),
        (e: Error) => e.name === "FixtureError" && message.test(e.message),
      );
    });
  }

  it("sets every feature flag an instance names, and the defaults for the others", async () => {
    const listed = (await control(emu).as("instances", "/instances")).body.instances;
    const byName = Object.fromEntries(listed.map((i) => [i.name, i.features]));
    assert.deepEqual(byName.Main, { multitenancyResourcesApi: true, multitenancySettings: true, oidcTokenExchange: false, impersonation: false });
    assert.deepEqual(byName.Acme, { multitenancyResourcesApi: true, multitenancySettings: false, oidcTokenExchange: true, impersonation: true });
  });

  it("seeds all or nothing: a data dir whose seed failed half-way seeds afresh next time", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "svc-emulator-fixtures-"));
    // Two machine keys with one id fail on the database's constraint, after the instance is written.
    const publicKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }) as { kty: "RSA"; n: string; e: string };
    const keys = [
      { id: "77", publicKey },
      { id: "77", publicKey },
    ];
    const failing = { instances: [{ name: "Half", domains: ["localhost"], orgs: [{ name: "O", users: [{ ...sa("m", "token-0123456789abc"), keys }] }] }] };
    await assert.rejects(startEmulator({ port: 0, dataDir, fixtures: failing as FixtureFile }));
    // The failed start closed its database: no file descriptor of this process points into the data dir.
    const open = readdirSync("/proc/self/fd").map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return "";
      }
    });
    assert.deepEqual(
      open.filter((target) => target.startsWith(dataDir)),
      [],
    );
    const again = await startEmulator({ port: 0, dataDir });
    try {
      assert.match(again.adminPat, /^[A-Za-z0-9_-]{64}$/);
      const instances = (await control(again).as("instances", "/instances")).body;
      assert.deepEqual(
        instances.instances.map((i) => i.name),
        ["Svc Emulator"],
      );
      assert.equal((await request(`${again.url}/resources/v3alpha/targets/_search`, { method: "POST", token: again.adminPat, json: [] })).status, 200);
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("documents the default admin's password truthfully", () => {
    const file = defaultFixtures();
    const admin = file.instances[0]!.orgs[0]!.users!.find((u) => u.username === "admin")!;
    assert.ok(admin.type === "human" && admin.passwordHash && bcrypt.compareSync("Password1!", admin.passwordHash));
    assert.match(readFileSync(new URL("../../README.md", import.meta.url), "utf8"), /password `Password1!`/);
  });
});
