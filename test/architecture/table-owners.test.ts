// One owner per table (scripts/check-architecture.mjs, run by npm test): tables are declared only by
// store/tables.ts and store/emulator-meta.ts, domain/<aggregate>/tables.ts and records/, and a table of records/ (rows written
// outside the event path) is reached by SQL only through its own module. Shown on small trees made
// here, and on the real tree: the target calls, the sink's rows and the outbox each have one module.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs script without types
import { checkArchitecture } from "../../scripts/check-architecture.mjs";
import { withTree } from "../helpers/scratch-tree.js";

const check = checkArchitecture as (src: string) => string[];
const SRC = fileURLToPath(new URL("../../emulator/src", import.meta.url));

const problemsOf = (files: Record<string, string>) => withTree(files, (root) => check(root).sort());

const STORE = 'export const s = "CREATE TABLE events (position INTEGER)";\n';
const CALLS = 'export const t = "CREATE TABLE target_calls (id TEXT)";\nexport const list = "SELECT * FROM target_calls";\n';

describe("table owners", () => {
  it("pass owners that declare and use their own tables, and an empty tree", () => {
    assert.deepEqual(
      problemsOf({
        "store/tables.ts": STORE,
        "domain/org/tables.ts": 'export const o = "CREATE TABLE orgs (id TEXT)";\n',
        "domain/org/queries.ts": 'export const q = "SELECT * FROM orgs JOIN events ON 1";\n',
        "records/target-calls.ts": CALLS,
        "actions/calls.ts":
          'import { list } from "../records/target-calls.js";\n// the target_calls rows, from the target calls' + "'" + " module\nexport const l = list;\n",
      }),
      [],
    );
    assert.deepEqual(problemsOf({}), []);
  });

  it("names a table declared outside its owners", () => {
    assert.deepEqual(
      problemsOf({
        "store/tables.ts": STORE,
        "actions/sink.ts": 'export const t = "CREATE TABLE IF NOT EXISTS sink_calls (id TEXT)";\n',
        "domain/org/queries.ts": 'export const t = "CREATE TABLE orgs_copy (id TEXT)";\n',
      }),
      [
        "actions/sink.ts declares table sink_calls: tables belong to store/tables.ts, store/emulator-meta.ts, domain/<aggregate>/tables.ts or records/",
        "domain/org/queries.ts declares table orgs_copy: tables belong to store/tables.ts, store/emulator-meta.ts, domain/<aggregate>/tables.ts or records/",
      ],
    );
  });

  it("names SQL on a table of records/ outside its module: reads, writes and changes", () => {
    assert.deepEqual(
      problemsOf({
        "records/target-calls.ts": CALLS,
        "actions/calls.ts": 'export const i = "INSERT INTO target_calls (id) VALUES (?)";\n',
        "control/routes.ts": 'export const d = "DELETE FROM target_calls";\n',
        "domain/retention.ts": 'export const u = "UPDATE target_calls SET id = ?";\n',
        "records/outbox.ts": 'export const j = "SELECT * FROM outbox JOIN target_calls ON 1";\n',
      }),
      [
        "actions/calls.ts runs SQL on target_calls: only its owner records/target-calls.ts may",
        "control/routes.ts runs SQL on target_calls: only its owner records/target-calls.ts may",
        "domain/retention.ts runs SQL on target_calls: only its owner records/target-calls.ts may",
        "records/outbox.ts runs SQL on target_calls: only its owner records/target-calls.ts may",
      ],
    );
  });

  it("gives the target calls, the sink's rows and the outbox one module each in the real tree", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : /\.ts$/.test(n) ? [relative(SRC, p).split(sep).join("/")] : [];
      });
    const sources = files(SRC)
      .filter((f) => !f.startsWith("gen/"))
      .map((f) => ({ f, text: readFileSync(join(SRC, f), "utf8") }));
    const where = (pattern: RegExp) => sources.filter((s) => pattern.test(s.text)).map((s) => s.f);
    const owners = { target_calls: "records/target-calls.ts", sinks: "records/sinks.ts", sink_calls: "records/sinks.ts", outbox: "records/outbox.ts" };
    for (const [table, owner] of Object.entries(owners)) {
      assert.deepEqual(where(new RegExp(`CREATE TABLE ${table}\\b`)), [owner], `${table} declared`);
      assert.deepEqual(where(new RegExp(`\\b(INTO|UPDATE|FROM|JOIN)\\s+${table}\\b`)), [owner], `${table} reached by SQL`);
    }
    assert.deepEqual(check(SRC), []);
  });
});
