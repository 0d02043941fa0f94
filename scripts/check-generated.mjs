#!/usr/bin/env node
// Fails when emulator/src/gen does not match what buf generates from proto/ today: someone edited a
// .proto without `npm run generate`, or edited generated code by hand. Offline: buf and
// protoc-gen-es come from node_modules; the output goes to a temporary directory, never over gen/.
//
// usage: node scripts/check-generated.mjs

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const committed = join(root, "emulator", "src", "gen");
const bin = join(root, "node_modules", ".bin");

/** buf.gen.yaml with its output redirected; the plugin options stay those of the real template. */
function template(out) {
  return JSON.stringify({
    version: "v2",
    plugins: [{ local: "protoc-gen-es", out, opt: ["target=ts", "import_extension=js"] }],
    inputs: [{ directory: "proto" }],
  });
}

/** Every file below `base`, as sorted forward-slash paths relative to it. */
function filesUnder(base, dir = base) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(base, p));
    else out.push(relative(base, p).split(sep).join("/"));
  }
  return out.sort();
}

const fresh = mkdtempSync(join(tmpdir(), "svc-gen-"));
try {
  const buf = spawnSync(join(bin, "buf"), ["generate", "--template", template(fresh)], {
    cwd: root,
    env: { ...process.env, PATH: bin + delimiter + (process.env.PATH ?? "") },
    encoding: "utf8",
  });
  if (buf.status !== 0) {
    console.error(`check-generated: buf generate failed (${buf.error?.message ?? `exit ${buf.status}`})\n${buf.stderr ?? ""}`);
    process.exit(2);
  }
  const want = filesUnder(fresh);
  const have = filesUnder(committed);
  const problems = [];
  for (const f of want) if (!have.includes(f)) problems.push(`missing in emulator/src/gen: ${f}`);
  for (const f of have) if (!want.includes(f)) problems.push(`not generated from proto/: emulator/src/gen/${f}`);
  for (const f of want) {
    if (have.includes(f) && readFileSync(join(fresh, f), "utf8") !== readFileSync(join(committed, f), "utf8")) {
      problems.push(`differs from a fresh generation: emulator/src/gen/${f}`);
    }
  }
  if (problems.length > 0) {
    console.error(`check-generated: emulator/src/gen does not match proto/ (run \`npm run generate\`):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`check-generated: emulator/src/gen matches proto/ (${want.length} files)`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
