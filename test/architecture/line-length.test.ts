// The line-length check (scripts/check-line-length.mjs, run by npm test) on small git repositories made
// here: it must name a tracked .ts or .tsx line over 160 characters, count characters rather than
// bytes, leave generated and untracked files alone, and pass the repository itself.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs script without types
import { longLines } from "../../scripts/check-line-length.mjs";

const check = longLines as (root: string) => string[];

/** A git repository holding `tracked` (added to the index) and `untracked` files. */
function repo(tracked: Record<string, string>, untracked: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "line-length-"));
  for (const [path, text] of Object.entries({ ...tracked, ...untracked })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  if (Object.keys(tracked).length) execFileSync("git", ["add", "--", ...Object.keys(tracked)], { cwd: root });
  return root;
}

const line = (n: number, char = "x") => `// ${char.repeat(n - 3)}`;

describe("line-length check", () => {
  it("passes the repository's own tracked sources", () => {
    assert.deepEqual(check(fileURLToPath(new URL("../..", import.meta.url))), []);
  });

  it("names a line over 160 characters in a .tsx file as in a .ts file", () => {
    const root = repo({
      "renderer/src/screens/x/X.tsx": `export const a = 1;\n${line(161)}\n`,
      "emulator/src/api/y.ts": `${line(162)}\n`,
      "scripts/z.mjs": `${line(160)}\n`,
    });
    try {
      assert.deepEqual(check(root).sort(), ["emulator/src/api/y.ts:1: 162", "renderer/src/screens/x/X.tsx:2: 161"]);
    } finally {
      rmSync(root, { recursive: true });
    }
  });

  it("counts characters, not bytes, and leaves generated and untracked files alone", () => {
    const root = repo(
      { "renderer/src/Ok.tsx": `${line(160, "✓")}\n`, "emulator/src/gen/svc/x_pb.ts": `${line(400)}\n` },
      { "renderer/src/Scratch.tsx": `${line(400)}\n` },
    );
    try {
      assert.deepEqual(check(root), []);
    } finally {
      rmSync(root, { recursive: true });
    }
  });

  it("passes an empty repository", () => {
    const root = repo({});
    try {
      assert.deepEqual(check(root), []);
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
