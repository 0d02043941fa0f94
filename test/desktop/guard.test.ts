// The guard of the shell's one Electron import: only electron/adapter.ts may import `electron`, and
// the shell reaches emulator/src through the library entry and the handle's types only
// (scripts/check-architecture.mjs, run by `npm run check`). Shown to catch both on a scratch shell, and
// the real package (whose index.js would try to download Electron) shown never to load in the tests.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
// @ts-expect-error: a plain .mjs script without types
import { checkShell } from "../../scripts/check-architecture.mjs";
import { fakeElectron, installFake } from "./fake-electron.js";

const check = checkShell as (shellDir: string, src: string) => string[];
const src = resolve("emulator/src");
const require = createRequire(import.meta.url);

describe("the shell's import guard", () => {
  it("passes on electron/", () => {
    assert.deepEqual(check(resolve("electron"), src), []);
  });

  it("fails on a module other than the adapter importing electron, and on a reach into emulator/src", () => {
    const root = mkdtempSync(join(tmpdir(), "svc-shell-guard-"));
    const shell = join(root, "electron");
    mkdirSync(shell);
    writeFileSync(join(shell, "adapter.ts"), 'import { app } from "electron";\n');
    writeFileSync(join(shell, "window.ts"), 'import { BrowserWindow } from "electron";\n');
    writeFileSync(join(shell, "bare.ts"), 'import "electron";\n');
    writeFileSync(join(shell, "lazy.ts"), 'export const e = () => require("electron");\n');
    writeFileSync(
      join(shell, "lib.ts"),
      'import type { Emulator } from "../emulator/src/handle/handle.js";\nimport { startEmulator } from "../emulator/src/index.js";\n',
    );
    writeFileSync(join(shell, "deep.ts"), 'import { Database } from "../emulator/src/store/database.js";\n');
    mkdirSync(join(root, "emulator", "src"), { recursive: true });
    const problems = check(shell, join(root, "emulator", "src"));
    assert.equal(problems.length, 4, problems.join("\n"));
    for (const file of ["window.ts", "bare.ts", "lazy.ts"]) assert.match(problems.find((p) => p.includes(file))!, /imports electron: only adapter\.ts may/);
    assert.match(problems.find((p) => p.includes("deep.ts"))!, /imports emulator\/src\/store\/database\.ts/);
  });

  it("gives the bundles the fake under the electron package's own id, so its index.js never runs", () => {
    const fake = fakeElectron({ userData: "/nonexistent" });
    const id = installFake(fake);
    assert.equal(id, require.resolve("electron"));
    // The real module exports the binary's path (a string); the fake is an object with the API.
    assert.equal(require("electron"), fake.electron);
  });
});
