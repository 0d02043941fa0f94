// The UI fills in the lists proto3 JSON leaves out (renderer/src/api/answer-lists.ts) from a list
// generated from proto/: it must be what the rpc table declares today, and it must name the lists
// that an empty search really leaves out on the wire.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { LIST_FIELDS } from "../../renderer/src/api/list-fields.js";

describe("the UI's list of lists", () => {
  it("renderer/src/api/list-fields.ts is what proto/ declares (else: node --import tsx scripts/generate-ui-lists.ts)", async () => {
    const { buildRpcTable } = await import("../../emulator/src/api/services.js");
    const { routeListsOf } = await import("../../emulator/src/api/list-shapes.js");
    const fresh = routeListsOf(buildRpcTable()).map((r) => [r.verb, r.template, r.lists]);
    assert.deepEqual(LIST_FIELDS, fresh);
    const search = LIST_FIELDS.find(([verb, template]) => verb === "POST" && template === "/resources/v3alpha/users/_search");
    assert.deepEqual(search?.[2], { result: [{}] });
    assert.match(readFileSync(join(import.meta.dirname, "..", "..", "renderer", "src", "api", "resource.ts"), "utf8"), /withLists\(/);
  });

  it("a search without hits leaves `result` out on the wire, as the list says it may", async () => {
    const emu = await startTestEmulator();
    try {
      const r = await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token: emu.adminPat, json: [] });
      assert.equal(r.status, 200);
      assert.equal("result" in (r.body as object), false);
      assert.ok(LIST_FIELDS.some(([verb, template, lists]) => verb === "POST" && template === "/resources/v3alpha/targets/_search" && "result" in lists));
    } finally {
      await emu.close();
    }
  });
});
