// What the built bundles carry (scripts/build.mjs): only packages of the emulator's production
// dependency tree. A package that only a dev tool brings into node_modules (supports-color and its
// has-flag, under autocannon's chalk, which `debug` tries to load for colored logs) must not be bundled
// into the library, the command or the desktop shell, which ship without dev dependencies.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const lock = JSON.parse(readFileSync(resolve("package-lock.json"), "utf8")).packages as Record<string, { dev?: boolean }>;

/** The packages esbuild put into a bundle, by their place in node_modules (its `// node_modules/<pkg>/<file>` markers). */
function bundled(file: string): string[] {
  const text = readFileSync(resolve(file), "utf8");
  const keys = [...text.matchAll(/^\/\/ ((?:node_modules\/(?:@[^/\n]+\/)?[^/\n]+\/)+)/gm)].map((m) => m[1]!.replace(/\/$/, ""));
  return [...new Set(keys)].sort();
}

describe("the bundles", () => {
  for (const file of ["dist/index.cjs", "dist/cli.cjs", "dist/electron/main.cjs", "dist/stock-maker.cjs"]) {
    it(`${file} carries no dev-only package`, () => {
      const packages = bundled(file);
      for (const key of packages) assert.ok(lock[key], `${key} (bundled into ${file}) is in package-lock.json`);
      assert.deepEqual(
        packages.filter((key) => lock[key]?.dev === true),
        [],
      );
    });
  }

  it("the library bundle still carries debug, whose optional supports-color it leaves out", () => {
    const packages = bundled("dist/index.cjs");
    assert.ok(packages.includes("node_modules/debug"), packages.join(", "));
    assert.equal(packages.includes("node_modules/supports-color"), false);
    assert.equal(packages.includes("node_modules/has-flag"), false);
  });
});
