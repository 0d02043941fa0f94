// SearchTargets (spec "Search filters", ListQuery, TargetFieldName): every TextFilterMethod, in_ids,
// filters combined, sorting columns, ascending/descending, offset and limit, on all transports.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { fails, ok } from "../helpers/assertions.js";
import { actionsSetup } from "./setup.js";

const { emu, transports, ctl } = await actionsSetup();
const pat = emu.adminPat;

// Created in this order, so creation date order is this order.
const TARGETS = [
  { name: "Alpha-hook", url: "https://a.test/", timeout: "3s", rr: false },
  { name: "beta_hook", url: "https://b.test/", timeout: "1s", rr: true },
  { name: "gamma%hook", url: "https://c.test/", timeout: "2s", rr: false },
  { name: "ALPHA-two", url: "https://d.test/", timeout: "5s", rr: true },
];

for (const t of transports) {
  describe(`SearchTargets over ${t.name}`, () => {
    const ids: string[] = [];
    const names = async (filters: unknown[], query: Record<string, unknown> = {}, sortingColumn?: string) => {
      const body = ok(await t.call("SearchTargets", { filters, query, ...(sortingColumn ? { sortingColumn } : {}) } as never, pat));
      return ((body.result ?? []) as { target: { name: string } }[]).map((r) => r.target.name);
    };

    before(async () => {
      await ctl("/reset", { method: "POST" });
      await ctl("/clock/_freeze", { method: "POST", json: { at: "2026-01-01T00:00:00Z" } });
      for (const x of TARGETS) {
        const target = { name: x.name, timeout: x.timeout, ...(x.rr ? { restRequestResponse: { url: x.url } } : { restWebhook: { url: x.url } }) };
        ids.push((ok(await t.call("CreateTarget", { target }, pat)).details as { id: string }).id);
        await ctl("/clock/_advance", { method: "POST", json: { by: "1s" } });
      }
      await ctl("/clock/_resume", { method: "POST" });
    });

    const byName: [string, string, string[]][] = [
      ["TEXT_FILTER_METHOD_EQUALS", "beta_hook", ["beta_hook"]],
      ["TEXT_FILTER_METHOD_EQUALS", "BETA_HOOK", []],
      ["TEXT_FILTER_METHOD_EQUALS_IGNORE_CASE", "BETA_HOOK", ["beta_hook"]],
      ["TEXT_FILTER_METHOD_STARTS_WITH", "Alpha", ["Alpha-hook"]],
      ["TEXT_FILTER_METHOD_STARTS_WITH_IGNORE_CASE", "alpha", ["ALPHA-two", "Alpha-hook"]],
      ["TEXT_FILTER_METHOD_CONTAINS", "_hook", ["beta_hook"]],
      ["TEXT_FILTER_METHOD_CONTAINS", "%", ["gamma%hook"]],
      ["TEXT_FILTER_METHOD_CONTAINS_IGNORE_CASE", "HA-", ["ALPHA-two", "Alpha-hook"]],
      ["TEXT_FILTER_METHOD_ENDS_WITH", "hook", ["gamma%hook", "beta_hook", "Alpha-hook"]],
      ["TEXT_FILTER_METHOD_ENDS_WITH_IGNORE_CASE", "TWO", ["ALPHA-two"]],
    ];
    for (const [method, name, expected] of byName) {
      it(`filters names with ${method} ${JSON.stringify(name)}`, async () => {
        assert.deepEqual(await names([{ name: { name, method } }]), expected);
      });
    }

    it("filters by ids, and combines filters with AND", async () => {
      assert.deepEqual(await names([{ inIds: { ids: [ids[0], ids[2], "404"] } }]), ["gamma%hook", "Alpha-hook"]);
      assert.deepEqual(await names([{ inIds: { ids: [ids[0], ids[2]] } }, { name: { name: "gamma", method: "TEXT_FILTER_METHOD_STARTS_WITH" } }]), [
        "gamma%hook",
      ]);
    });

    it("sorts newest first by default, by the chosen column, ascending with query.asc", async () => {
      assert.deepEqual(await names([]), ["ALPHA-two", "gamma%hook", "beta_hook", "Alpha-hook"]);
      assert.deepEqual(await names([], { asc: true }), ["Alpha-hook", "beta_hook", "gamma%hook", "ALPHA-two"]);
      assert.deepEqual(await names([], { asc: true }, "TARGET_FIELD_NAME_TIMEOUT"), ["beta_hook", "gamma%hook", "Alpha-hook", "ALPHA-two"]);
      assert.deepEqual(await names([], { asc: true }, "TARGET_FIELD_NAME_URL"), ["Alpha-hook", "beta_hook", "gamma%hook", "ALPHA-two"]);
      assert.deepEqual(await names([], {}, "TARGET_FIELD_NAME_NAME"), ["gamma%hook", "beta_hook", "Alpha-hook", "ALPHA-two"]);
      const typed = await names([], { asc: true }, "TARGET_FIELD_NAME_TARGET_TYPE");
      assert.deepEqual(typed.slice(0, 2).sort(), ["ALPHA-two", "beta_hook"]);
    });

    it("pages with offset and limit and reports the page in ListDetails", async () => {
      const body = ok(await t.call("SearchTargets", { query: { offset: "1", limit: 2, asc: true } } as never, pat));
      assert.deepEqual(
        ((body.result ?? []) as { target: { name: string } }[]).map((r) => r.target.name),
        ["beta_hook", "gamma%hook"],
      );
      const d = body.details as Record<string, unknown>;
      assert.equal(d.appliedLimit, 2);
      assert.equal(d.totalResult, "4");
      assert.equal(d.endOfList, undefined);
      const last = ok(await t.call("SearchTargets", { query: { offset: "2", limit: 2 } } as never, pat));
      assert.equal((last.details as Record<string, unknown>).endOfList, true);
    });

    it("answers an offset past the end, up to the largest uint64, with an empty last page", async () => {
      for (const offset of ["4", "9007199254740993", "9223372036854775808", "18446744073709551615"]) {
        const body = ok(await t.call("SearchTargets", { query: { offset, limit: 2 } } as never, pat));
        assert.deepEqual(body.result ?? [], [], offset);
        const d = body.details as Record<string, unknown>;
        assert.equal(d.totalResult, "4", offset);
        assert.equal(d.endOfList, true, offset);
      }
    });

    it("refuses a limit above 1000, a filter without a member, an undefined method and an over-long name", async () => {
      fails(
        await t.call("SearchTargets", { query: { limit: 1001 } } as never, pat),
        3,
        400,
        /^Limit exceeded: given 1001, allowed 1000 \(QUERY-4M0fs\)$/,
        "QUERY-4M0fs",
      );
      fails(await t.call("SearchTargets", { filters: [{}] } as never, pat), 3, 400, /filters\[0\]\.query: exactly one field is required in oneof/);
      fails(
        await t.call("SearchTargets", { filters: [{ name: { name: "x", method: 99 } }] } as never, pat),
        3,
        400,
        /filters\[0\]\.name\.method: value must be one of the defined enum values \[enum\.defined_only\]/,
      );
      fails(await t.call("SearchTargets", { filters: [{ name: { name: "x".repeat(201) } }] } as never, pat), 3, 400, /\[string\.max_len\]/);
      fails(await t.call("SearchTargets", { sortingColumn: 42 } as never, pat), 3, 400, /sorting_column: value must be one of the defined enum values/);
    });
  });
}
