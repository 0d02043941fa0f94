// The tests of every runner's sample suite (test/runners/<runner>/): on its own instance, a test file
// creates the user name every other file creates too, starts each test from the seed, and signs the
// seeded machine user in at the instance's own issuer. Written once for all runners: node:assert fails a
// test in each of them.
import assert from "node:assert/strict";
import type { TestInstance } from "svc-emulator/testing";

export interface Runner {
  describe(name: string, fn: () => void): unknown;
  it(name: string, fn: () => Promise<void>): unknown;
}

const SEEDED = ["admin", "admin-sa", "alice", "bob", "demo-worker"];

export function sameNames(emu: TestInstance, { describe, it }: Runner): void {
  const post = (path: string, body: unknown) =>
    emu.fetch(`${emu.url}/resources/v3alpha/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  async function usernames(): Promise<string[]> {
    const { result } = (await (await post("users/_search", [])).json()) as { result: { human?: { username: string }; machine?: { username: string } }[] };
    // Copied into an array of this realm: under Jest, what fetch parsed comes from Node's own (deepEqual compares prototypes).
    return [...result].map((u) => (u.human ?? u.machine)!.username).sort();
  }

  describe("an instance of its own", () => {
    it("creates the user name every other file creates too", async () => {
      assert.equal((await post("users/machine", { username: "same-name", name: "Same" })).status, 201);
      assert.equal((await post("users/machine", { username: "same-name", name: "Same" })).status, 409);
      assert.deepEqual(await usernames(), [...SEEDED, "same-name"].sort());
    });

    it("starts every test from the seed", async () => {
      assert.deepEqual(await usernames(), SEEDED);
    });

    it("signs the seeded machine user in at the instance's own issuer", async () => {
      const token = await emu.fetch(`${emu.issuer}/oauth/v2/token`, {
        method: "POST",
        headers: { authorization: `Basic ${btoa("demo-worker:demo-worker-secret")}` },
        body: new URLSearchParams({ grant_type: "client_credentials", scope: "openid" }),
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const info = await emu.fetch(`${emu.issuer}/oidc/v1/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
      assert.equal(((await info.json()) as { sub: string }).sub, emu.ids.users["demo-worker"]);
    });
  });
}
