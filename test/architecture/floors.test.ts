// The floors check (scripts/check-architecture.mjs, run by npm test) on small trees made here: it
// must name an upward import, a cycle, an event appended outside a command and a domain module reading
// files or machine facts (node:fs, node:os), and pass the real tree.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs script without types
import { checkArchitecture } from "../../scripts/check-architecture.mjs";

const check = checkArchitecture as (src: string) => string[];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "floors-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("floors check", () => {
  it("passes the emulator's own source", () => {
    assert.deepEqual(check(fileURLToPath(new URL("../../emulator/src", import.meta.url))), []);
  });

  it("names an import from a lower floor into a higher one", () => {
    const root = tree({ "domain/org/queries.ts": 'import { x } from "../../api/orgs.js";\nexport const y = x;\n', "api/orgs.ts": "export const x = 1;\n" });
    try {
      assert.deepEqual(check(root), ['domain/org/queries.ts imports api/orgs.ts: "domain" is below "api"']);
    } finally {
      rmSync(root, { recursive: true });
    }
  });

  it("names an import cycle, type imports included", () => {
    const root = tree({
      "store/a.ts": 'import type { B } from "./b.js";\nexport type A = B;\n',
      "store/b.ts": 'import type { A } from "./a.js";\nexport type B = A | 1;\n',
    });
    try {
      const problems = check(root);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /^import cycle: store\/(a|b)\.ts <-> store\/(a|b)\.ts$/);
    } finally {
      rmSync(root, { recursive: true });
    }
  });

  it("names events appended outside domain/<aggregate>/commands.ts, and a folder with no floor", () => {
    const root = tree({
      "oidc/issue.ts": "export const f = (core: any) => core.events.push([]);\n",
      "domain/org/org.ts": "export const g = (core: any) => core.events.command(() => []);\n",
      "domain/org/commands.ts": "export const h = (core: any) => core.events.command(() => []);\n",
      "extras/thing.ts": "export const z = 1;\n",
    });
    try {
      assert.deepEqual(check(root).sort(), [
        "domain/org/org.ts appends events: only domain/<aggregate>/commands.ts may",
        'extras/thing.ts: folder "extras" has no floor in scripts/check-architecture.mjs',
        "oidc/issue.ts appends events: only domain/<aggregate>/commands.ts may",
      ]);
    } finally {
      rmSync(root, { recursive: true });
    }
  });

  it("names node:fs and node:os under domain/ (static, dynamic, bare names), and passes them in keys/ and an empty domain file", () => {
    const root = tree({
      "domain/a/stock.ts": 'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
      "domain/b/home.ts": 'export const h = () => import("os");\n',
      "domain/c/later.ts": 'import { readFile } from "node:fs/promises";\nexport const r = readFile;\n',
      "domain/d/crypto.ts": 'import { randomBytes } from "node:crypto";\nexport const r = randomBytes;\n',
      "domain/e/empty.ts": "",
      "keys/key-stock.ts": 'import { homedir } from "node:os";\nimport { readFileSync } from "node:fs";\nexport const x = [homedir, readFileSync];\n',
    });
    try {
      assert.deepEqual(check(root).sort(), [
        "domain/a/stock.ts imports node:fs: the domain reads no files and no machine facts",
        "domain/b/home.ts imports node:os: the domain reads no files and no machine facts",
        "domain/c/later.ts imports node:fs: the domain reads no files and no machine facts",
      ]);
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
