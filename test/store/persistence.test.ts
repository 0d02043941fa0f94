// A data dir keeps everything across restarts: the resources, the adminPat, snapshots and the seed
// that reset goes back to. Each data dir has its own generated adminPat.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator/src/index.js";
import { request } from "../helpers/emulator.js";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "svc-emulator-test-"));
  dirs.push(d);
  return d;
};
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("data dir", () => {
  it("keeps targets, the adminPat and snapshots across a restart; reset still goes back to the seed", async () => {
    const dataDir = tempDir();
    const first = await startEmulator({ port: 0, dataDir });
    const created = await request(`${first.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: first.adminPat,
      json: { name: "kept", restWebhook: { url: "http://localhost:1/h" }, timeout: "5s" },
    });
    assert.equal(created.status, 201);
    const id = (created.body as { details: { id: string } }).details.id;
    first.snapshot("with-target");
    await first.close();
    assert.ok(existsSync(join(dataDir, "emulator.sqlite")));
    assert.ok(existsSync(join(dataDir, "seed.sqlite")));
    assert.ok(existsSync(join(dataDir, "snapshots", "with-target.sqlite")));

    const second = await startEmulator({ port: 0, dataDir });
    try {
      assert.equal(second.adminPat, first.adminPat);
      const got = await request(`${second.url}/resources/v3alpha/targets/${id}`, { token: second.adminPat });
      assert.equal(got.status, 200);
      assert.equal((got.body as { target: { target: { name: string } } }).target.target.name, "kept");
      second.reset();
      assert.equal((await request(`${second.url}/resources/v3alpha/targets/${id}`, { token: second.adminPat })).status, 404);
      assert.equal((await request(`${second.url}/resources/v3alpha/targets/_search`, { method: "POST", token: second.adminPat, json: [] })).status, 200);
      second.restore("with-target");
      assert.equal((await request(`${second.url}/resources/v3alpha/targets/${id}`, { token: second.adminPat })).status, 200);
      const another = await request(`${second.url}/resources/v3alpha/targets`, {
        method: "POST",
        token: second.adminPat,
        json: { name: "new", restWebhook: { url: "http://localhost:1/h" }, timeout: "5s" },
      });
      assert.equal(another.status, 201);
      assert.notEqual((another.body as { details: { id: string } }).details.id, id);
    } finally {
      await second.close();
    }
  });

  it("generates a different adminPat for another data dir", async () => {
    const a = await startEmulator({ port: 0, dataDir: tempDir() });
    const b = await startEmulator({ port: 0, dataDir: tempDir() });
    try {
      assert.notEqual(a.adminPat, b.adminPat);
      assert.match(a.adminPat, /^[A-Za-z0-9_-]{64}$/);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
