// docs/architecture.md lists the floors twice in prose (the emulator's and the UI's tables) and
// scripts/check-architecture.mjs once in code (FLOORS, RENDERER_FLOORS). The check (run by npm test)
// must pass the real page and name each floor where a table and its list part ways.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
// @ts-expect-error: a plain .mjs script without types
import { checkFloorTables, documentedFloors, FLOORS, RENDERER_FLOORS } from "../../scripts/check-architecture.mjs";

const check = checkFloorTables as (markdown: string) => string[];
const tableOf = documentedFloors as (markdown: string, header: string) => string[][] | undefined;
const page = readFileSync(new URL("../../docs/architecture.md", import.meta.url), "utf8");

/** The page with `from` replaced once by `to` (the text must be there). */
function edited(from: string, to: string): string {
  assert.ok(page.includes(from), `docs/architecture.md has ${JSON.stringify(from)}`);
  return page.replace(from, to);
}

describe("docs/architecture.md's floor tables against the check's lists", () => {
  it("reads both tables of the page as the lists are", () => {
    assert.deepEqual(
      tableOf(page, "floor (lowest first)")?.map((f) => [...f].sort()),
      (FLOORS as string[][]).map((f) => [...f].sort()),
    );
    assert.deepEqual(
      tableOf(page, "UI floor (lowest first)")?.map((f) => [...f].sort()),
      (RENDERER_FLOORS as string[][]).map((f) => [...f].sort()),
    );
    assert.deepEqual(check(page), []);
  });

  it("names a floor whose folders differ", () => {
    assert.deepEqual(check(edited("| 1 | `kernel/` |", "| 1 | `core/` |")), [
      "docs/architecture.md floor 1 lists core; FLOORS in scripts/check-architecture.mjs has kernel",
    ]);
    assert.deepEqual(check(edited("| 1 | `components/`, `context/` |", "| 1 | `components/` |")), [
      "docs/architecture.md floor 1 lists components; RENDERER_FLOORS in scripts/check-architecture.mjs has components, context",
    ]);
  });

  it("names floors out of order, and a floor the page leaves out", () => {
    // The rows' numbers follow FLOORS, so a floor added below them renumbers them without breaking this case.
    const floors = FLOORS as string[][];
    const auth = floors.findIndex((f) => f.includes("auth"));
    const actions = floors.findIndex((f) => f.includes("actions"));
    assert.equal(actions, auth + 1, "actions/ sits right above auth/");
    const swapped = page
      .replace(new RegExp(`\\| ${auth} \\| \`auth\\/\`, \`keys\\/\`, \`notification\\/\`, \`faults\\/\` \\|`), `| ${auth} | \`actions/\` |`)
      .replace(new RegExp(`\\| ${actions} \\| \`actions\\/\` \\|`), `| ${actions} | \`auth/\`, \`keys/\`, \`notification/\`, \`faults/\` |`);
    assert.notEqual(swapped, page);
    assert.deepEqual(check(swapped), [
      `docs/architecture.md floor ${auth} lists actions; FLOORS in scripts/check-architecture.mjs has auth, keys, notification, faults`,
      `docs/architecture.md floor ${actions} lists auth, keys, notification, faults; FLOORS in scripts/check-architecture.mjs has actions`,
    ]);
    const last = floors.length - 1;
    const lastRow = page.split("\n").find((l) => l.startsWith(`| ${last} |`));
    assert.ok(lastRow);
    assert.deepEqual(check(page.replace(`${lastRow}\n`, "")), [
      `docs/architecture.md floor ${last} lists nothing; FLOORS in scripts/check-architecture.mjs has cli, cli-main, testing`,
    ]);
  });

  it("names a missing table, and an empty page", () => {
    assert.deepEqual(check(edited("| UI floor (lowest first) |", "| UI layer |")), [
      'docs/architecture.md has no table headed "| UI floor (lowest first) |" (the floors of RENDERER_FLOORS)',
    ]);
    assert.deepEqual(check(""), [
      'docs/architecture.md has no table headed "| floor (lowest first) |" (the floors of FLOORS)',
      'docs/architecture.md has no table headed "| UI floor (lowest first) |" (the floors of RENDERER_FLOORS)',
    ]);
  });
});
