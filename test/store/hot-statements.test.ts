// The requests a client sends first (discovery, key set, client_credentials tokens opaque and JWT,
// introspection, userinfo) compile no SQL of their own: their statements are prepared once
// the emulator is idle after start, after a reset and after a snapshot restore (store/hot-statements.ts).
// Observed on better-sqlite3's own prepare(), not on the emulator's code.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import BetterSqlite3 from "better-sqlite3";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { withJwtMachine } from "../helpers/fixtures.js";
import type { Emulator } from "../../emulator/src/index.js";

const fixtures = withJwtMachine("hot-jwt");

const FORM = "application/x-www-form-urlencoded";
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** The SQL better-sqlite3 compiles while `run` runs. */
async function preparedDuring(run: () => Promise<void>): Promise<string[]> {
  const proto = BetterSqlite3.prototype as unknown as { prepare: (sql: string) => unknown };
  const original = proto.prepare;
  const seen: string[] = [];
  proto.prepare = function (this: unknown, sql: string) {
    seen.push(sql.replace(/\s+/g, " "));
    return original.call(this, sql);
  };
  try {
    await run();
  } finally {
    proto.prepare = original;
  }
  return seen;
}

/** Lets the emulator's immediates run (what it prepares when idle). */
const idle = () => new Promise((r) => setImmediate(r));

/** The first requests of a client, each checked on the wire. */
async function firstRequests(emu: Emulator): Promise<void> {
  const discovery = await request(`${emu.url}/.well-known/openid-configuration`);
  assert.equal(discovery.status, 200);
  const keys = await request(`${emu.url}/oauth/v2/keys`);
  assert.equal(keys.status, 200);
  const token = async (client: string, secret: string) => {
    const res = await request(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": FORM, authorization: basic(client, secret) },
      body: "grant_type=client_credentials&scope=openid profile",
    });
    assert.equal(res.status, 200, res.text);
    return (res.body as { access_token: string }).access_token;
  };
  const opaque = await token("demo-worker", "demo-worker-secret");
  const jwt = await token("hot-jwt", "hot-jwt-secret");
  assert.equal(jwt.split(".").length, 3);
  const introspection = await request(`${emu.url}/oauth/v2/introspect`, {
    method: "POST",
    headers: { "content-type": FORM, authorization: basic("demo-api", "demo-api-secret") },
    body: `token=${opaque}`,
  });
  assert.equal(introspection.status, 200, introspection.text);
  const userinfo = await request(`${emu.url}/oidc/v1/userinfo`, { token: jwt });
  assert.equal(userinfo.status, 200, userinfo.text);
}

const emu = await startTestEmulator({ fixtures });

describe("hot statements", () => {
  it("the first requests after start compile no SQL", async () => {
    await idle();
    assert.deepEqual(await preparedDuring(() => firstRequests(emu)), []);
  });

  it("nor the first requests after a reset", async () => {
    emu.reset();
    await idle();
    assert.deepEqual(await preparedDuring(() => firstRequests(emu)), []);
  });

  it("nor after a snapshot restore", async () => {
    emu.snapshot("hot");
    emu.restore("hot");
    await idle();
    assert.deepEqual(await preparedDuring(() => firstRequests(emu)), []);
  });
});
