// renderer/src/api/http.ts: the renderer's one fetch, against a running emulator: JSON answers,
// every failure as an ApiError with the surface's {code, message} (a JSON error, an HTML error page,
// no answer at all), and an aborted call left an abort.

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { ApiError, fetchJson } from "../../renderer/src/api/http.js";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const admin = { authorization: `Bearer ${emu.adminPat}` };

/** The error a call rejects with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail("the call did not fail");
}

describe("fetchJson", () => {
  it("answers the parsed JSON of a success, and sends a body as JSON", async () => {
    const keys = await fetchJson<{ keys: unknown[] }>("/oauth/v2/keys");
    assert.ok(Array.isArray(keys.keys));
    const found = await fetchJson<{ result: { details: { id: string } }[] }>("/resources/v3alpha/users/_search", {
      method: "POST",
      headers: admin,
      body: [{ username: { username: "alice" } }],
    });
    assert.equal(found.result.length, 1);
  });

  it("throws the resource API's error as an ApiError with its code, message and status", async () => {
    const notFound = await failure(fetchJson("/resources/v3alpha/users/123", { headers: admin }));
    assert.ok(notFound instanceof ApiError);
    assert.deepEqual([notFound.name, notFound.code, notFound.message, notFound.status], ["ApiError", 5, "User could not be found (USER-not-found)", 404]);
    const tooMany = await failure(fetchJson("/resources/v3alpha/users/_search?query.limit=5000", { method: "POST", headers: admin, body: [] }));
    assert.deepEqual([(tooMany as ApiError).code, (tooMany as ApiError).status], [3, 400]);
    const signedOut = await failure(fetchJson("/emulator/v1/clock"));
    assert.deepEqual([(signedOut as ApiError).code, (signedOut as ApiError).status], [16, 401]);
  });

  it("makes an error of an answer that is not JSON: Unknown, with the status and the text's start", async () => {
    const page = (await failure(fetchJson("/ui/"))) as ApiError;
    assert.equal(page.code, 2);
    assert.equal(page.status, 401);
    assert.match(page.message, /^401 Unauthorized: <!doctype html>/);
    assert.ok(page.message.length <= "401 Unauthorized: ".length + 200);
  });

  it("makes Unavailable (14, status 0) of no answer at all", async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const dropped = (await failure(fetchJson(`http://127.0.0.1:${port}/x`))) as ApiError;
      assert.ok(dropped instanceof ApiError);
      assert.deepEqual([dropped.code, dropped.status], [14, 0]);
      assert.match(dropped.message, /^The emulator did not answer \(.+\)\. Is it still running\?$/);
    } finally {
      server.close();
    }
  });

  it("rethrows an abort as the abort it is", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = (await failure(fetchJson("/oauth/v2/keys", { signal: controller.signal }))) as Error;
    assert.equal(aborted instanceof ApiError, false);
    assert.equal(aborted.name, "AbortError");
  });
});
