// Rules of renderer/ that a reviewer would otherwise have to remember (renderer/README.md): nothing
// writes HTML from strings, nothing evaluates text, the only storage key is the theme, and from
// emulator/src only types are imported (the bundle holds none of the emulator's code).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "renderer", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

const sources = files(SRC).map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, "utf8") }));

describe("renderer/ rules", () => {
  it("has sources to check", () => assert.ok(sources.length > 10));

  it("never writes HTML from strings or evaluates text", () => {
    const forbidden = /dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|\beval\(|new Function\(/;
    assert.deepEqual(
      sources.filter((s) => forbidden.test(s.text)).map((s) => s.file),
      [],
    );
  });

  it("imports only types from emulator/src", () => {
    const valueImports = sources.flatMap((s) =>
      [...s.text.matchAll(/^import\s+(?!type\s)[^;]*from\s+"([^"]*emulator\/src[^"]*)"/gm)].map((m) => `${s.file}: ${m[1]}`),
    );
    assert.deepEqual(valueImports, []);
  });

  // Issue 25 step 3: a feature's components read and write through its api/ modules (fetcher, query
  // key, hook), never the clients or useData themselves; so do the contexts and the shell.
  const onDataLayer = ["actions", "desktop", "events", "faults", "flows", "hierarchy", "import-export", "overview", "tokens", "users"];
  it("leaves the API calls of the features on the data layer to their api/ modules", () => {
    const direct = /\b(resource|settings|control)\.[a-zA-Z]+\(|\bresourceClient\(|\binstanceClients\(|\buseData\(/;
    const inFeature = (file: string) =>
      onDataLayer.some((f) => file.startsWith(`renderer/src/screens/${f}/`)) || file.startsWith("renderer/src/context/") || file === "renderer/src/App.tsx";
    const offenders = sources.filter((s) => inFeature(s.file) && s.file.endsWith(".tsx") && direct.test(s.text)).map((s) => s.file);
    assert.ok(sources.filter((s) => inFeature(s.file)).length > 20, "the features' files are read");
    assert.deepEqual(offenders, []);
  });

  it("keeps nothing but the theme in localStorage", () => {
    const uses = sources.filter((s) => /localStorage|sessionStorage|indexedDB/.test(s.text)).map((s) => s.file);
    assert.deepEqual(uses, ["renderer/src/theme.ts"]);
  });

  it("declares the control API's paths and shared headers only in the generated client (api/control.gen.ts)", () => {
    const code = (s: { text: string }) => s.text.replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, "");
    const control = sources.filter((s) => /^renderer\/src\/api\/(control|sse)\.ts$/.test(s.file));
    assert.equal(control.length, 2, "api/control.ts and api/sse.ts are read");
    assert.deepEqual(
      control.filter((s) => /["`]\/[a-z_]/.test(code(s))).map((s) => s.file),
      [],
      "no path literal",
    );
    const shared = /"\/emulator\/v1|"x-svc-ui"|"x-svc-instance-host"/;
    assert.deepEqual(
      sources.filter((s) => s.file.startsWith("renderer/src/api/") && shared.test(code(s))).map((s) => s.file),
      ["renderer/src/api/control.gen.ts"],
    );
  });
});
