// renderer/src/api/list-fields.ts (generated; test/api/list-shapes.test.ts compares it with proto/):
// each entry names a route the server serves, once, with a well-formed shape; and on a running
// emulator's seeded instance, each search's answer holds a list (or a map) wherever the shape says one.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIST_FIELDS, type ListShape } from "../../renderer/src/api/list-fields.js";
import { REST_ROUTES } from "../../emulator/src/gen/rest-routes.js";
import { request, startTestEmulator } from "../helpers/emulator.js";

/** Every place the shape names: [path, what is there (list, map, or an object with lists inside)]. */
function places(shape: ListShape, at = ""): [string, "list" | "map" | "object" | "list of objects"][] {
  return Object.entries(shape).flatMap(([name, inner]): [string, "list" | "map" | "object" | "list of objects"][] => {
    const here = at ? `${at}.${name}` : name;
    if (inner === 0) return [[here, "list"]];
    if (inner === 1) return [[here, "map"]];
    if (Array.isArray(inner)) return [[here, "list of objects"], ...places(inner[0]!, `${here}[]`)];
    return [[here, "object"], ...places(inner, here)];
  });
}

describe("LIST_FIELDS", () => {
  it("names each route once, and only routes the server serves with that verb", () => {
    const served = new Set(REST_ROUTES.map((r) => `${r.verb} ${r.template}`));
    const named = LIST_FIELDS.map(([verb, template]) => `${verb} ${template}`);
    assert.deepEqual(
      named.filter((r) => !served.has(r)),
      [],
    );
    assert.equal(new Set(named).size, named.length);
    assert.ok(named.length > 20);
  });

  it("has shapes made of lists (0), maps (1), objects and lists of objects only, none empty at the top", () => {
    for (const [verb, template, shape] of LIST_FIELDS) {
      const all = places(shape);
      assert.ok(all.length > 0, `${verb} ${template}`);
      for (const [, inner] of Object.entries(shape)) assert.ok(inner === 0 || inner === 1 || typeof inner === "object", `${verb} ${template}`);
      assert.ok(
        all.every(([path]) => /^[a-z][A-Za-z0-9]*(\[\]|\.[a-z][A-Za-z0-9]*)*(\[\])?$/.test(path)),
        `${verb} ${template}: lowerCamel JSON names`,
      );
    }
  });

  it("says list wherever a running emulator's searches answer one", async () => {
    const emu = await startTestEmulator();
    const searches = LIST_FIELDS.filter(([verb, template]) => verb === "POST" && template.endsWith("/_search") && !template.includes("{"));
    assert.ok(searches.length >= 15);
    let seen = 0;
    for (const [, template, shape] of searches) {
      const r = await request(`${emu.url}${template}`, { method: "POST", token: emu.adminPat, json: [] });
      assert.equal(r.status, 200, `${template}: ${r.text}`);
      const check = (value: unknown, s: ListShape, where: string) => {
        for (const [name, inner] of Object.entries(s)) {
          const v = (value as Record<string, unknown>)[name];
          if (v === undefined) continue;
          seen++;
          if (inner === 1) assert.ok(typeof v === "object" && v !== null && !Array.isArray(v), `${where}.${name} is a map`);
          else if (inner === 0) assert.ok(Array.isArray(v), `${where}.${name} is a list`);
          else if (Array.isArray(inner)) {
            assert.ok(Array.isArray(v), `${where}.${name} is a list`);
            for (const item of v as unknown[]) check(item, inner[0]!, `${where}.${name}[]`);
          } else check(v, inner, `${where}.${name}`);
        }
      };
      check(r.body, shape, template);
    }
    assert.ok(seen >= 10, `the seed's answers hold lists to compare (${seen})`);
  });
});
